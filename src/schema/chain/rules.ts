/**
 * A chain's configuration as its node reports it: the chain config JSON (`eth_getChainConfig`) and
 * the rules and precompiles active at a time (`eth_getActiveRulesAt`, with the deprecated
 * `eth_getActivePrecompilesAt`).
 */
import { builder, type Types } from '../../builder.js';
import type { EvmActivePrecompile, EvmActiveRules } from '../../upstream/node-rpc/evm.js';
import { Chain } from './chain.js';
import { servedOrNull } from '../common/notices.js';
import { ChainConfiguration } from './chain-config.js';
import { fieldGuard } from '../common/guards.js';

type Flags = Record<string, boolean>;
type FieldBuilder = PothosSchemaTypes.ObjectFieldBuilder<Types, Flags>;

/** A Boolean field over an upstream flag (Go name); null when the node does not report it. */
function flagFields(t: FieldBuilder, flags: Record<string, [string, string]>) {
  return Object.fromEntries(
    Object.entries(flags).map(([field, [upstream, description]]) => [
      field,
      t.boolean({ nullable: true, description: `${description} Null when the node does not report this rule.`, resolve: (f) => f[upstream] ?? null }),
    ]),
  );
}

const enabledField = (t: FieldBuilder) =>
  t.stringList({
    description: 'Go names of every rule the node reports as active, including rules that have no field here yet.',
    resolve: (f) => Object.keys(f).filter((name) => f[name]),
  });

const EthRules = builder.objectRef<Flags>('EthRules').implement({
  description: 'The Ethereum rule set (geth\'s `params.Rules`) in force: which hard forks and EIPs apply.',
  fields: (t) => ({
    ...flagFields(t, {
      isHomestead: ['IsHomestead', 'Homestead applies.'],
      isEIP150: ['IsEIP150', 'EIP-150 (gas cost changes for IO-heavy operations) applies.'],
      isEIP155: ['IsEIP155', 'EIP-155 (replay protection with the chain id) applies.'],
      isEIP158: ['IsEIP158', 'EIP-158 (state clearing) applies.'],
      isEIP2929: ['IsEIP2929', 'EIP-2929 (gas cost increases for state access opcodes) applies.'],
      isByzantium: ['IsByzantium', 'Byzantium applies.'],
      isConstantinople: ['IsConstantinople', 'Constantinople applies.'],
      isPetersburg: ['IsPetersburg', 'Petersburg applies.'],
      isIstanbul: ['IsIstanbul', 'Istanbul applies.'],
      isBerlin: ['IsBerlin', 'Berlin applies.'],
      isLondon: ['IsLondon', 'London (EIP-1559 base fee) applies.'],
      isMerge: ['IsMerge', 'The Merge rules apply.'],
      isShanghai: ['IsShanghai', 'Shanghai applies (on Avalanche, with Durango).'],
      isCancun: ['IsCancun', 'Cancun applies (on Avalanche, with Etna).'],
      isPrague: ['IsPrague', 'Prague applies.'],
      isVerkle: ['IsVerkle', 'Verkle rules apply.'],
    }),
    enabled: enabledField(t),
  }),
});

const AvalancheRules = builder.objectRef<Flags>('AvalancheRules').implement({
  description: 'The Avalanche network upgrades in force on the chain\'s VM.',
  fields: (t) => ({
    ...flagFields(t, {
      isSubnetEVM: ['IsSubnetEVM', 'The Subnet-EVM base rules apply.'],
      isDurango: ['IsDurango', 'The Durango upgrade applies.'],
      isEtna: ['IsEtna', 'The Etna upgrade applies.'],
      isFortuna: ['IsFortuna', 'The Fortuna upgrade applies.'],
      isGranite: ['IsGranite', 'The Granite upgrade applies.'],
    }),
    enabled: enabledField(t),
  }),
});

const ActivePrecompile = builder.objectRef<EvmActivePrecompile>('ActivePrecompile').implement({
  description: 'A stateful precompile enabled on the chain.',
  fields: (t) => ({
    key: t.exposeString('key', { description: 'Its config key, e.g. "feeManagerConfig" or "warpConfig".' }),
    address: t.exposeString('address', { nullable: true, description: 'Its fixed contract address; null for a key this gateway does not know.' }),
    activatedAt: t.expose('timestamp', { type: 'Timestamp', nullable: true, description: 'When it was enabled (Unix seconds), when the node reports it.' }),
  }),
});

export const ActiveRules = builder.objectRef<EvmActiveRules>('ActiveRules').implement({
  description: 'The rules and precompiles in force on a subnet-EVM chain at a time (`eth_getActiveRulesAt`).',
  fields: (t) => ({
    chainId: t.expose('chainId', { type: 'BigInt', nullable: true, description: 'The chain id the rules were built for.' }),
    ethRules: t.expose('ethRules', { type: EthRules, description: 'Ethereum hard forks and EIPs in force.' }),
    avalancheRules: t.expose('avalancheRules', { type: AvalancheRules, description: 'Avalanche network upgrades in force.' }),
    precompiles: t.expose('precompiles', { type: [ActivePrecompile], description: 'The stateful precompiles enabled, by config key.' }),
  }),
});

const AT_DESCRIPTION = 'The time to evaluate at (Unix seconds); default: the time of the chain\'s latest block.';

builder.objectFields(Chain, (t) => ({
  chainConfig: t.field({
    type: 'JSON',
    nullable: true,
    description:
      'The chain config as the node reports it (`eth_getChainConfig`): coreth\'s on the C-Chain, subnet-EVM\'s with fee config, upgrades and precompile configs on an L1. Cached: it changes only with node upgrades. Null, with a METHOD_NOT_SERVED notice in `extensions.notices`, when the node does not serve the method.',
    extensions: fieldGuard({ upstreamCost: 1 }),
    resolve: (chain, _args, ctx, info) => servedOrNull(ctx, info, ctx.upstreams.nodeRpc.evm(chain).chainConfig()),
  }),
  chainConfiguration: t.field({
    type: ChainConfiguration,
    nullable: true,
    description:
      'The same chain config as `chainConfig` (`eth_getChainConfig`, one call for both), as typed fields: forks, Avalanche upgrades, fee config and precompiles. Null, with a METHOD_NOT_SERVED notice in `extensions.notices`, when the node does not serve the method.',
    extensions: fieldGuard({ upstreamCost: 1 }),
    resolve: (chain, _args, ctx, info) => servedOrNull(ctx, info, ctx.upstreams.nodeRpc.evm(chain).chainConfig()),
  }),
  activeRules: t.field({
    type: ActiveRules,
    nullable: true,
    description:
      'The rules and precompiles active at a time (`eth_getActiveRulesAt`). Null, with a METHOD_NOT_SERVED notice in the response\'s `extensions.notices` and no error, on chains whose node does not serve the method (the C-Chain: coreth).',
    args: { at: t.arg({ type: 'Timestamp', required: false, description: AT_DESCRIPTION }) },
    extensions: fieldGuard({ upstreamCost: 1 }),
    resolve: (chain, args, ctx, info) => servedOrNull(ctx, info, ctx.upstreams.nodeRpc.evm(chain).activeRulesAt(args.at ?? undefined)),
  }),
  activePrecompiles: t.field({
    type: 'JSON',
    nullable: true,
    deprecationReason: 'Use activeRules',
    description:
      'The precompiles active at a time with the config that enabled each (`eth_getActivePrecompilesAt`). Null, with a METHOD_NOT_SERVED notice in the response\'s `extensions.notices` and no error, on chains whose node does not serve the method (the C-Chain: coreth).',
    args: { at: t.arg({ type: 'Timestamp', required: false, description: AT_DESCRIPTION }) },
    extensions: fieldGuard({ upstreamCost: 1 }),
    resolve: (chain, args, ctx, info) => servedOrNull(ctx, info, ctx.upstreams.nodeRpc.evm(chain).activePrecompilesAt(args.at ?? undefined)),
  }),
}));
