/**
 * Client libraries report what goes wrong in a cache (a missing key, data about to be lost, a
 * fragment matched by guess) on the console, and go on: a test of a client fails on any of it.
 */
import { afterEach, beforeEach, expect, vi, type MockInstance } from 'vitest';

/** Fails each test of the file that writes to `console.warn` or `console.error` (what was written is still printed). */
export function failOnConsoleWarnings(): void {
  let spies: MockInstance[] = [];
  beforeEach(() => {
    spies = [vi.spyOn(console, 'warn'), vi.spyOn(console, 'error')];
  });
  afterEach(() => {
    const written = spies.flatMap((spy) => spy.mock.calls);
    for (const spy of spies) spy.mockRestore();
    expect(written, 'console.warn and console.error').toEqual([]);
  });
}
