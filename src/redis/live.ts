/**
 * Live pollers across replicas (see LiveHub): one lease per subject, `lease:<subject>`, held by the
 * replica that polls it (value: that poller's random id, never caller data), renewed every third of
 * its life; what the leader finds is published on channel `live:<subject>` to the replicas with
 * subscribers of the same subject. Subjects hold a key fingerprint where the Data API is read (see
 * src/live/index.ts), never a key.
 */
import { randomUUID } from 'node:crypto';
import type { LinkMessage, PollerCoordinator } from '../live/hub.js';
import { decode, encode } from './codec.js';
import type { RedisStore } from './store.js';

/** Takes the lease when free, renews it when held by the caller; 1 when the caller holds it now. */
const CLAIM = `
local holder = redis.call('GET', KEYS[1])
if not holder then
  redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
  return 1
end
if holder == ARGV[1] then
  redis.call('PEXPIRE', KEYS[1], ARGV[2])
  return 1
end
return 0`;

/** Deletes the lease only when the caller holds it. */
const RELEASE = `
if redis.call('GET', KEYS[1]) == ARGV[1] then
  return redis.call('DEL', KEYS[1])
end
return 0`;

interface Envelope {
  from: string;
  message: LinkMessage;
}

export function redisPollerCoordinator(store: RedisStore, leaseMs: number): PollerCoordinator {
  return {
    leaseMs,
    link(subject, onMessage) {
      const id = randomUUID();
      const channel = `live:${subject}`;
      const lease = store.key('lease', subject);
      const handler = (text: string) => {
        const envelope = decode(text) as Envelope | undefined;
        if (envelope && envelope.from !== id && envelope.message) onMessage(envelope.message);
      };
      let listening: Promise<boolean> = store.subscribe(channel, handler);
      const publish = (message: LinkMessage) => {
        const text = encode({ from: id, message } satisfies Envelope);
        if (text !== undefined) void store.publish(channel, text);
      };
      return {
        async claim() {
          // A replica that cannot hear the leader polls for itself.
          if (!(await listening)) {
            listening = store.subscribe(channel, handler);
            if (!(await listening)) return 'leader';
          }
          const held = await store.run('lease', (c) => c.eval(CLAIM, 1, lease, id, String(leaseMs)));
          return held === 0 ? 'follower' : 'leader';
        },
        publish,
        release(leader) {
          void (async () => {
            if (leader) {
              await store.run('lease', (c) => c.eval(RELEASE, 1, lease, id));
              publish({ released: true });
            }
            await store.unsubscribe(channel, handler);
          })();
        },
      };
    },
  };
}
