/**
 * X-Chain UTXOs of addresses (`avm.getUTXOs`) as a connection. The node pages with
 * `startIndex`/`endIndex` (an address and a UTXO id); the page token is that endIndex. A UTXO owned
 * by several of the queried addresses may come again on a later page (the node walks address by
 * address); it is kept only where the walk meets it first, so a full walk has no duplicates.
 */
import { builder } from '../../builder.js';
import type { Context } from '../../context.js';
import { badInput } from '../../errors.js';
import { cb58Decode, isCb58Id, parseBech32Address, NETWORKS, type NetworkKey } from '@avalanche-graph/identity';
import type { DecodedUtxo } from '../../upstream/node-rpc/codec.js';
import { UTXO_PAGE_MAX, type UtxoIndex } from '../../upstream/node-rpc/xchain.js';
import { connectionArgs, connectionType } from '../common/connection.js';
import { paginate, type PageSource } from '../common/pagination.js';
import { XChainAssetDetails, assetFromNode } from '../asset/asset-details.js';
import { XChain } from '../xchain/xchain.js';
import { FxOutputKind } from '../transaction/xchain-io.js';
import { chainAddresses, selectsOnly, sourceChainArg } from '../common/node-args.js';
import { OutputOwners } from '../common/outputs.js';
import { fetchTx, TX_HEX_FIELDS } from '../transaction/xchain-transaction.js';
import { XChainTransaction } from '../transaction/primary-transaction.js';
import { maxItems } from '../common/guards.js';
import { networkKey, networkName } from '../common/network-names.js';

export interface XUtxoShape {
  network: NetworkKey;
  /** Set for atomic UTXOs another chain exported (their creating tx is not on the X-Chain). */
  sourceChain: string | null;
  utxo: DecodedUtxo;
}

export const XChainNodeUtxo = builder.objectRef<XUtxoShape>('XChainNodeUtxo').implement({
  description: 'An unspent output on the X-Chain (or exported to it, when read with `sourceChain`), decoded from the node\'s bytes.',
  fields: (t) => ({
    id: t.string({ description: 'UTXO id (cb58).', resolve: (u) => u.utxo.id }),
    txId: t.string({ description: 'Id of the transaction that created it (cb58).', resolve: (u) => u.utxo.txId }),
    outputIndex: t.int({ description: 'Index of the output in that transaction.', resolve: (u) => u.utxo.outputIndex }),
    assetId: t.string({ description: 'Id of the asset (cb58).', resolve: (u) => u.utxo.assetId }),
    asset: t.field({ type: XChainAssetDetails, nullable: true, description: 'The asset, as the X-Chain node describes it (`avm.getAssetDescription`).', resolve: (u, _, ctx) => assetFromNode(ctx, u.network, u.utxo.assetId) }),
    kind: t.field({ type: FxOutputKind, description: 'What the output holds.', resolve: (u) => u.utxo.kind }),
    typeId: t.int({ description: 'Codec type id of the output.', resolve: (u) => u.utxo.typeId }),
    amount: t.field({ type: 'BigInt', nullable: true, description: 'Amount in the asset\'s smallest unit; null for outputs without one.', resolve: (u) => u.utxo.amount }),
    owners: t.field({ type: OutputOwners, nullable: true, description: 'Who may spend it.', resolve: (u) => u.utxo.owners }),
    groupId: t.int({ nullable: true, description: 'NFT group; null for other outputs.', resolve: (u) => u.utxo.groupId }),
    payload: t.string({ nullable: true, description: 'NFT payload (0x hex); null for other outputs.', resolve: (u) => u.utxo.payload }),
    raw: t.string({ description: 'The UTXO\'s codec bytes (0x hex, without checksum).', resolve: (u) => u.utxo.bytesHex }),
    tx: t.field({
      type: XChainTransaction,
      nullable: true,
      description: 'The X-Chain transaction that created it; null for UTXOs exported from another chain.',
      resolve: (u, _, ctx, info) => (u.sourceChain ? null : fetchTx(ctx, u.network, u.utxo.txId, selectsOnly(info, TX_HEX_FIELDS))),
    }),
  }),
});

export const XChainNodeUtxoConnection = connectionType('XChainNodeUtxo', XChainNodeUtxo, 'A page of X-Chain UTXOs, in the node\'s order (by address, then UTXO id).');

const UTXO_PAGE = { defaultSize: UTXO_PAGE_MAX, maxSize: UTXO_PAGE_MAX };
const MAX_ADDRESSES = 256;

function compareBytes(a: Uint8Array, b: Uint8Array): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) if (a[i] !== b[i]) return a[i]! - b[i]!;
  return a.length - b.length;
}

const TOKEN_SEPARATOR = '|';

function encodeIndex(index: UtxoIndex): string {
  return `${index.address}${TOKEN_SEPARATOR}${index.utxo}`;
}

function decodeIndex(token: string, network: NetworkKey): UtxoIndex {
  const [address, utxo, extra] = token.split(TOKEN_SEPARATOR);
  const parsed = address ? parseBech32Address(address) : null;
  if (extra !== undefined || !parsed || parsed.hrp !== NETWORKS[network].hrp || !utxo || !isCb58Id(utxo)) {
    throw badInput('after', 'is not a cursor of this connection');
  }
  return { address: address!, utxo };
}

/**
 * Keeps the UTXOs of a page the walk meets here first. The node walks the queried addresses in byte
 * order and, per address, UTXO ids in byte order, resuming after `start`; a UTXO is met first under
 * the smallest queried address that owns it.
 */
export function firstMeetings(utxos: DecodedUtxo[], queried: Map<string, Uint8Array>, start: UtxoIndex | undefined): DecodedUtxo[] {
  if (!start) return utxos;
  const startAddress = parseBech32Address(start.address)?.bytes;
  const startUtxo = cb58Decode(start.utxo);
  if (!startAddress || !startUtxo) return utxos;
  return utxos.filter((u) => {
    const owners = (u.owners?.addresses ?? []).map((a) => queried.get(a)).filter((b): b is Uint8Array => b !== undefined);
    if (owners.length === 0) return true;
    const first = owners.reduce((min, b) => (compareBytes(b, min) < 0 ? b : min));
    const order = compareBytes(first, startAddress);
    if (order !== 0) return order > 0;
    return compareBytes(cb58Decode(u.id) ?? new Uint8Array(), startUtxo) > 0;
  });
}

function utxoSource(ctx: Context, network: NetworkKey, addresses: string[], sourceChain: string | null): PageSource<XUtxoShape> {
  const queried = new Map(addresses.map((a) => [a, parseBech32Address(a)!.bytes]));
  return {
    scope: `xchain-utxos:${network}:${[...addresses].sort().join(',')}:${sourceChain ?? ''}`,
    ...UTXO_PAGE,
    fetchPage: async (pageToken, pageSize) => {
      const startIndex = pageToken ? decodeIndex(pageToken, network) : undefined;
      const page = await ctx.upstreams.nodeRpc.xChain(network).getUTXOs({
        addresses,
        limit: pageSize,
        ...(startIndex ? { startIndex } : {}),
        ...(sourceChain ? { sourceChain } : {}),
      });
      // A full page may be followed by more; a short one is the last.
      const more = page.numFetched >= pageSize && page.utxos.length > 0;
      return {
        items: firstMeetings(page.utxos, queried, startIndex).map((utxo) => ({ network, sourceChain, utxo })),
        nextPageToken: more ? encodeIndex(page.endIndex) : null,
      };
    },
  };
}

builder.objectFields(XChain, (t) => ({
  utxos: t.checkedField({
    type: XChainNodeUtxoConnection,
    nullable: true,
    description:
      'The UTXOs that reference any of the addresses (`avm.getUTXOs`); with `sourceChain`, the UTXOs that chain exported to the X-Chain and nobody imported yet.',
    args: {
      addresses: t.arg.stringList({ required: true, extensions: maxItems(MAX_ADDRESSES), description: `X-Chain addresses (X-avax1... on mainnet, X-fuji1... on Fuji), at most ${MAX_ADDRESSES}.` }),
      sourceChain: t.arg.string({ required: false, description: 'Read atomic UTXOs exported from this chain: "P", "C" or a blockchain id.' }),
      ...connectionArgs(t, UTXO_PAGE),
    },
    check: (args, scope) => ({
      addresses: chainAddresses('addresses', args.addresses, 'X', networkKey(scope.network), MAX_ADDRESSES),
      sourceChain: args.sourceChain != null ? sourceChainArg('sourceChain', args.sourceChain) : null,
    }),
    scopeOf: (x) => ({ network: networkName(x.network) }),
    resolve: (x, { addresses, sourceChain }, args, ctx) => paginate(utxoSource(ctx, x.network, addresses, sourceChain), args),
  }),
}));
