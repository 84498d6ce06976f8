/**
 * Chain: an EVM chain the Data API indexes (`GET /v1/chains`), the hub that blocks, addresses,
 * tokens and node/metrics reads hang from.
 */
import type { DataApiSchema } from '@avalanche-graph/wire-types';
import { builder } from '../../builder.js';
import type { Context } from '../../context.js';
import { isCb58Id, NETWORKS, networkOfTestnet } from '@avalanche-graph/identity';
import { type NetworkNameValue, dataApiNetwork, DEFAULT_NETWORK_NAME, networkKey, networkName } from '../common/network-names.js';
import { NetworkName, upstreamEnum } from '../common/enums.js';
import { isEvmChainId } from '../common/validate.js';
import { fieldGuard, typeGuard } from '../common/guards.js';
import { badInput } from '../../errors.js';
import { entity, keyChainId } from '../common/federation.js';
import { selectsOnly } from '../common/node-args.js';
import { serves } from '../common/operations.js';
import { loadEach } from '../common/each-key.js';
import { checkEvmChainIdKey } from '../common/global-ids.js';
import { loadersOf } from '../loaders/index.js';

export const ChainFeature = upstreamEnum('ChainFeature', {
  description: 'A Data API feature enabled on a chain.',
  values: {
    nftIndexing: 'NFT metadata is indexed.',
    webhooks: 'Webhooks can watch the chain.',
    teleporter: 'Interchain (ICM/Teleporter) messages are indexed.',
  },
});

export const ChainStatus = upstreamEnum('ChainStatus', {
  description: 'Whether the chain\'s nodes serve requests.',
  values: {
    OK: 'The chain\'s nodes answer.',
    UNAVAILABLE: 'The chain\'s nodes are temporarily unavailable; node-backed reads may fail.',
  },
  unknown: 'A status this gateway does not know yet.',
});

export const VmName = upstreamEnum('VmName', {
  description: 'The virtual machine family of a chain.',
  values: {
    EVM: 'An Avalanche EVM (C-Chain, subnet-EVM).',
    BITCOIN: 'Bitcoin.',
    ETHEREUM: 'Ethereum.',
  },
  unknown: 'A VM this gateway does not know yet.',
});

export const NetworkToken = builder.objectRef<DataApiSchema<'NetworkToken'>>('NetworkToken').implement({
  description: 'The native token of a chain (AVAX on the C-Chain).',
  fields: (t) => ({
    name: t.exposeString('name', { description: 'Token name.' }),
    symbol: t.exposeString('symbol', { description: 'Token symbol.' }),
    decimals: t.exposeInt('decimals', { description: 'Decimal places between the smallest unit and one token.' }),
    logoUri: t.exposeString('logoUri', { nullable: true, description: 'Logo image URL.' }),
    description: t.exposeString('description', { nullable: true, description: 'Free-text description.' }),
  }),
});

export const UtilityAddresses = builder.objectRef<DataApiSchema<'UtilityAddresses'>>('UtilityAddresses').implement({
  description: 'Well-known contract addresses deployed on a chain.',
  fields: (t) => ({
    multicall: t.exposeString('multicall', { nullable: true, description: 'Multicall contract address.' }),
  }),
});

/** An id `chain(id:)` takes with the `c-chain` alias resolved to the network's C-Chain EVM chain id. */
function resolveAlias(id: string, network: NetworkNameValue): string {
  return id.toLowerCase() === 'c-chain' ? NETWORKS[networkKey(network)].cChainEvmId : id;
}

/**
 * Resolves an EVM chain id, a blockchain id or the `c-chain` alias; null when unknown. An EVM chain id
 * the list lacks is asked for on its own (`GET /v1/chains/{chainId}`): the service can know a chain it
 * does not list yet. A blockchain id has no such route.
 */
export async function findChain(ctx: Context, id: string, network: NetworkNameValue = DEFAULT_NETWORK_NAME): Promise<DataApiSchema<'ChainInfo'> | null> {
  return chainByKey(ctx, resolveAlias(id, network));
}

/** `findChain` of an id with the alias resolved. */
async function chainByKey(ctx: Context, key: string): Promise<DataApiSchema<'ChainInfo'> | null> {
  const listed = await loadersOf(ctx).chainById.load(key);
  if (listed) return listed;
  return isEvmChainId(key) ? ctx.upstreams.dataApi.evmChains.getChainInfo(key) : null;
}

/**
 * Fields of Chain that read nothing of the chain's record but its EVM chain id: a `chain(id:)` that
 * selects only these is answered without the chain list (the list would only delay the calls).
 */
const KEY_ONLY_FIELDS: ReadonlySet<string> = new Set([
  'chainId',
  'id',
  'blocks',
  'block',
  'transaction',
  'transactions',
  'address',
  'token',
  'nftCollection',
  'nftToken',
  'avgTps',
  'metrics',
  'rollingMetrics',
  'metricsChain',
]);

/**
 * A chain known only by its EVM chain id. Reading any other member of its record is a bug (a field
 * missing from KEY_ONLY_FIELDS's contract) and fails loudly rather than answering undefined.
 */
function keyOnlyChain(chainId: string): DataApiSchema<'ChainInfo'> {
  return new Proxy({ chainId } as DataApiSchema<'ChainInfo'>, {
    get(target, prop, receiver) {
      if (prop === 'chainId' || typeof prop === 'symbol' || prop === 'then' || prop === 'toJSON') return Reflect.get(target, prop, receiver);
      throw new Error(`Chain ${chainId} was answered without its record, yet its "${String(prop)}" was read`);
    },
  });
}

/** What `chain(id:)` takes: an EVM chain id, a blockchain id or the alias; anything else is refused unsent. */
export function checkChainId(argument: string, id: string): void {
  if (!isEvmChainId(id) && !isCb58Id(id) && id.toLowerCase() !== 'c-chain') {
    throw badInput(argument, `"${id.slice(0, 80)}" is not an EVM chain id (e.g. "43114"), a blockchain id (cb58) or "c-chain"`);
  }
}

export const Chain = builder.loadableNode('Chain', {
  // Every chain comes from one chain-list call per operation, however many are loaded.
  extensions: typeGuard({ loadBatch: 'once', checkId: checkEvmChainIdKey }),
  description: 'An EVM chain indexed by the Data API: the C-Chain or an L1, with its native token and links to its blocks, addresses and tokens.',
  id: { resolve: (chain) => chain.chainId },
  // An id that names no chain loads as null, so `node(id)` answers null rather than an error.
  load: (ids: string[], ctx: Context) => loadEach(ids, (id) => loadersOf(ctx).chainById.load(id)),
  fields: (t) => ({
    chainId: t.exposeString('chainId', { description: 'EVM chain id, as a decimal string (e.g. "43114").' }),
    chainName: t.exposeString('chainName', { description: 'Display name.' }),
    description: t.exposeString('description', { description: 'Free-text description.' }),
    status: t.field({
      type: ChainStatus,
      description: 'Whether the chain\'s nodes serve requests.',
      resolve: (c) => ChainStatus.from(c.status),
    }),
    network: t.field({
      type: NetworkName,
      description: 'The network the chain belongs to (from isTestnet).',
      resolve: (c) => networkName(networkOfTestnet(c.isTestnet)),
    }),
    isTestnet: t.exposeBoolean('isTestnet', { description: 'True for test-network chains.' }),
    platformChainId: t.exposeString('platformChainId', { nullable: true, description: 'The chain\'s blockchain id on the P-Chain (cb58).' }),
    subnetId: t.exposeString('subnetId', { nullable: true, description: 'Id of the subnet (L1) that validates the chain.' }),
    vmId: t.exposeString('vmId', { nullable: true, description: 'Id of the chain\'s virtual machine.' }),
    vmName: t.field({
      type: VmName,
      description: 'The virtual machine family.',
      resolve: (c) => VmName.from(c.vmName),
    }),
    explorerUrl: t.exposeString('explorerUrl', { nullable: true, description: 'Block explorer URL.' }),
    rpcUrl: t.exposeString('rpcUrl', { description: 'Public JSON-RPC URL.' }),
    wsUrl: t.exposeString('wsUrl', { nullable: true, description: 'Public WebSocket URL.' }),
    utilityAddresses: t.expose('utilityAddresses', { type: UtilityAddresses, nullable: true, description: 'Well-known contracts on the chain.' }),
    networkToken: t.expose('networkToken', { type: NetworkToken, description: 'The native token.' }),
    chainLogoUri: t.exposeString('chainLogoUri', { nullable: true, description: 'Logo image URL.' }),
    private: t.exposeBoolean('private', { nullable: true, description: 'True when the chain is private.' }),
    enabledFeatures: t.field({
      type: [ChainFeature],
      description: 'Data API features enabled on the chain (values this gateway does not know are left out).',
      resolve: (c) => ChainFeature.list(c.enabledFeatures),
    }),
  }),
});

// Federation: other graphs refer to a chain by its EVM chain id; loaded from the chain list, like every chain link.
entity(Chain, {
  keys: ['chainId'],
  read: (rep, at) => keyChainId(rep, at),
  resolve: (chainId, ctx) => loadersOf(ctx).chainById.load(chainId),
});

builder.queryFields((t) => ({
  chains: t.field({
    type: [Chain],
    nullable: true,
    extensions: { ...fieldGuard({ upstreamCost: 1, upstreamCostPerItem: 0, listSize: () => 100 }), ...serves('data:supportedChains') },
    description:
      'The EVM chains the Data API indexes (`GET /v1/chains`), optionally of one network or with one feature. Null, with an error, when the Data API fails.',
    args: {
      network: t.arg({ type: NetworkName, required: false, description: 'Only chains of this network.' }),
      feature: t.arg({ type: ChainFeature, required: false, description: 'Only chains with this feature enabled.' }),
    },
    resolve: async (_, args, ctx) => {
      const { chains } = await ctx.upstreams.dataApi.evmChains.supportedChains({
        network: args.network ? dataApiNetwork(args.network) : undefined,
        feature: args.feature ?? undefined,
      });
      return chains;
    },
  }),
  chain: t.checkedField({
    type: Chain,
    nullable: true,
    description:
      'One chain by EVM chain id ("43114"), blockchain id (cb58) or the alias "c-chain"; null when unknown. Read from the chain list (`GET /v1/chains`); an EVM chain id the list lacks is asked for on its own (`GET /v1/chains/{chainId}`). A selection of fields keyed by the chain id alone (blocks, block, transaction, transactions, address, token, nftCollection, nftToken, avgTps, metrics, rollingMetrics, metricsChain) is answered without reading the chain list: an unknown EVM chain id then shows as NOT_FOUND errors of those fields rather than as null.',
    extensions: serves('data:supportedChains', 'data:getChainInfo'),
    args: {
      id: t.arg.string({ required: true, description: 'EVM chain id, blockchain id or "c-chain".' }),
      network: t.arg({ type: NetworkName, required: false, defaultValue: DEFAULT_NETWORK_NAME, description: 'Network the "c-chain" alias refers to.' }),
    },
    // The id, with the alias resolved.
    check: (args) => (checkChainId('id', args.id), resolveAlias(args.id, args.network ?? DEFAULT_NETWORK_NAME)),
    resolve: (_, key, _args, ctx, info) => (isEvmChainId(key) && selectsOnly(info, KEY_ONLY_FIELDS) ? keyOnlyChain(key) : chainByKey(ctx, key)),
  }),
}));
