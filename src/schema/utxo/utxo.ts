/**
 * UTXOs of primary-network addresses (`GET /v1/networks/{network}/blockchains/{blockchainId}/utxos`).
 *
 * The P-Chain and the X-Chain (whose shape the C-Chain's atomic UTXOs share) describe a UTXO with
 * different fields: block heights, staking periods and two locktimes on one side; creation and
 * spending times, credentials and NFT payloads on the other. So `Utxo` is an interface with what
 * both share (normalized where the wire differs only in spelling: `outputIndex` as a number or a
 * string, `utxoType` in upper or lower case), implemented by `PChainUtxo` and `XChainUtxo` whose
 * own fields are non-null where the wire promises them, rather than one type where every field
 * may be null and nothing says which chain fills which.
 */
import type { DataApiSchema } from '@avalanche-graph/wire-types';
import { builder } from '../../builder.js';
import { badInput } from '../../errors.js';
import type { WireListUtxosQuery, WirePChainUtxo, WireXChainUtxo } from '../../upstream/data-api/types/primary.js';
import { connectionType } from '../common/connection.js';
import { primaryList } from '../common/primary-list.js';
import { SortOrder } from '../common/enums.js';
import { Network } from '../network/network.js';
import { cb58Id } from '../common/validate.js';
import { AssetAmount } from '../common/money.js';
import { withChainInfo } from '../common/chain-info.js';
import { RewardType, UtxoSortBy, UtxoType, utxoTypeOf } from '../common/primary-enums.js';
import { blockchainArg, MAX_UTXO_ADDRESSES, primaryAddresses, primaryChainArg } from '../common/primary-ids.js';
import type { PrimaryChainAlias, NetworkKey } from '@avalanche-graph/identity';
import { maxItems } from '../common/guards.js';
import { serves } from '../common/operations.js';
import { UtxoCredential } from '../common/outputs.js';
import type { UtxoShape } from './keys.js';


const UTXO_PAGE = { defaultSize: 10, maxSize: 100 };

export const Utxo = builder.interfaceRef<UtxoShape>('Utxo').implement({
  description: 'An unspent (or, on request, spent) transaction output on the P-, X- or C-Chain.',
  resolveType: (u) => (u.kind === 'P' ? 'PChainUtxo' : 'XChainUtxo'),
  fields: (t) => ({
    utxoId: t.exposeString('utxoId', { description: 'The UTXO id (cb58).' }),
    addresses: t.stringList({ description: 'Addresses that may sign to spend it (bech32, without chain prefix).', resolve: (u) => u.addresses }),
    asset: t.expose('asset', { type: AssetAmount, description: 'The asset and amount it holds.' }),
    assetId: t.string({ description: 'Id of the asset it holds (cb58), for looking the asset up.', resolve: (u) => (u.kind === 'P' ? u.assetId : u.asset.assetId) }),
    amount: t.field({
      type: 'BigInt',
      description: 'The amount it holds, in the asset\'s smallest unit.',
      resolve: (u) => (u.kind === 'P' ? u.amount : u.asset.amount),
    }),
    outputIndex: t.int({ description: 'Position of the output in the transaction that created it.', resolve: (u) => Number(u.outputIndex) }),
    creationTxHash: t.string({
      description: 'Id of the transaction that created it (the P-Chain\'s `txHash`).',
      resolve: (u) => (u.kind === 'P' ? u.txHash : u.creationTxHash),
    }),
    consumingTxHash: t.exposeString('consumingTxHash', { nullable: true, description: 'Id of the transaction that spent it; null while unspent.' }),
    createdOnChainId: t.exposeString('createdOnChainId', { description: 'Blockchain id of the chain that created it.' }),
    consumedOnChainId: t.exposeString('consumedOnChainId', { description: 'Blockchain id of the chain that spends (or will spend) it; differs from `createdOnChainId` for exported UTXOs.' }),
    utxoType: t.field({ type: UtxoType, description: 'Transfer, stake or mint.', resolve: (u) => utxoTypeOf(u.utxoType) }),
    threshold: t.exposeInt('threshold', { nullable: true, description: 'How many of `addresses` must sign to spend it.' }),
    utxoBytes: t.exposeString('utxoBytes', { nullable: true, description: 'The serialized UTXO (hex), when the upstream sends it.' }),
  }),
});

export const PChainUtxo = builder.objectRef<WirePChainUtxo & { kind: 'P' }>('PChainUtxo').implement({
  description: 'A P-Chain UTXO: spendable value or stake, possibly time-locked.',
  interfaces: [Utxo],
  fields: (t) => ({
    txHash: t.exposeString('txHash', { description: 'Id of the transaction that created it (upstream name of `creationTxHash`).' }),
    blockNumber: t.expose('blockNumber', { type: 'BigInt', description: 'P-Chain height of the block that created it.' }),
    blockTimestamp: t.expose('blockTimestamp', { type: 'Timestamp', description: 'Time of the block that created it.' }),
    consumingBlockNumber: t.expose('consumingBlockNumber', { type: 'BigInt', nullable: true, description: 'P-Chain height of the block that spent it; null while unspent.' }),
    consumingBlockTimestamp: t.expose('consumingBlockTimestamp', { type: 'Timestamp', nullable: true, description: 'Time of the block that spent it; null while unspent.' }),
    staked: t.exposeBoolean('staked', { nullable: true, description: 'True while it is locked as stake.' }),
    utxoStartTimestamp: t.expose('utxoStartTimestamp', { type: 'Timestamp', nullable: true, description: 'Start of the staking period it is locked for (stake UTXOs).' }),
    utxoEndTimestamp: t.expose('utxoEndTimestamp', { type: 'Timestamp', nullable: true, description: 'End of the staking period it is locked for (stake UTXOs).' }),
    platformLocktime: t.expose('platformLocktime', { type: 'Timestamp', nullable: true, description: 'Time before which it cannot be spent.' }),
    stakeableLocktime: t.expose('stakeableLocktime', { type: 'Timestamp', nullable: true, description: 'Time before which it can only be staked, not transferred.' }),
    rewardType: t.field({
      type: RewardType,
      nullable: true,
      description: 'For a reward UTXO, why it was paid; null otherwise.',
      resolve: (u) => (u.rewardType ? RewardType.from(u.rewardType) : null),
    }),
  }),
});

export const XChainUtxo = builder.objectRef<WireXChainUtxo & { kind: 'X' }>('XChainUtxo').implement({
  description: 'An X-Chain UTXO (also the shape of UTXOs in the C-Chain\'s atomic memory): a fungible amount, a mint right or an NFT.',
  interfaces: [Utxo],
  fields: (t) => ({
    timestamp: t.expose('timestamp', { type: 'Timestamp', description: 'When it was created.' }),
    consumingTxTimestamp: t.expose('consumingTxTimestamp', { type: 'Timestamp', nullable: true, description: 'When it was spent; null while unspent.' }),
    locktime: t.expose('locktime', { type: 'Timestamp', description: 'Time before which it cannot be spent (0: none).' }),
    groupId: t.exposeInt('groupId', { nullable: true, description: 'For NFT outputs, the minting group.' }),
    payload: t.exposeString('payload', { nullable: true, description: 'For NFT outputs, the payload (hex).' }),
    credentials: t.expose('credentials', { type: [UtxoCredential], nullable: true, description: 'For spent UTXOs, the signatures that unlocked it.' }),
  }),
});

export const UtxoConnection = connectionType<UtxoShape, { chainInfo: DataApiSchema<'PrimaryNetworkChainInfo'> | null }>('Utxo', Utxo, 'A page of UTXOs.');

withChainInfo(UtxoConnection);

builder.objectFields(Network, (t) => ({
  utxos: primaryList(t, {
    type: UtxoConnection,
    description:
      'UTXOs on the P-, X- or C-Chain, of the given addresses or of all (`GET /v1/networks/{network}/blockchains/{blockchainId}/utxos`), unspent unless `includeSpent`. The address list goes in the URL while the URL stays within 2048 characters (about 40 addresses), in a POST body (the route\'s POST form) beyond; the pages are the same.',
    args: {
      blockchain: blockchainArg(t),
      addresses: t.arg.stringList({
        required: false,
        extensions: maxItems(MAX_UTXO_ADDRESSES),
        description: `1 to ${MAX_UTXO_ADDRESSES} addresses of this network (avax1.../fuji1..., optionally with the chain's prefix, e.g. P-avax1...); omit it for the UTXOs of every address on the chain.`,
      }),
      assetId: t.arg.string({ required: false, description: 'Only UTXOs of this asset (cb58; X-Chain).' }),
      minUtxoAmount: t.arg({ type: 'BigInt', required: false, description: 'Only UTXOs holding at least this amount (smallest unit, inclusive).' }),
      includeSpent: t.arg.boolean({ required: false, description: 'Also return spent UTXOs.' }),
      sortBy: t.arg({ type: UtxoSortBy, required: false, description: 'Property to sort by; creation time when omitted.' }),
      sortOrder: t.arg({ type: SortOrder, required: false, description: 'Sort direction; the upstream default when omitted.' }),
    },
    page: UTXO_PAGE,
    extensions: serves('data:getUtxosByAddresses', 'data:getUtxosByAddressesV2'),
    network: (n) => n.name,
    check: utxoArgs,
    name: 'utxos',
    request: ({ blockchainId, query }) => ({ path: [blockchainId], query }),
    read: (ctx, network, blockchainId, query) => ctx.upstreams.dataApi.primaryNetworkUtxos.getUtxosByAddresses(network, blockchainId, query),
    items: (page, _ctx, _key, { alias }) => page.utxos.map((u) => shapeUtxo(u, alias)),
  }),
}));

interface UtxoArgs {
  blockchain: string;
  addresses?: string[] | null;
  assetId?: string | null;
  minUtxoAmount?: bigint | null;
  includeSpent?: boolean | null;
  sortBy?: WireListUtxosQuery['sortBy'] | null;
  sortOrder?: WireListUtxosQuery['sortOrder'] | null;
}

/** The chain and Data API query of `Network.utxos`, checked (the field's argument check). */
function utxoArgs(args: UtxoArgs, key: NetworkKey) {
  const { blockchainId, alias } = primaryChainArg('blockchain', args.blockchain, key, ['P', 'X', 'C']);
  if (args.addresses?.length === 0) throw badInput('addresses', 'give at least one address, or omit the argument for every address');
  const addresses = args.addresses == null ? undefined : primaryAddresses('addresses', args.addresses, MAX_UTXO_ADDRESSES, key, [alias]);
  const assetId = args.assetId == null ? undefined : cb58Id('assetId', args.assetId);
  if (args.minUtxoAmount != null && args.minUtxoAmount < 0n) throw badInput('minUtxoAmount', 'must not be negative');
  const query = {
    addresses,
    assetId,
    minUtxoAmount: args.minUtxoAmount ?? undefined,
    includeSpent: args.includeSpent ?? undefined,
    sortBy: args.sortBy ?? undefined,
    sortOrder: args.sortOrder ?? undefined,
  };
  return { blockchainId, alias, query };
}

/** Tags a wire UTXO with its shape: the P-Chain's, or the X-Chain's (which the C-Chain shares). */
function shapeUtxo(u: WirePChainUtxo | WireXChainUtxo, chain: PrimaryChainAlias): UtxoShape {
  return chain === 'P' ? { ...(u as WirePChainUtxo), kind: 'P' } : { ...(u as WireXChainUtxo), kind: 'X' };
}
