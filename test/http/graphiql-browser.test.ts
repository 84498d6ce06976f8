/**
 * GraphiQL in a real browser (Debian's Chromium, driven by playwright-core), fully offline: the
 * page loads, runs the default query and an example tab against the sandbox, and shows the docs of
 * `Chain`, and nothing it loads or calls leaves the gateway's origin. Any request to another origin,
 * page error or console error fails the test. A screenshot lands in test-output/graphiql.png.
 *
 * Needs /usr/bin/chromium (`npm test` installs it when missing: scripts/test-tools.ts): without it the test
 * fails, it is never skipped.
 */
import { mkdirSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '../../src/schema/index.js';
import { launchChromium } from '../support/chromium.js';
import { useSocketHarness } from '../support/harness.js';

const OUTPUT = new URL('../../test-output/', import.meta.url);

const { h } = useSocketHarness();

let browser: Browser | undefined;
let context: BrowserContext;
let page: Page;
/** Everything that went wrong in the page: foreign requests, page errors, console errors. */
const problems: string[] = [];

/** Why the browser could not start: each test then fails with it (a hook error would skip them). */
let unavailable: Error | undefined;

beforeAll(async () => {
  try {
    browser = await launchChromium('GraphiQL');
  } catch (error) {
    unavailable = error as Error;
    return;
  }
  context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  context.setDefaultTimeout(30_000);
  const origin = new URL(h.url).origin;
  // Every request of the page and of its workers: only the gateway's origin may answer.
  await context.route('**/*', (route) => {
    const url = route.request().url();
    if (new URL(url).origin === origin) return route.continue();
    problems.push(`request to another origin: ${url}`);
    return route.abort('blockedbyclient');
  });
  context.on('request', (request) => {
    const url = request.url();
    if (/^(https?|wss?):/.test(url) && new URL(url).origin !== origin) problems.push(`request to another origin: ${url}`);
  });
  page = await context.newPage();
  page.on('websocket', (ws) => problems.push(`websocket: ${ws.url()}`));
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console error: ${message.text()}`);
  });
}, 30_000);

/** Fails the calling test when there is no browser. */
function needBrowser(): void {
  if (unavailable) throw unavailable;
}

afterAll(async () => {
  await browser?.close();
});

/** The result pane's text (the editor renders spaces as no-break spaces). */
// Generous: the rest of the suite runs beside the browser, and a busy machine renders slowly.
const WAIT = { timeout: 30_000 };
const result = async () => (await page.locator('.graphiql-response').innerText()).replace(/\u00a0/g, ' ');

describe('GraphiQL in Chromium, offline', () => {
  it('loads from the gateway with a same-origin-only policy and runs the default query', async () => {
    needBrowser();
    const response = await page.goto(h.url);
    expect(response!.status()).toBe(200);
    // By 'load' the page has asked for its scripts and styles.
    expect(problems).toEqual([]);
    expect(response!.headers()['content-security-policy']).toContain("default-src 'self'");
    const tabs = page.locator('.graphiql-tab');
    await expect.poll(() => tabs.allInnerTexts(), WAIT).toEqual(['Chains', 'WalletPage', 'BlockExplorer', 'StakingPage', 'IcmTracker', 'WalletTokensPage', 'ValidatorExplorerPage']);
    await page.getByRole('button', { name: /Execute query/ }).click();
    await expect.poll(result, WAIT).toContain('"chainName": "Avalanche (C-Chain)"');
    expect(problems).toEqual([]);
  }, 60_000);

  it('runs an example one click away: the wallet page tab with its variables', async () => {
    needBrowser();
    // A click event on the tab's button: the tabs are reorderable and keep a layout animation
    // going, so a pointer click at computed coordinates can land beside the moving tab.
    await page.locator('.graphiql-tab-button[title="WalletPage"]').dispatchEvent('click');
    // GraphiQL may still hold the previous tab's operation name for a moment after the switch
    // ("Cannot infer operation"): run again until the wallet page's answer shows.
    const wallet = '"address": "0xF724DA949F47F4730090Aa7dC8fB77d87A5d24C9"';
    await expect
      .poll(async () => {
        if (!(await result()).includes(wallet)) await page.getByRole('button', { name: /Execute query/ }).click();
        return result();
      }, { ...WAIT, interval: 700 })
      .toContain(wallet);
    expect(await result()).not.toContain('"errors"');
    await page.locator('.graphiql-tab-button[title="Chains"]').dispatchEvent('click');
    expect(problems).toEqual([]);
  }, 60_000);

  it('opens the docs of type Chain', async () => {
    needBrowser();
    await page.getByRole('button', { name: 'Show Documentation Explorer' }).click();
    const docs = page.locator('.graphiql-doc-explorer');
    await docs.getByText('Chain', { exact: true }).first().click();
    const description = schema.getType('Chain')!.description!;
    await expect.poll(() => docs.innerText(), WAIT).toContain(description);
    await docs.getByText(description).scrollIntoViewIfNeeded();
    mkdirSync(OUTPUT, { recursive: true });
    await page.screenshot({ path: new URL('graphiql.png', OUTPUT).pathname });
    expect(problems).toEqual([]);
  }, 60_000);
});
