/**
 * ChainConfiguration: the chain config a node reports (`eth_getChainConfig`) as typed fields, beside
 * the raw JSON of `Chain.chainConfig`. Coreth (the C-Chain) and subnet-EVM (L1s) write different
 * keys: Ethereum forks by block (both), Shanghai and Cancun by time, Avalanche upgrades as coreth's
 * `apricotPhase1BlockTimestamp`... or subnet-EVM's `subnetEVMTimestamp`, `durangoTimestamp`...; only
 * subnet-EVM has a fee config, fee recipients and stateful precompiles, enabled by top-level keys
 * (from genesis) and by `upgrades.precompileUpgrades` later. A key the node leaves out is null.
 */
import { builder } from '../../builder.js';
import type { WireEvmGenesisFeeConfig, WireEvmGenesisRewardConfig } from '../../upstream/data-api/types/primary.js';
import { PRECOMPILE_ADDRESSES, type WireChainConfig } from '../../upstream/node-rpc/wire/evm.js';
import { EvmGenesisFeeConfig, EvmGenesisRewardConfig, FORK_BLOCKS as GENESIS_FORK_BLOCKS, quantity, seconds } from './genesis.js';

/** One precompile entry: its config key and the config object under it. */
export interface ChainConfigPrecompileShape {
  key: string;
  config: Record<string, unknown>;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const strings = (value: unknown): string[] | null => (Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : null);
const bool = (value: unknown): boolean | null => (typeof value === 'boolean' ? value : null);

/**
 * The precompiles a config enables by top-level key: the known ones, and any other object key
 * that carries a `blockTimestamp` (a precompile this gateway does not know yet).
 */
export function genesisPrecompiles(config: WireChainConfig): ChainConfigPrecompileShape[] {
  return Object.entries(config)
    .filter(([key, value]) => isObject(value) && (key in PRECOMPILE_ADDRESSES || (key !== 'feeConfig' && key !== 'upgrades' && 'blockTimestamp' in value)))
    .map(([key, value]) => ({ key, config: value as Record<string, unknown> }));
}

/** `upgrades.precompileUpgrades`: each entry an object with one config key, in the node's order. */
export function precompileUpgrades(config: WireChainConfig): ChainConfigPrecompileShape[] {
  const list = isObject(config.upgrades) ? config.upgrades.precompileUpgrades : undefined;
  if (!Array.isArray(list)) return [];
  return list.filter(isObject).flatMap((entry) =>
    Object.entries(entry)
      .filter(([, value]) => isObject(value))
      .map(([key, value]) => ({ key, config: value as Record<string, unknown> })),
  );
}

export const ChainConfigPrecompile = builder.objectRef<ChainConfigPrecompileShape>('ChainConfigPrecompile').implement({
  description: 'A stateful precompile as a chain config enables (or, in an upgrade, disables) it.',
  fields: (t) => ({
    key: t.exposeString('key', { description: 'Its config key, e.g. "feeManagerConfig" or "warpConfig".' }),
    address: t.string({
      nullable: true,
      description: 'Its fixed contract address; null for a key this gateway does not know.',
      resolve: (p) => PRECOMPILE_ADDRESSES[p.key] ?? null,
    }),
    blockTimestamp: t.field({ type: 'Timestamp', nullable: true, description: 'When this entry takes effect.', resolve: (p) => seconds(p.config.blockTimestamp) }),
    disable: t.boolean({ description: 'True when this entry turns the precompile off (upgrades only).', resolve: (p) => p.config.disable === true }),
    adminAddresses: t.stringList({ nullable: true, description: 'Addresses that administer it (allow-list precompiles).', resolve: (p) => strings(p.config.adminAddresses) }),
    managerAddresses: t.stringList({ nullable: true, description: 'Addresses that manage it (allow-list precompiles).', resolve: (p) => strings(p.config.managerAddresses) }),
    enabledAddresses: t.stringList({ nullable: true, description: 'Addresses allowed to use it (allow-list precompiles).', resolve: (p) => strings(p.config.enabledAddresses) }),
    initialFeeConfig: t.field({
      type: EvmGenesisFeeConfig,
      nullable: true,
      description: 'Fee manager: the fee config it sets when it activates; null when not set.',
      resolve: (p) => (isObject(p.config.initialFeeConfig) ? (p.config.initialFeeConfig as WireEvmGenesisFeeConfig) : null),
    }),
    initialRewardConfig: t.field({
      type: EvmGenesisRewardConfig,
      nullable: true,
      description: 'Reward manager: where fees go when it activates; null when not set.',
      resolve: (p) => (isObject(p.config.initialRewardConfig) ? (p.config.initialRewardConfig as WireEvmGenesisRewardConfig) : null),
    }),
    quorumNumerator: t.int({
      nullable: true,
      description: 'Warp: share of stake (out of 100) whose signatures make a valid message.',
      resolve: (p) => (Number.isSafeInteger(p.config.quorumNumerator) ? (p.config.quorumNumerator as number) : null),
    }),
    requirePrimaryNetworkSigners: t.boolean({
      nullable: true,
      description: 'Warp: true when messages from the primary network need primary-network signers.',
      resolve: (p) => bool(p.config.requirePrimaryNetworkSigners),
    }),
    config: t.expose('config', { type: 'JSON', description: 'The entry as the node sent it, including keys not typed here.' }),
  }),
});

/** Ethereum forks by block number: the genesis config's, and the DAO fork a node reports too. */
const FORK_BLOCKS = [...GENESIS_FORK_BLOCKS, ['daoForkBlock', 'the DAO fork']] as const;

/** Forks and upgrades by time (Unix seconds): geth's, coreth's and subnet-EVM's keys. */
const TIMED = [
  ['shanghaiTime', 'Shanghai rules apply (on Avalanche, with Durango)'],
  ['cancunTime', 'Cancun rules apply (on Avalanche, with Etna)'],
  ['apricotPhase1BlockTimestamp', 'Apricot Phase 1 applies (coreth)'],
  ['apricotPhase2BlockTimestamp', 'Apricot Phase 2 applies (coreth)'],
  ['apricotPhase3BlockTimestamp', 'Apricot Phase 3 applies (coreth: dynamic fees)'],
  ['apricotPhase4BlockTimestamp', 'Apricot Phase 4 applies (coreth: block gas cost)'],
  ['apricotPhase5BlockTimestamp', 'Apricot Phase 5 applies (coreth)'],
  ['apricotPhasePre6BlockTimestamp', 'Apricot Phase Pre-6 applies (coreth)'],
  ['apricotPhase6BlockTimestamp', 'Apricot Phase 6 applies (coreth)'],
  ['apricotPhasePost6BlockTimestamp', 'Apricot Phase Post-6 applies (coreth)'],
  ['banffBlockTimestamp', 'Banff applies (coreth)'],
  ['cortinaBlockTimestamp', 'Cortina applies (coreth)'],
  ['durangoBlockTimestamp', 'Durango applies (coreth\'s key)'],
  ['subnetEVMTimestamp', 'the Subnet-EVM base rules apply (subnet-EVM)'],
  ['durangoTimestamp', 'Durango applies (subnet-EVM\'s key)'],
  ['etnaTimestamp', 'Etna applies'],
  ['fortunaTimestamp', 'Fortuna applies'],
  ['graniteTimestamp', 'Granite applies'],
] as const;

export const ChainConfiguration = builder.objectRef<WireChainConfig>('ChainConfiguration').implement({
  description:
    'A chain\'s configuration as its node reports it (`eth_getChainConfig`), typed: chain id, Ethereum forks, Avalanche upgrades and, on subnet-EVM chains, the genesis fee config, fee recipients and precompiles. Fields the node does not report are null.',
  fields: (t) => ({
    chainId: t.field({ type: 'BigInt', nullable: true, description: 'The EVM chain id.', resolve: (c) => quantity(c.chainId) }),
    ...Object.fromEntries(
      FORK_BLOCKS.map(([name, fork]) => [
        name,
        t.field({ type: 'BigInt', nullable: true, description: `Block from which ${fork} rules apply.`, resolve: (c) => quantity(c[name]) }),
      ]),
    ),
    daoForkSupport: t.boolean({ nullable: true, description: 'Whether the chain follows the DAO fork\'s state change.', resolve: (c) => bool(c.daoForkSupport) }),
    eip150Hash: t.string({ nullable: true, description: 'Block hash pinned by EIP-150.', resolve: (c) => (typeof c.eip150Hash === 'string' ? c.eip150Hash : null) }),
    ...Object.fromEntries(
      TIMED.map(([name, what]) => [
        name,
        t.field({ type: 'Timestamp', nullable: true, description: `When ${what}.`, resolve: (c) => seconds(c[name]) }),
      ]),
    ),
    feeConfig: t.field({
      type: EvmGenesisFeeConfig,
      nullable: true,
      description: 'The genesis fee config (subnet-EVM); the one in force at a block is `Chain.feeConfig`.',
      resolve: (c) => (isObject(c.feeConfig) ? (c.feeConfig as WireEvmGenesisFeeConfig) : null),
    }),
    allowFeeRecipients: t.boolean({
      nullable: true,
      description: 'True when block producers may name their own fee recipient (subnet-EVM).',
      resolve: (c) => bool(c.allowFeeRecipients),
    }),
    precompiles: t.field({
      type: [ChainConfigPrecompile],
      description: 'Stateful precompiles the config enables itself (at genesis), by config key.',
      resolve: (c) => genesisPrecompiles(c),
    }),
    precompileUpgrades: t.field({
      type: [ChainConfigPrecompile],
      description: 'Later precompile upgrades (`upgrades.precompileUpgrades`), in order: each enables or disables one precompile at its time.',
      resolve: (c) => precompileUpgrades(c),
    }),
  }),
});
