/**
 * The live hub's bound on a subscriber that does not read (src/live/hub.ts): past `maxQueue` events
 * waiting for it, it is ended with an error and counted (`onOverflow`, the gateway's
 * avalanche_graph_subscription_overflows_total), while a subscriber beside it that reads goes on.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { LiveHub, type Feed, type LiveItem } from '../src/live/hub.js';

let hub: LiveHub | undefined;
afterEach(() => hub?.close());

/** A feed that gives one new event (a number) on each poll. */
function counter(): Feed<number> {
  let n = 0;
  return { poll: async () => ({ events: [++n] }) };
}

describe('a subscriber that does not read', () => {
  it('is ended with an error once maxQueue events wait for it, and counted once; one that reads goes on', async () => {
    let overflows = 0;
    hub = new LiveHub({ pollMs: 1, maxPerClient: 10, maxQueue: 3, classify: () => ({ fatal: false }), onOverflow: () => overflows++ });
    const stalled = hub.subscribe<number>('a', 'subject', counter);
    const reader = hub.subscribe<number>('b', 'subject', counter);
    const read: number[] = [];
    for (let i = 0; i < 6; i++) {
      const item = (await reader.next()).value as LiveItem<number>;
      if ('value' in item) read.push(item.value);
    }
    expect(read).toEqual([1, 2, 3, 4, 5, 6]);
    expect(overflows).toBe(1);
    // The stalled one lost what waited (the queue is emptied), then gets the error and its end.
    const last = (await stalled.next()).value as LiveItem<number>;
    expect('error' in last && last.error.message).toBe('the subscriber did not read its last 3 events in time');
    expect((await stalled.next()).done).toBe(true);
    expect(hub.openSubscriptions()).toBe(1);
  });
});
