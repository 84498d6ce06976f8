/**
 * The example explorer (examples/explorer/) in a real browser (Debian's Chromium, driven by
 * playwright-core), offline: built once with Vite and served as `npm run explorer` serves it
 * (scripts/explorer-server.ts: the built files, and /graphql proxied to a gateway over the sandbox).
 * Its pages load, a block mined after load shows without a reload (the graphql-ws subscription),
 * "Load more" costs one upstream page, a deep link opens its block, and an upstream outage shows
 * as the gateway tells it. Any request to another origin, page error or console error fails the
 * test. A screenshot of each page lands in test-output/explorer-*.png.
 *
 * Needs /usr/bin/chromium (`npm test` installs it when missing: scripts/test-tools.ts): without it the test
 * fails, it is never skipped.
 */
import { mkdirSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildExplorer, serveExplorer, type ExplorerServer } from '../../scripts/explorer-server.js';
import { launchChromium } from '../support/chromium.js';
import { useSocketHarness } from '../support/harness.js';

const OUTPUT = new URL('../../test-output/', import.meta.url);
const POLL_MS = 100;
const HISTORY = 'GET /v2/chains/{chainId}/addresses/{address}/transactions';
const BLOCKS = 'GET /v1/chains/{chainId}/blocks';

const shared = useSocketHarness({ env: { SUBSCRIPTION_POLL_MS: String(POLL_MS) } });
const { h } = shared;

let browser: Browser | undefined;
let context: BrowserContext;
let page: Page;
let app: ExplorerServer;
let dist: string;
/** Everything that went wrong in the page: foreign requests, page errors, console errors. */
const problems: string[] = [];

/** Why the browser could not start: each test then fails with it (a hook error would skip them). */
let unavailable: Error | undefined;

beforeAll(async () => {
  dist = await mkdtemp(join(tmpdir(), 'explorer-test-'));
  await buildExplorer(dist);
  app = await serveExplorer({ dist, gateway: h.url });
  try {
    browser = await launchChromium('explorer');
  } catch (error) {
    unavailable = error as Error;
    return;
  }
  context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  context.setDefaultTimeout(30_000);
  // The page may call its own origin and the gateway's (it calls only its own: /graphql is proxied).
  const allowed = new Set([new URL(app.url).origin, new URL(h.url).origin]);
  const allowedUrl = (url: string) => allowed.has(new URL(url.replace(/^ws/, 'http')).origin);
  await context.route('**/*', (route) => {
    const url = route.request().url();
    if (allowedUrl(url)) return route.continue();
    problems.push(`request to another origin: ${url}`);
    return route.abort('blockedbyclient');
  });
  context.on('request', (request) => {
    const url = request.url();
    if (/^(https?|wss?):/.test(url) && !allowedUrl(url)) problems.push(`request to another origin: ${url}`);
  });
  page = await context.newPage();
  page.on('websocket', (ws) => {
    if (!allowedUrl(ws.url())) problems.push(`websocket to another origin: ${ws.url()}`);
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console error: ${message.text()}`);
  });
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await app?.close();
  if (dist) await rm(dist, { recursive: true, force: true });
});

/** Fails the calling test when there is no browser. */
function needBrowser(): void {
  if (unavailable) throw unavailable;
}

const WAIT = { timeout: 20_000 };
const cChain = () => h.sandbox.world.evm.chain(43114)!;
const rows = (attribute: string) => page.locator(`tr[${attribute}]`);
const shoot = async (name: string) => {
  mkdirSync(OUTPUT, { recursive: true });
  await page.screenshot({ path: new URL(`explorer-${name}.png`, OUTPUT).pathname, fullPage: true });
};

/** Resets the sandbox's counters once no poller calls it any more (a subscription left behind stops). */
async function quietUpstreams(): Promise<void> {
  await expect
    .poll(async () => {
      h.sandbox.reset();
      await new Promise((resolve) => setTimeout(resolve, POLL_MS * 3));
      return h.sandbox.services.dataApi.total();
    }, WAIT)
    .toBe(0);
}

describe('the example explorer in Chromium, offline', () => {
  it('shows the C-Chain\'s latest blocks, and a block mined after load appears without a reload', async () => {
    needBrowser();
    const response = await page.goto(app.url);
    expect(response!.status()).toBe(200);
    const head = cChain().latestBlockNumber();
    await expect.poll(() => rows('data-block').count(), WAIT).toBe(10);
    expect(await rows('data-block').first().getAttribute('data-block')).toBe(String(head));
    await expect.poll(() => page.locator('h1').innerText(), WAIT).toBe('Latest blocks of Avalanche (C-Chain)');
    await shoot('blocks');

    // Mined once the subscription's poller has read the head (it follows from there).
    let navigations = 0;
    page.on('framenavigated', () => navigations++);
    h.sandbox.reset();
    await expect.poll(() => h.sandbox.services.dataApi.counts()[BLOCKS] ?? 0, WAIT).toBeGreaterThanOrEqual(2);
    const mined = cChain().mineBlock();
    await expect.poll(async () => rows('data-block').first().getAttribute('data-block'), WAIT).toBe(String(mined.number));
    expect(await rows('data-block').count()).toBe(10);
    expect(navigations).toBe(0);
    expect(problems).toEqual([]);
  }, 60_000);

  it('opens a block from a deep link, with its transactions', async () => {
    needBrowser();
    const block = cChain().blocks.find((b) => cChain().blockTransactions(b).length > 1)!;
    const txs = cChain().blockTransactions(block);
    const response = await page.goto(new URL(`/block/43114/${block.number}`, app.url).href);
    expect(response!.status()).toBe(200);
    await expect.poll(() => page.locator('h1').innerText(), WAIT).toBe(`Block ${block.number} of Avalanche (C-Chain)`);
    expect(await page.getByText(block.hash).count()).toBe(1);
    await expect.poll(() => rows('data-tx').evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-tx'))), WAIT).toEqual(txs.map((t) => t.hash));
    await shoot('block');
    expect(problems).toEqual([]);
  }, 60_000);

  it('grows an address\'s history by one page per "Load more", for one upstream call', async () => {
    needBrowser();
    const address = h.sandbox.world.evm.sharedWallets[0]!;
    await page.goto(new URL(`/address/43114/${address}`, app.url).href);
    await expect.poll(() => rows('data-history').count(), WAIT).toBe(10);
    await expect.poll(() => page.locator('h1').innerText(), WAIT).toContain(address);
    const firstPage = await rows('data-history').evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-history')));

    await quietUpstreams();
    await page.getByRole('button', { name: 'Load more' }).click();
    await expect.poll(() => rows('data-history').count(), WAIT).toBe(20);
    const both = await rows('data-history').evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-history')));
    expect(both.slice(0, 10)).toEqual(firstPage);
    expect(new Set(both).size).toBe(20);
    expect(h.sandbox.services.dataApi.total()).toBe(1);
    expect(h.sandbox.services.dataApi.counts()).toEqual({ [HISTORY]: 1 });
    await shoot('address');
    expect(problems).toEqual([]);
  }, 60_000);

  it('pages the primary network\'s validators', async () => {
    needBrowser();
    await page.goto(new URL('/validators', app.url).href);
    await expect.poll(() => rows('data-validator').count(), WAIT).toBe(10);
    await page.getByRole('button', { name: 'Load more' }).click();
    await expect.poll(() => rows('data-validator').count(), WAIT).toBe(20);
    await shoot('validators');
    expect(problems).toEqual([]);
  }, 60_000);

  it('shows an upstream outage as the gateway reports it', async () => {
    needBrowser();
    const address = h.sandbox.world.evm.sharedWallets[1]!;
    h.sandbox.services.dataApi.setFault(HISTORY, { status: 503 });
    // What the gateway says of it, to find on the page.
    const { errors } = await h.query(`{ chain(id: "43114") { address(address: "${address}") { history(first: 1) { edges { cursor } } } } }`, {}, { 'x-data-api-key': 'outage-probe' });
    const { message, extensions } = errors![0]!;
    await page.goto(new URL(`/address/43114/${address}`, app.url).href);
    const alert = page.getByRole('alert');
    await expect.poll(() => alert.innerText(), WAIT).toContain(`${message} (${extensions!.code})`);
    expect(String(extensions!.code)).toMatch(/^UPSTREAM_/);
    await shoot('outage');
    h.sandbox.services.dataApi.clearFaults();
    expect(problems).toEqual([]);
  }, 60_000);
});
