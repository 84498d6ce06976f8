/**
 * GraphiQL over HTTP: the page names only its own origin's assets and sets a same-origin policy;
 * the assets are versioned, cacheable, gzipped on request; unknown ones are 404.
 */
import { describe, expect, it } from 'vitest';
import { GRAPHIQL_ASSETS_PATH } from '../../src/plugins/graphiql.js';
import { useSocketHarness } from '../support/harness.js';

const { h } = useSocketHarness();
const asset = (name: string, headers: Record<string, string> = {}) => fetch(new URL(`${GRAPHIQL_ASSETS_PATH}/${name}`, h.url), { headers });

describe('GraphiQL page and assets', () => {
  it('serves a page that loads only from its own origin, with the examples as tabs', async () => {
    const response = await fetch(h.url, { headers: { accept: 'text/html' } });
    expect(response.status).toBe(200);
    const csp = response.headers.get('content-security-policy')!;
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    const html = await response.text();
    // Links in the page itself (the options JSON may hold URLs as data): all relative.
    const markup = html.replace(/<script id="graphiql-options"[\s\S]*?<\/script>/, '');
    expect(markup).not.toMatch(/(src|href)="(https?:)?\/\//);
    for (const name of ['WalletPage', 'BlockExplorer', 'StakingPage', 'IcmTracker', 'WalletTokensPage', 'ValidatorExplorerPage']) expect(html).toContain(`query ${name}(`);
  });

  it("starts every tab's headers editor with the caller's key header, and keeps no header in the browser's storage", async () => {
    const html = await (await fetch(h.url, { headers: { accept: 'text/html' } })).text();
    const options = JSON.parse(/<script id="graphiql-options" type="application\/json">([\s\S]*?)<\/script>/.exec(html)![1]!);
    expect(options.shouldPersistHeaders).toBe(false);
    expect(JSON.parse(options.headers)).toEqual({ 'x-data-api-key': '' });
    for (const tab of options.defaultTabs) expect(JSON.parse(tab.headers)).toEqual({ 'x-data-api-key': '' });
  });

  it('serves the assets gzipped, cacheable and revalidated by etag', async () => {
    const plain = await asset('graphiql.js');
    expect(plain.status).toBe(200);
    expect(plain.headers.get('content-type')).toContain('javascript');
    expect(plain.headers.get('cache-control')).toContain('immutable');
    expect((await plain.arrayBuffer()).byteLength).toBeGreaterThan(1_000_000);
    const css = await asset('graphiql.css', { 'accept-encoding': 'gzip' });
    expect(css.headers.get('content-type')).toContain('text/css');
    expect(css.headers.get('content-encoding')).toBe('gzip');
    expect(await css.text()).toContain('.graphiql-container');
    const again = await asset('graphiql.css', { 'if-none-match': css.headers.get('etag')! });
    expect(again.status).toBe(304);
  });

  it('answers 404 for unknown assets and other versions', async () => {
    expect((await asset('nope.js')).status).toBe(404);
    expect((await fetch(new URL('/graphiql-assets/0.0.0/graphiql.js', h.url))).status).toBe(404);
  });
});
