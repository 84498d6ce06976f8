/**
 * GraphiQL from the gateway's own origin, working offline: the page is a small HTML document, and
 * its script, styles, editor workers and icon are served from `/graphiql-assets/<version>/` out of
 * `@graphql-yoga/render-graphiql` (the GraphiQL build of graphql-yoga's own release, with every
 * font and image inlined). The page's Content-Security-Policy lets it load and call nothing but
 * its own origin.
 *
 * The example operations of examples/ open as tabs next to the default query.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import type { GraphiQLOptions, Plugin } from 'graphql-yoga';
import { CALLER_KEY_HEADERS } from '../upstream/index.js';

const require = createRequire(import.meta.url);
const VERSION: string = require('@graphql-yoga/render-graphiql/package.json').version;

/** Where the assets are served; versioned, so browsers may keep them for good. */
export const GRAPHIQL_ASSETS_PATH = `/graphiql-assets/${VERSION}`;

/**
 * Everything the page may load or call, all from its own origin. Styles allow inline ones (the
 * editor and React set style attributes); fonts and images may be `data:` (inlined in the CSS).
 */
export const GRAPHIQL_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "worker-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'self'",
].join('; ');

/** The example operations, in tab order, with variables that find data in sandbox mode. */
const EXAMPLES: Array<{ file: string; variables: Record<string, string | number> }> = [
  { file: 'wallet-page.graphql', variables: { chainId: '43114', address: '0xF724DA949F47F4730090Aa7dC8fB77d87A5d24C9' } },
  { file: 'block-explorer.graphql', variables: { chainId: '43114' } },
  { file: 'staking-page.graphql', variables: { nodeId: 'NodeID-D2yAcZCZEJxPw9eYVarmFPkeudybbcorQ' } },
  { file: 'icm-tracker.graphql', variables: { address: '0x57a46B3B5c8b598d1f986eaaE198137590862624' } },
  { file: 'wallet-tokens-page.graphql', variables: { chainId: '43114', address: '0xF724DA949F47F4730090Aa7dC8fB77d87A5d24C9' } },
  { file: 'validator-explorer-page.graphql', variables: { first: 10 } },
];

/** GraphiQL's options: the default query first, then one tab per example of examples/. */
export function graphiqlOptions(defaultQuery: string, callers: { authorization?: boolean; consumerHeader?: string } = {}): GraphiQLOptions {
  // The headers the gateway reads, empty, in every tab's editor: a caller's own Data API key (an empty
  // one is not sent upstream) and, when callers are authenticated, the token or the consumer key.
  // Never kept in the browser's storage: a key or token pasted there lasts as long as the page.
  const headers = JSON.stringify(
    { [CALLER_KEY_HEADERS[0]]: '', ...(callers.authorization ? { Authorization: 'Bearer ' } : {}), ...(callers.consumerHeader ? { [callers.consumerHeader]: '' } : {}) },
    null,
    2,
  );
  const examples = EXAMPLES.map(({ file, variables }) => ({
    query: readFileSync(new URL(`../../examples/${file}`, import.meta.url), 'utf8'),
    variables: JSON.stringify(variables, null, 2),
    headers,
  }));
  return {
    title: 'Avalanche graph',
    defaultQuery,
    defaultTabs: [{ query: defaultQuery, headers }, ...examples],
    defaultHeaders: headers,
    headers,
    shouldPersistHeaders: false,
    favicon: `${GRAPHIQL_ASSETS_PATH}/favicon.ico`,
  };
}

/** JSON that is safe inside a `<script>` element. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The page: no inline script (the options travel as JSON data), assets from GRAPHIQL_ASSETS_PATH. */
export function renderGraphiQL(options: GraphiQLOptions): string {
  const base = GRAPHIQL_ASSETS_PATH;
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <title>${escapeHtml(options.title ?? 'GraphiQL')}</title>
    <link rel="icon" href="${escapeHtml(options.favicon ?? `${base}/favicon.ico`)}" />
    <link rel="stylesheet" href="${base}/graphiql.css" />
  </head>
  <body id="body" class="no-focus-outline">
    <noscript>You need to enable JavaScript to run GraphiQL.</noscript>
    <div id="root"></div>
    <script id="graphiql-options" type="application/json">${scriptJson(options)}</script>
    <script src="${base}/monaco-environment.js"></script>
    <script src="${base}/graphiql.js"></script>
    <script src="${base}/start.js"></script>
  </body>
</html>
`;
}

/** Tells the editor where its workers are (same origin, not blob: URLs). */
const MONACO_ENVIRONMENT = `self.MonacoEnvironment = {
  globalAPI: false,
  getWorkerUrl: function (moduleId, label) {
    var workers = { editorWorkerService: 'editor.worker.js', json: 'json.worker.js', graphql: 'graphql.worker.js' };
    return '${GRAPHIQL_ASSETS_PATH}/' + (workers[label] || workers.editorWorkerService);
  },
};
`;

const START = `YogaGraphiQL.renderYogaGraphiQL(
  document.getElementById('root'),
  JSON.parse(document.getElementById('graphiql-options').textContent),
);
`;

type Bytes = Uint8Array<ArrayBuffer>;
/** A copy the fetch API's `BodyInit` type accepts (made once per asset). */
const bytes = (buffer: Buffer): Bytes => new Uint8Array(buffer);

interface Asset {
  type: string;
  body: Bytes;
  gzip?: Bytes;
  etag: string;
}

type Bundle = typeof import('@graphql-yoga/render-graphiql/graphiql');

/** The assets by file name, built on first use (the GraphiQL module holds ~9 MB of strings). */
async function loadAssets(): Promise<Map<string, Asset>> {
  const bundle: Bundle = await import('@graphql-yoga/render-graphiql/graphiql');
  const js = 'text/javascript; charset=utf-8';
  const files: Array<[string, string, Buffer]> = [
    ['graphiql.js', js, Buffer.from(bundle.js)],
    ['graphiql.css', 'text/css; charset=utf-8', Buffer.from(bundle.css)],
    ['editor.worker.js', js, Buffer.from(bundle.editorWorkerService)],
    ['json.worker.js', js, Buffer.from(bundle.jsonWorker)],
    ['graphql.worker.js', js, Buffer.from(bundle.graphqlWorker)],
    ['monaco-environment.js', js, Buffer.from(MONACO_ENVIRONMENT)],
    ['start.js', js, Buffer.from(START)],
    ['favicon.ico', 'image/x-icon', Buffer.from(bundle.favicon.replace(/^data:[^,]*;base64,/, ''), 'base64')],
  ];
  return new Map(
    files.map(([name, type, body]) => [name, { type, body: bytes(body), etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 22)}"` }]),
  );
}

/** Serves GET/HEAD `/graphiql-assets/<version>/<file>`, gzipped when the browser accepts it. */
export function useGraphiQLAssets(): Plugin {
  let assets: Promise<Map<string, Asset>> | undefined;
  return {
    // Synchronous for every other path: an async hook would make every request wait a tick.
    onRequest({ request, url, endResponse, fetchAPI }) {
      if (!url.pathname.startsWith('/graphiql-assets/')) return;
      return serve(request, url, endResponse, fetchAPI);
    },
  };

  async function serve(request: Request, url: URL, endResponse: (response: Response) => void, fetchAPI: { Response: typeof Response }): Promise<void> {
    const name = url.pathname.startsWith(`${GRAPHIQL_ASSETS_PATH}/`) ? url.pathname.slice(GRAPHIQL_ASSETS_PATH.length + 1) : '';
    const asset = (await (assets ??= loadAssets())).get(name);
    if (!asset || (request.method !== 'GET' && request.method !== 'HEAD')) {
      endResponse(new fetchAPI.Response('not found', { status: 404, headers: { 'content-type': 'text/plain' } }));
      return;
    }
    const headers: Record<string, string> = {
      'content-type': asset.type,
      'cache-control': 'public, max-age=31536000, immutable',
      etag: asset.etag,
      'x-content-type-options': 'nosniff',
      vary: 'accept-encoding',
    };
    if (request.headers.get('if-none-match') === asset.etag) {
      endResponse(new fetchAPI.Response(null, { status: 304, headers }));
      return;
    }
    let body = asset.body;
    if (/\bgzip\b/.test(request.headers.get('accept-encoding') ?? '') && asset.body.length > 1024) {
      body = asset.gzip ??= bytes(gzipSync(asset.body));
      headers['content-encoding'] = 'gzip';
    }
    headers['content-length'] = String(body.length);
    endResponse(new fetchAPI.Response(request.method === 'HEAD' ? null : body, { status: 200, headers }));
  }
}

/** Sets the Content-Security-Policy on the GraphiQL page (an HTML answer of the GraphQL endpoint). */
export function useGraphiQLPolicy(graphqlEndpoint: string): Plugin {
  return {
    onResponse({ request, response }) {
      // The content type first: it rules out every GraphQL answer without parsing the URL.
      if (!response.headers.get('content-type')?.startsWith('text/html')) return;
      if (new URL(request.url).pathname.replace(/\/$/, '') !== graphqlEndpoint) return;
      response.headers.set('content-security-policy', GRAPHIQL_CSP);
      response.headers.set('x-content-type-options', 'nosniff');
      response.headers.set('referrer-policy', 'no-referrer');
    },
  };
}
