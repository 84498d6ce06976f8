/**
 * The genesis of an EVM blockchain as the Data API parses it. Quantities arrive as JSON numbers or
 * hex/decimal strings depending on the field; they leave as exact BigInts. The parts whose
 * structure is open (storage slots, the whole config with upgrades this type does not model) are
 * also given as JSON.
 */
import { builder } from '../../builder.js';
import type {
  WireEvmGenesis,
  WireEvmGenesisAlloc,
  WireEvmGenesisAllowListConfig,
  WireEvmGenesisConfig,
  WireEvmGenesisFeeConfig,
  WireEvmGenesisRewardConfig,
  WireEvmGenesisWarpConfig,
} from '../../upstream/data-api/types/primary.js';

/** A quantity given as a JSON number, a decimal string or a 0x hex string; null when absent or not a whole number. */
export function quantity(value: unknown): bigint | null {
  if (typeof value === 'number') return Number.isFinite(value) && Number.isInteger(value) ? BigInt(value) : null;
  if (typeof value === 'bigint') return value;
  if (typeof value !== 'string') return null;
  const text = value.trim();
  if (/^0x[0-9a-fA-F]+$/.test(text) || /^\d+$/.test(text)) return BigInt(text);
  return null;
}

/** A time given as seconds (number, decimal or hex); null when absent or not representable. */
export function seconds(value: unknown): number | null {
  const q = quantity(value);
  return q !== null && q >= 0n && q <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(q) : null;
}

export const EvmGenesisFeeConfig = builder.objectRef<WireEvmGenesisFeeConfig>('EvmGenesisFeeConfig').implement({
  description: 'The dynamic-fee parameters of a subnet-EVM chain at genesis.',
  fields: (t) => ({
    gasLimit: t.field({ type: 'BigInt', nullable: true, description: 'Block gas limit.', resolve: (c) => quantity(c.gasLimit) }),
    targetBlockRate: t.field({ type: 'BigInt', nullable: true, description: 'Target seconds between blocks.', resolve: (c) => quantity(c.targetBlockRate) }),
    minBaseFee: t.field({ type: 'BigInt', nullable: true, description: 'Lowest base fee, in wei.', resolve: (c) => quantity(c.minBaseFee) }),
    targetGas: t.field({ type: 'BigInt', nullable: true, description: 'Gas the fee algorithm targets per window.', resolve: (c) => quantity(c.targetGas) }),
    baseFeeChangeDenominator: t.field({
      type: 'BigInt',
      nullable: true,
      description: 'Divisor bounding how fast the base fee moves.',
      resolve: (c) => quantity(c.baseFeeChangeDenominator),
    }),
    minBlockGasCost: t.field({ type: 'BigInt', nullable: true, description: 'Lowest block gas cost.', resolve: (c) => quantity(c.minBlockGasCost) }),
    maxBlockGasCost: t.field({ type: 'BigInt', nullable: true, description: 'Highest block gas cost.', resolve: (c) => quantity(c.maxBlockGasCost) }),
    blockGasCostStep: t.field({ type: 'BigInt', nullable: true, description: 'How much the block gas cost moves per block.', resolve: (c) => quantity(c.blockGasCostStep) }),
  }),
});

export const EvmGenesisRewardConfig = builder.objectRef<WireEvmGenesisRewardConfig>('EvmGenesisRewardConfig').implement({
  description: 'Where a subnet-EVM chain\'s fees go, as its reward manager is first configured (`initialRewardConfig`).',
  fields: (t) => ({
    allowFeeRecipients: t.exposeBoolean('allowFeeRecipients', { nullable: true, description: 'True when block producers may name their own fee recipient.' }),
    rewardAddress: t.exposeString('rewardAddress', { nullable: true, description: 'The address fees are paid to; null when not set (fees are burnt or go to producers).' }),
  }),
});

export const EvmGenesisAllowListConfig = builder.objectRef<WireEvmGenesisAllowListConfig>('EvmGenesisAllowListConfig').implement({
  description: 'An allow-list precompile as configured at genesis: who administers, manages and may use it.',
  fields: (t) => ({
    blockTimestamp: t.field({ type: 'Timestamp', nullable: true, description: 'When the precompile activates.', resolve: (c) => seconds(c.blockTimestamp) }),
    adminAddresses: t.stringList({ nullable: true, description: 'Addresses that administer the list.', resolve: (c) => c.adminAddresses ?? null }),
    managerAddresses: t.stringList({ nullable: true, description: 'Addresses that manage the list.', resolve: (c) => c.managerAddresses ?? null }),
    enabledAddresses: t.stringList({ nullable: true, description: 'Addresses allowed to use the feature.', resolve: (c) => c.enabledAddresses ?? null }),
    initialRewardConfig: t.expose('initialRewardConfig', { type: EvmGenesisRewardConfig, nullable: true, description: 'Reward manager only: where fees go from activation (`initialRewardConfig`); null when not set.' }),
    initialFeeConfig: t.expose('initialFeeConfig', { type: EvmGenesisFeeConfig, nullable: true, description: 'Fee manager only: the fee config it sets at activation (`initialFeeConfig`); null when not set.' }),
  }),
});

export const EvmGenesisWarpConfig = builder.objectRef<WireEvmGenesisWarpConfig>('EvmGenesisWarpConfig').implement({
  description: 'The Warp messaging precompile as configured at genesis.',
  fields: (t) => ({
    blockTimestamp: t.field({ type: 'Timestamp', nullable: true, description: 'When Warp activates.', resolve: (c) => seconds(c.blockTimestamp) }),
    quorumNumerator: t.exposeInt('quorumNumerator', { nullable: true, description: 'Share of stake (out of 100) whose signatures make a valid message.' }),
    requirePrimaryNetworkSigners: t.exposeBoolean('requirePrimaryNetworkSigners', { nullable: true, description: 'True when messages from the primary network need primary-network signers.' }),
  }),
});

/** Ethereum forks by block number (geth's keys), as genesis and chain configs both carry them. */
export const FORK_BLOCKS = [
  ['homesteadBlock', 'Homestead'],
  ['eip150Block', 'EIP-150'],
  ['eip155Block', 'EIP-155'],
  ['eip158Block', 'EIP-158'],
  ['byzantiumBlock', 'Byzantium'],
  ['constantinopleBlock', 'Constantinople'],
  ['petersburgBlock', 'Petersburg'],
  ['istanbulBlock', 'Istanbul'],
  ['muirGlacierBlock', 'Muir Glacier'],
  ['berlinBlock', 'Berlin'],
  ['londonBlock', 'London'],
] as const;

/** Upgrades a genesis may schedule by time, beyond the brief's fields (subnet-EVM's and geth's names). */
const TIMED_UPGRADES = [
  ['durangoTimestamp', 'the Durango upgrade\'s rules'],
  ['etnaTimestamp', 'the Etna upgrade\'s rules'],
  ['fortunaTimestamp', 'the Fortuna upgrade\'s rules'],
  ['graniteTimestamp', 'the Granite upgrade\'s rules'],
  ['shanghaiTime', 'Shanghai rules (on Avalanche, with Durango)'],
  ['cancunTime', 'Cancun rules (on Avalanche, with Etna)'],
] as const;

const ALLOW_LISTS = [
  ['txAllowListConfig', 'Who may send transactions.'],
  ['contractDeployerAllowListConfig', 'Who may deploy contracts.'],
  ['contractNativeMinterConfig', 'Who may mint the native token.'],
  ['feeManagerConfig', 'Who may change the fee configuration.'],
  ['rewardManagerConfig', 'Who may change where fees go.'],
] as const;

export const EvmGenesisConfig = builder.objectRef<WireEvmGenesisConfig>('EvmGenesisConfig').implement({
  description: 'The chain configuration in an EVM genesis: chain id, fork activations, fees and precompiles.',
  fields: (t) => ({
    chainId: t.field({ type: 'BigInt', nullable: true, description: 'EVM chain id.', resolve: (c) => quantity(c.chainId) }),
    ...Object.fromEntries(
      FORK_BLOCKS.map(([name, fork]) => [
        name,
        t.field({ type: 'BigInt', nullable: true, description: `Block at which ${fork} rules apply.`, resolve: (c) => quantity(c[name]) }),
      ]),
    ),
    eip150Hash: t.exposeString('eip150Hash', { nullable: true, description: 'Block hash pinned by EIP-150.' }),
    subnetEVMTimestamp: t.field({
      type: 'Timestamp',
      nullable: true,
      description: 'When subnet-EVM rules apply.',
      resolve: (c) => seconds(c.subnetEVMTimestamp),
    }),
    ...Object.fromEntries(
      TIMED_UPGRADES.map(([name, what]) => [
        name,
        t.field({ type: 'Timestamp', nullable: true, description: `When ${what} apply; null when the genesis does not schedule it.`, resolve: (c) => seconds(c[name]) }),
      ]),
    ),
    feeConfig: t.expose('feeConfig', { type: EvmGenesisFeeConfig, nullable: true, description: 'Dynamic-fee parameters.' }),
    allowFeeRecipients: t.exposeBoolean('allowFeeRecipients', { nullable: true, description: 'True when block producers may name their own fee recipient.' }),
    warpConfig: t.expose('warpConfig', { type: EvmGenesisWarpConfig, nullable: true, description: 'Warp messaging precompile.' }),
    ...Object.fromEntries(
      ALLOW_LISTS.map(([name, what]) => [
        name,
        t.field({ type: EvmGenesisAllowListConfig, nullable: true, description: `Allow-list precompile: ${what}`, resolve: (c) => c[name] ?? null }),
      ]),
    ),
    raw: t.field({
      type: 'JSON',
      description: 'The whole config object as sent, including upgrades and precompiles not modeled above.',
      resolve: (c) => c,
    }),
  }),
});

interface AllocEntry extends WireEvmGenesisAlloc {
  address: string;
}

export const EvmGenesisAlloc = builder.objectRef<AllocEntry>('EvmGenesisAlloc').implement({
  description: 'An account funded or deployed at genesis.',
  fields: (t) => ({
    address: t.exposeString('address', { description: 'The account address.' }),
    balance: t.field({ type: 'BigInt', nullable: true, description: 'Balance at genesis, in wei.', resolve: (a) => quantity(a.balance) }),
    code: t.exposeString('code', { nullable: true, description: 'Contract bytecode (hex), for contracts deployed at genesis.' }),
    storage: t.expose('storage', { type: 'JSON', nullable: true, description: 'Storage slots set at genesis, as an object of 32-byte hex keys to values.' }),
  }),
});

export const EvmGenesis = builder.objectRef<WireEvmGenesis>('EvmGenesis').implement({
  description: 'The genesis block of an EVM blockchain, as the Data API parses it.',
  fields: (t) => ({
    config: t.expose('config', { type: EvmGenesisConfig, nullable: true, description: 'The chain configuration.' }),
    alloc: t.field({
      type: [EvmGenesisAlloc],
      nullable: true,
      description: 'Accounts funded or deployed at genesis.',
      resolve: (g) => (g.alloc ? Object.entries(g.alloc).map(([address, entry]) => ({ address, ...entry })) : null),
    }),
    airdropAmount: t.field({ type: 'BigInt', nullable: true, description: 'Airdrop amount per claimant, when the chain has one.', resolve: (g) => quantity(g.airdropAmount) }),
    airdropHash: t.exposeString('airdropHash', { nullable: true, description: 'Merkle root of the airdrop, when the chain has one.' }),
    baseFeePerGas: t.field({ type: 'BigInt', nullable: true, description: 'Base fee of the genesis block, in wei.', resolve: (g) => quantity(g.baseFeePerGas) }),
    blobGasUsed: t.field({ type: 'BigInt', nullable: true, description: 'Blob gas used by the genesis block.', resolve: (g) => quantity(g.blobGasUsed) }),
    excessBlobGas: t.field({ type: 'BigInt', nullable: true, description: 'Excess blob gas of the genesis block.', resolve: (g) => quantity(g.excessBlobGas) }),
    coinbase: t.exposeString('coinbase', { nullable: true, description: 'Coinbase address.' }),
    difficulty: t.field({ type: 'BigInt', nullable: true, description: 'Difficulty.', resolve: (g) => quantity(g.difficulty) }),
    extraData: t.exposeString('extraData', { nullable: true, description: 'Extra data (hex).' }),
    gasLimit: t.field({ type: 'BigInt', nullable: true, description: 'Gas limit of the genesis block.', resolve: (g) => quantity(g.gasLimit) }),
    gasUsed: t.field({ type: 'BigInt', nullable: true, description: 'Gas used by the genesis block.', resolve: (g) => quantity(g.gasUsed) }),
    mixHash: t.exposeString('mixHash', { nullable: true, description: 'Mix hash.' }),
    nonce: t.field({ type: 'BigInt', nullable: true, description: 'Nonce.', resolve: (g) => quantity(g.nonce) }),
    number: t.field({ type: 'BigInt', nullable: true, description: 'Block number of the genesis block.', resolve: (g) => quantity(g.number) }),
    parentHash: t.exposeString('parentHash', { nullable: true, description: 'Parent hash (zero).' }),
    timestamp: t.field({ type: 'Timestamp', nullable: true, description: 'Genesis time.', resolve: (g) => seconds(g.timestamp) }),
  }),
});
