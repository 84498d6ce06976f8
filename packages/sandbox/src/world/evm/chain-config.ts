/**
 * The subnet-EVM chain config of each L1 of the world, described once: its fee config and the
 * fee-manager changes after genesis, the stateful precompiles enabled at genesis and those that
 * arrive (or leave) by a later precompile upgrade, and its genesis. Every service reads this one
 * description: the Data API serves the genesis (`genesisData` of the L1's blockchain), the node
 * serves the chain config, fee config and rules (`eth_getChainConfig`, `eth_feeConfig`,
 * `eth_getActiveRulesAt`), and the block generator keeps every base fee at or above the minimum
 * of the fee config in force. So the genesis config equals the node's chain config at genesis, and
 * later changes appear only where a real node shows them (its `upgrades`, its fee config at a block).
 *
 * Each L1 gets a profile that suits its story (a gaming L1 mints and gates deployers, a payments L1
 * shares fees with a reward address); an L1 without a profile has Warp only. Times, gas limit and
 * admins come from the chain's plan (its clock and its wallets), made before any block, so the
 * description costs nothing at startup and every value can be checked against the chain's blocks.
 */
import { bytesToHex, type NetworkKey } from '@avalanche-graph/identity';
import type { SandboxChain } from '../chains.js';
import { GWEI } from './constants.js';
import { ethForks, subnetEvmUpgrades } from './upgrades.js';

/** Subnet-EVM's precompile config keys and their fixed addresses. */
export const PRECOMPILE_ADDRESSES = {
  contractDeployerAllowListConfig: '0x0200000000000000000000000000000000000000',
  contractNativeMinterConfig: '0x0200000000000000000000000000000000000001',
  txAllowListConfig: '0x0200000000000000000000000000000000000002',
  feeManagerConfig: '0x0200000000000000000000000000000000000003',
  rewardManagerConfig: '0x0200000000000000000000000000000000000004',
  warpConfig: '0x0200000000000000000000000000000000000005',
} as const;
export type PrecompileKey = keyof typeof PRECOMPILE_ADDRESSES;

/** commontype.FeeConfig; the big.Int fields marshal as JSON numbers, all of them safe integers here. */
export interface FeeConfig {
  gasLimit: number;
  targetBlockRate: number;
  minBaseFee: number;
  targetGas: number;
  baseFeeChangeDenominator: number;
  minBlockGasCost: number;
  maxBlockGasCost: number;
  blockGasCostStep: number;
}

/** One precompile activation (or deactivation): its key and config JSON, `blockTimestamp` included. */
export interface PrecompileEvent {
  key: PrecompileKey;
  config: Record<string, unknown> & { blockTimestamp: number; disable?: boolean };
}

export interface L1ChainConfig {
  network: NetworkKey;
  chainId: number;
  /** Timestamp (s) of the genesis block, block 0. */
  genesisTime: number;
  /** Block gas limit of every block (the fee config's `gasLimit`). */
  gasLimit: bigint;
  /** Genesis allocation (address in EIP-55 → wei). */
  alloc: ReadonlyMap<string, bigint>;
  /** The genesis fee config (chain config `feeConfig`). */
  feeConfig: FeeConfig;
  /** Fee-manager changes: from this block on, this config applies (`lastChangedAt` = block). */
  feeChanges: { block: number; feeConfig: FeeConfig }[];
  allowFeeRecipients: boolean;
  /** Enabled in the genesis (top-level keys of the chain config). */
  genesis: PrecompileEvent[];
  /** `upgrades.precompileUpgrades`, in time order. */
  upgrades: PrecompileEvent[];
}

/** What the description is made from: the chain's plan, before any block (see plan.ts). */
export interface L1ChainSkeleton {
  chain: SandboxChain;
  /** Block timestamps in ms, index = block number. */
  timestampsMs: readonly number[];
  /** The chain's wallets; the first administers its precompiles. */
  wallets: readonly string[];
  gasLimit: bigint;
  genesisAlloc: ReadonlyMap<string, bigint>;
}

function feeConfigOf(gasLimit: bigint, minBaseFee: bigint, targetGas: number, denominator: number): FeeConfig {
  return {
    gasLimit: Number(gasLimit),
    targetBlockRate: 2,
    minBaseFee: Number(minBaseFee),
    targetGas,
    baseFeeChangeDenominator: denominator,
    minBlockGasCost: 0,
    maxBlockGasCost: 1_000_000,
    blockGasCostStep: 200_000,
  };
}

export function l1ChainConfig(plan: L1ChainSkeleton): L1ChainConfig {
  const blockTime = (block: number): number => Math.floor(plan.timestampsMs[block]! / 1000);
  /** The block at `fraction` of the chain's height (a point inside the world's history) and its time. */
  const blockAt = (fraction: number): { block: number; timestamp: number } => {
    const block = Math.max(1, Math.floor((plan.timestampsMs.length - 1) * fraction));
    return { block, timestamp: blockTime(block) };
  };
  const genesisTime = blockTime(0);
  const admin = plan.wallets[0]!.toLowerCase();
  const warp: PrecompileEvent = {
    key: 'warpConfig',
    config: { blockTimestamp: genesisTime, quorumNumerator: 67, requirePrimaryNetworkSigners: false },
  };
  const base = { network: plan.chain.network, chainId: plan.chain.evmChainId, genesisTime, gasLimit: plan.gasLimit, alloc: plan.genesisAlloc };
  switch (plan.chain.evmChainId) {
    case 779672: {
      // Gaming L1: gated deployers, a native minter for rewards, and a fee manager that raised the
      // gas target half-way through the world's history.
      const feeConfig = feeConfigOf(plan.gasLimit, GWEI, 20_000_000, 48);
      return {
        ...base,
        feeConfig,
        feeChanges: [{ block: blockAt(0.5).block, feeConfig: { ...feeConfig, targetGas: 30_000_000 } }],
        allowFeeRecipients: false,
        genesis: [
          { key: 'contractDeployerAllowListConfig', config: { adminAddresses: [admin], blockTimestamp: genesisTime } },
          { key: 'contractNativeMinterConfig', config: { adminAddresses: [admin], blockTimestamp: genesisTime } },
          // Activated with the genesis fee config as its initial one (so activation changes nothing).
          { key: 'feeManagerConfig', config: { adminAddresses: [admin], blockTimestamp: genesisTime, initialFeeConfig: feeConfig } },
          warp,
        ],
        upgrades: [],
      };
    }
    case 432204:
      // Payments L1: fees go to a reward address; a native minter was enabled by a later upgrade.
      return {
        ...base,
        feeConfig: feeConfigOf(plan.gasLimit, 7n * GWEI, 15_000_000, 36),
        feeChanges: [],
        allowFeeRecipients: true,
        genesis: [
          {
            key: 'rewardManagerConfig',
            config: { adminAddresses: [admin], blockTimestamp: genesisTime, initialRewardConfig: { allowFeeRecipients: true } },
          },
          warp,
        ],
        upgrades: [{ key: 'contractNativeMinterConfig', config: { adminAddresses: [admin], blockTimestamp: blockAt(0.6).timestamp } }],
      };
    default:
      return { ...base, feeConfig: feeConfigOf(plan.gasLimit, 7n * GWEI, 15_000_000, 36), feeChanges: [], allowFeeRecipients: false, genesis: [warp], upgrades: [] };
  }
}

/** The precompiles enabled at `timestamp`, each with the config that enabled it. */
export function enabledPrecompiles(config: L1ChainConfig, timestamp: number): Map<PrecompileKey, PrecompileEvent> {
  const enabled = new Map<PrecompileKey, PrecompileEvent>();
  for (const event of [...config.genesis, ...config.upgrades]) {
    if (event.config.blockTimestamp > timestamp) continue;
    if (event.config.disable) enabled.delete(event.key);
    else enabled.set(event.key, event);
  }
  return enabled;
}

/** The fee config in force at `block` and the block of its last change (0: never changed). */
export function feeConfigAt(config: L1ChainConfig, block: number): { feeConfig: FeeConfig; lastChangedAt: number } {
  let current = { feeConfig: config.feeConfig, lastChangedAt: 0 };
  for (const change of config.feeChanges) if (change.block <= block) current = { feeConfig: change.feeConfig, lastChangedAt: change.block };
  return current;
}

/**
 * The chain config as the genesis gives it, which is the node's chain config at genesis: chain id,
 * genesis fee config, the Ethereum forks and the network upgrades, and the precompiles enabled at
 * genesis as top-level keys. The node adds only `upgrades` (precompile upgrades after genesis).
 */
export function genesisChainConfig(config: L1ChainConfig): Record<string, unknown> {
  const upgrades = subnetEvmUpgrades(config.network);
  const out: Record<string, unknown> = {
    chainId: config.chainId,
    feeConfig: config.feeConfig,
    allowFeeRecipients: config.allowFeeRecipients,
    ...ethForks(upgrades.durangoTimestamp, upgrades.etnaTimestamp),
    ...upgrades,
  };
  for (const event of config.genesis) out[event.key] = event.config;
  return out;
}

const hexQuantity = (value: bigint | number): string => `0x${BigInt(value).toString(16)}`;

/** The L1's genesis in the shape the Data API returns it (`genesisData`): what its block 0 was made from. */
export function l1Genesis(config: L1ChainConfig): Record<string, unknown> {
  return {
    config: genesisChainConfig(config),
    alloc: Object.fromEntries([...config.alloc].map(([address, balance]) => [address, { balance: hexQuantity(balance) }])),
    nonce: '0x0',
    timestamp: hexQuantity(config.genesisTime),
    extraData: '0x',
    gasLimit: hexQuantity(config.gasLimit),
    difficulty: '0x0',
    mixHash: bytesToHex(new Uint8Array(32)),
    coinbase: bytesToHex(new Uint8Array(20)),
    number: '0x0',
    gasUsed: '0x0',
    parentHash: bytesToHex(new Uint8Array(32)),
    baseFeePerGas: null,
    blobGasUsed: null,
    excessBlobGas: null,
  };
}
