/**
 * Debian's Chromium for the browser tests, driven by playwright-core. `npm test` installs it when
 * missing (scripts/test-tools.ts); without it a browser test fails with how to install it, it is
 * never skipped.
 */
import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

const CHROMIUM = '/usr/bin/chromium';

/** Starts Chromium for `test` (named in the error when Chromium is not installed). */
export async function launchChromium(test: string): Promise<Browser> {
  if (!existsSync(CHROMIUM)) {
    throw new Error(`The ${test} browser test needs Chromium at ${CHROMIUM}: install it with \`apt-get install -y chromium\` (npm test does so as root).`);
  }
  return chromium.launch({ executablePath: CHROMIUM });
}
