/**
 * First pages of validators' delegations, read together: one `GET /v1/networks/{network}/delegators`
 * names all the node ids of a batch (up to the filter's bound), so a list of N validators with their
 * delegators costs a fixed number of Data API calls, not N. Pages after a cursor are read per
 * validator (src/schema/delegator/delegator-batches.ts).
 *
 * The combined list is read until each validator has one delegation more than its page (to know
 * whether more follow) or the list ends, within a few pages; a validator still short then is read
 * alone. The pages answer exactly as a per-validator read would (`firstPageOf`): the service orders
 * one validator's delegations the same with or without the others.
 */
import DataLoader from 'dataloader';
import type { Context } from '../../context.js';
import type { NetworkKey } from '@avalanche-graph/identity';
import { firstPageOf, type ConnectionResult } from '../common/pagination.js';
import { dataApiNetwork, networkName } from '../common/network-names.js';
import { parseNetworkIdKey } from '../common/global-ids.js';
import { DELEGATOR_LOOKUP_PAGES, DELEGATOR_PAGE, delegatorsConnection, delegatorsScope, MAX_DELEGATOR_FILTERS, type DelegatorShape } from '../delegator/keys.js';
import { txKey, type TxShape } from '../transaction/primary-keys.js';
import { notFound } from '../../errors.js';
import { eachKey } from '../common/each-key.js';

/** Pages of the combined list read before the validators still short are read alone. */
const MAX_COMBINED_PAGES = 5;

/** The first page of one validator's delegations, of a status and a size. */
export interface DelegatorFirstPageKey {
  network: NetworkKey;
  nodeId: string;
  delegationStatus?: string;
  first: number;
}

const keyOf = (k: DelegatorFirstPageKey) => `${k.network}|${k.delegationStatus ?? ''}|${k.first}|${k.nodeId}`;

async function readFirstPages(ctx: Context, keys: readonly DelegatorFirstPageKey[]): Promise<Array<ConnectionResult<DelegatorShape> | Error>> {
  const groups = new Map<string, DelegatorFirstPageKey[]>();
  for (const key of keys) {
    const group = `${key.network}|${key.delegationStatus ?? ''}|${key.first}`;
    groups.set(group, [...(groups.get(group) ?? []), key]);
  }
  const pages = new Map<string, Promise<ConnectionResult<DelegatorShape>>>();
  for (const members of groups.values()) {
    for (let i = 0; i < members.length; i += MAX_DELEGATOR_FILTERS) {
      const chunk = members.slice(i, i + MAX_DELEGATOR_FILTERS);
      const read = readChunk(ctx, chunk);
      chunk.forEach((key, j) => pages.set(keyOf(key), read.then((all) => all[j]!)));
    }
  }
  return Promise.all(keys.map((key) => pages.get(keyOf(key))!.catch((error: Error) => error)));
}

/** The first pages of validators of one network, status and page size. */
async function readChunk(ctx: Context, chunk: DelegatorFirstPageKey[]): Promise<Array<ConnectionResult<DelegatorShape>>> {
  const { network, delegationStatus, first } = chunk[0]!;
  const name = networkName(network);
  const alone = (nodeId: string) => delegatorsConnection(ctx, name, { nodeIds: [nodeId], delegationStatus }, { first });
  if (chunk.length === 1) return [await alone(chunk[0]!.nodeId)];
  const byNode = new Map<string, DelegatorShape[]>(chunk.map((k) => [k.nodeId, []]));
  const short = () => [...byNode.values()].some((list) => list.length <= first);
  let pageToken: string | undefined;
  let pages = 0;
  do {
    const page = await ctx.upstreams.dataApi.primaryNetwork.listDelegators(dataApiNetwork(name), {
      nodeIds: [...byNode.keys()],
      delegationStatus,
      pageToken,
      pageSize: DELEGATOR_PAGE.maxSize,
    });
    for (const d of page.delegators) byNode.get(d.nodeId)?.push({ ...d, network });
    pageToken = page.nextPageToken || undefined;
    pages++;
  } while (pageToken && pages < MAX_COMBINED_PAGES && short());
  return Promise.all(
    chunk.map(({ nodeId }) => {
      const list = byNode.get(nodeId)!;
      // Complete when the combined list ended, or when it holds one more than the page.
      if (!pageToken || list.length > first) return firstPageOf(delegatorsScope(name, { nodeIds: [nodeId], delegationStatus }), first, list, list.length > first);
      return alone(nodeId);
    }),
  );
}

/** First pages of validators' delegations, batched as above. */
export const delegatorFirstPage = (ctx: Context) =>
  new DataLoader<DelegatorFirstPageKey, ConnectionResult<DelegatorShape>, string>((keys) => readFirstPages(ctx, keys), { cacheKeyFn: keyOf });

/** The P-Chain transactions that delegate stake (the Data API's `txType`). */
const DELEGATION_TX_TYPES: ReadonlySet<string> = new Set(['AddDelegatorTx', 'AddPermissionlessDelegatorTx']);

/**
 * A delegation by `<network>:<txHash>` (a `Delegator`'s local id). The delegations list takes no
 * transaction filter, so: the transaction by hash (through `transactions`, the request's primary
 * transaction loader), then the delegations to its validator by its reward owner, page by page (at
 * most DELEGATOR_LOOKUP_PAGES). Null when the transaction is no delegation or the list ends without
 * it. The `Delegator` ref's read.
 */
export const delegatorsByTxHash = (keys: readonly string[], ctx: Context, transactions: { load(key: string): Promise<TxShape | null> }) =>
    eachKey(keys, async (key) => {
      const parsed = parseNetworkIdKey(key);
      const tx = parsed && (await transactions.load(txKey(parsed.network, 'P', parsed.id)));
      if (!parsed || tx?.chain !== 'P' || !DELEGATION_TX_TYPES.has(tx.wire.txType) || !tx.wire.nodeId) return null;
      let pageToken: string | undefined;
      for (let pages = 0; pages < DELEGATOR_LOOKUP_PAGES; pages++) {
        const page = await ctx.upstreams.dataApi.primaryNetwork.listDelegators(dataApiNetwork(networkName(parsed.network)), {
          nodeIds: [tx.wire.nodeId],
          rewardAddresses: tx.wire.rewardAddresses?.length ? tx.wire.rewardAddresses : undefined,
          pageSize: DELEGATOR_PAGE.maxSize,
          pageToken,
        });
        const found = page.delegators.find((d) => d.txHash === parsed.id);
        if (found) return { ...found, network: parsed.network };
        pageToken = page.nextPageToken || undefined;
        if (!pageToken) return null;
      }
      throw notFound(
        `Delegation ${parsed.id} is not among the first ${DELEGATOR_LOOKUP_PAGES * DELEGATOR_PAGE.maxSize} delegations to its validator by its reward owner: read it from \`Network.delegators\``,
      );
    });
