/**
 * What each live subject polls, in the upstreams' wire shapes: the new blocks of an EVM chain (Data
 * API), the status of an interchain message (Data API), the current validator set of a subnet (the
 * P-Chain node). Each feed remembers what it has seen, so an event is emitted once.
 */
import type { DataApiSchema } from '@avalanche-graph/wire-types';
import type { NetworkKey } from '@avalanche-graph/identity';
import type { RequestUpstreams } from '../upstream/index.js';
import { UpstreamError } from '../upstream/transport/errors.js';
import type { WireIcmMessage } from '../upstream/data-api/types/icm.js';
import type { WireCurrentValidator } from '../upstream/node-rpc/wire/pchain.js';
import type { Feed, HubOptions } from './hub.js';

/** Blocks read per poll; a longer gap since the last poll is filled from the following pages. */
const HEAD_PAGE = 4;
const CATCH_UP_PAGE = 100;
/** Most blocks one poll catches up on; past that, the older ones of the gap are skipped. */
const MAX_CATCH_UP = 1_000;

/**
 * New blocks of a chain, oldest first, each once. The first poll only notes the head: a subscriber
 * gets the blocks made after it subscribed. Avalanche blocks are final once accepted, so a block
 * number never gets a second block.
 */
export function blockFeed(upstreams: RequestUpstreams, chainId: string): Feed<DataApiSchema<'EvmBlock'>> {
  let last: bigint | undefined;
  return {
    // Taking over from another replica's poller: the blocks after the last one passed on are new.
    resume(latest) {
      last = BigInt(latest.blockNumber);
    },
    async poll() {
      const head = await upstreams.dataApi.evmBlocks.getLatestBlocks(chainId, { pageSize: HEAD_PAGE });
      const newest = head.blocks[0];
      if (last === undefined) {
        last = newest ? BigInt(newest.blockNumber) : -1n;
        return { events: [] };
      }
      const seen = last;
      const fresh = head.blocks.filter((b) => BigInt(b.blockNumber) > seen);
      let pageToken = head.nextPageToken;
      // The whole page is new: the blocks between it and the last one seen are on the next pages.
      while (fresh.length === head.blocks.length && fresh.length > 0 && fresh.length < MAX_CATCH_UP && pageToken) {
        const page = await upstreams.dataApi.evmBlocks.getLatestBlocks(chainId, { pageSize: CATCH_UP_PAGE, pageToken });
        const more = page.blocks.filter((b) => BigInt(b.blockNumber) > seen);
        fresh.push(...more);
        if (more.length < page.blocks.length) break;
        pageToken = page.nextPageToken;
      }
      fresh.sort((a, b) => (BigInt(a.blockNumber) < BigInt(b.blockNumber) ? -1 : 1));
      if (fresh.length > 0) last = BigInt(fresh[fresh.length - 1]!.blockNumber);
      return { events: fresh };
    },
  };
}

/** Statuses after which a message changes no more. */
const FINAL_STATUSES = new Set(['delivered', 'delivered_source_not_indexed']);

/**
 * An interchain message: emitted when first seen and whenever its status changes; done once
 * delivered. A message the Data API does not know (yet: it may not be indexed) is waited for.
 */
export function icmMessageFeed(upstreams: RequestUpstreams, messageId: string): Feed<WireIcmMessage> {
  let status: string | undefined;
  return {
    replayLatest: true,
    resume(latest) {
      status = latest.status;
    },
    async poll() {
      const message = await upstreams.dataApi.interchainMessaging.getIcmMessage(messageId);
      if (!message || message.status === status) return { events: [] };
      status = message.status;
      return { events: [message], done: FINAL_STATUSES.has(message.status) };
    },
  };
}

/**
 * A change of a subnet's current validator set, its validators as the node wrote them (the wire
 * JSON, not the client's decoded views): events travel between replicas as JSON (src/redis/codec.ts).
 */
export interface ValidatorSetChange {
  network: NetworkKey;
  /** Undefined: the primary network. */
  subnetId: string | undefined;
  /** The whole set after the change. */
  validators: WireCurrentValidator[];
  added: WireCurrentValidator[];
  /** As last seen, before they left. */
  removed: WireCurrentValidator[];
  /** Still in the set, with another weight. */
  reweighted: WireCurrentValidator[];
}

const weightOf = (v: WireCurrentValidator) => String(v.weight ?? v.stakeAmount ?? '');

/**
 * The current validator set of a subnet (the primary network without one): emitted when a
 * validator joins, leaves or changes weight. The first poll only notes the set.
 */
export function validatorSetFeed(upstreams: RequestUpstreams, network: NetworkKey, subnetId: string | undefined): Feed<ValidatorSetChange> {
  let known: Map<string, WireCurrentValidator> | undefined;
  return {
    resume(latest) {
      known = new Map(latest.validators.map((v) => [v.nodeID, v]));
    },
    async poll() {
      const validators = (await upstreams.nodeRpc.pChain(network).getCurrentValidators(subnetId ? { subnetID: subnetId } : {})).map((v) => v.wire);
      const now = new Map(validators.map((v) => [v.nodeID, v]));
      const before = known;
      known = now;
      if (!before) return { events: [] };
      const added = validators.filter((v) => !before.has(v.nodeID));
      const removed = [...before.values()].filter((v) => !now.has(v.nodeID));
      const reweighted = validators.filter((v) => before.has(v.nodeID) && weightOf(before.get(v.nodeID)!) !== weightOf(v));
      if (added.length + removed.length + reweighted.length === 0) return { events: [] };
      return { events: [{ network, subnetId, validators, added, removed, reweighted }] };
    },
  };
}

/**
 * How a poll's failure is handled: a question the upstream will answer the same way again (an
 * unknown chain, a refused request, a node error) ends the subscriptions with the error; anything
 * else (timeouts, 5xx, connection errors, rate limits, an open breaker) is retried, after the
 * upstream's `Retry-After` when it gave one.
 */
export const classifyPollError: HubOptions['classify'] = (error) => {
  if (!(error instanceof UpstreamError)) return { fatal: false };
  if (error.kind === 'rate-limited' || error.kind === 'unavailable' || error.isRateLimited) {
    return { fatal: false, retryAfterMs: (error.retryAfter ?? 1) * 1000 };
  }
  if (['invalid-request', 'no-endpoint', 'unsupported', 'not-found', 'rpc'].includes(error.kind)) return { fatal: true };
  if (error.kind === 'http' && error.status !== undefined && error.status >= 400 && error.status < 500 && error.status !== 408) return { fatal: true };
  return { fatal: false };
};
