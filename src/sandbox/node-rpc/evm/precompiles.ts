/**
 * Subnet-EVM's stateful precompiles on the world's L1s: which are enabled at genesis, which arrive
 * (or leave) by a later precompile upgrade, and the fee-config history the fee manager leaves.
 * Each L1 gets a profile that suits its story (a gaming L1 mints and gates deployers, a payments
 * L1 shares fees with a reward address); an L1 without a profile has Warp only. Times and admins
 * come from the chain's own blocks and wallets, so every value can be checked against the world.
 */
import type { EvmChainWorld } from '../../world/evm/types.js';

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

export interface L1Setup {
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

/**
 * The largest 1-significant-digit amount not above `n` (27.3 gwei -> 20 gwei): a minimum base fee
 * that every block of the world respects.
 */
function floorRound(n: bigint): number {
  if (n <= 0n) return 0;
  const digits = n.toString().length;
  const unit = 10n ** BigInt(digits - 1);
  return Number((n / unit) * unit);
}

function baseFeeConfig(evm: EvmChainWorld, targetGas: number, denominator: number): FeeConfig {
  const latest = evm.blocks[evm.blocks.length - 1];
  let minBaseFee = latest?.baseFeePerGas ?? 25_000_000_000n;
  for (const block of evm.blocks) if (block.baseFeePerGas < minBaseFee) minBaseFee = block.baseFeePerGas;
  return {
    gasLimit: Number(latest?.gasLimit ?? 8_000_000n),
    targetBlockRate: 2,
    minBaseFee: floorRound(minBaseFee),
    targetGas,
    baseFeeChangeDenominator: denominator,
    minBlockGasCost: 0,
    maxBlockGasCost: 1_000_000,
    blockGasCostStep: 200_000,
  };
}

/** Time of the block at `fraction` of the chain's height (a point inside the world's history). */
function timeAt(evm: EvmChainWorld, fraction: number): { block: number; timestamp: number } {
  const block = Math.max(1, Math.floor(evm.latestBlockNumber() * fraction));
  return { block, timestamp: evm.blockByNumber(block)?.timestamp ?? 0 };
}

export function l1Setup(evm: EvmChainWorld): L1Setup {
  const genesisTime = evm.blockByNumber(0)?.timestamp ?? 0;
  const admin = (evm.wallets[0] ?? '0x8db97c7cece249c2b98bdc0226cc4c2a57bf52fc').toLowerCase();
  const warp: PrecompileEvent = {
    key: 'warpConfig',
    config: { blockTimestamp: genesisTime, quorumNumerator: 67, requirePrimaryNetworkSigners: false },
  };
  switch (evm.evmChainId) {
    case 779672: {
      // Gaming L1: gated deployers, a native minter for rewards, and a fee manager that raised the
      // gas target half-way through the world's history.
      const feeConfig = baseFeeConfig(evm, 20_000_000, 48);
      const change = timeAt(evm, 0.5);
      return {
        feeConfig,
        feeChanges: [{ block: change.block, feeConfig: { ...feeConfig, targetGas: 30_000_000 } }],
        allowFeeRecipients: false,
        genesis: [
          { key: 'contractDeployerAllowListConfig', config: { adminAddresses: [admin], blockTimestamp: genesisTime } },
          { key: 'contractNativeMinterConfig', config: { adminAddresses: [admin], blockTimestamp: genesisTime } },
          { key: 'feeManagerConfig', config: { adminAddresses: [admin], blockTimestamp: genesisTime } },
          warp,
        ],
        upgrades: [],
      };
    }
    case 432204: {
      // Payments L1: fees go to a reward address; a native minter was enabled by a later upgrade.
      const upgrade = timeAt(evm, 0.6);
      return {
        feeConfig: baseFeeConfig(evm, 15_000_000, 36),
        feeChanges: [],
        allowFeeRecipients: true,
        genesis: [
          {
            key: 'rewardManagerConfig',
            config: { adminAddresses: [admin], blockTimestamp: genesisTime, initialRewardConfig: { allowFeeRecipients: true } },
          },
          warp,
        ],
        upgrades: [{ key: 'contractNativeMinterConfig', config: { adminAddresses: [admin], blockTimestamp: upgrade.timestamp } }],
      };
    }
    default:
      return { feeConfig: baseFeeConfig(evm, 15_000_000, 36), feeChanges: [], allowFeeRecipients: false, genesis: [warp], upgrades: [] };
  }
}

/** The precompiles enabled at `timestamp`, each with the config that enabled it. */
export function enabledPrecompiles(setup: L1Setup, timestamp: number): Map<PrecompileKey, PrecompileEvent> {
  const enabled = new Map<PrecompileKey, PrecompileEvent>();
  for (const event of [...setup.genesis, ...setup.upgrades]) {
    if (event.config.blockTimestamp > timestamp) continue;
    if (event.config.disable) enabled.delete(event.key);
    else enabled.set(event.key, event);
  }
  return enabled;
}

/** The fee config in force at `block` and the block of its last change (0: never changed). */
export function feeConfigAt(setup: L1Setup, block: number): { feeConfig: FeeConfig; lastChangedAt: number } {
  let current = { feeConfig: setup.feeConfig, lastChangedAt: 0 };
  for (const change of setup.feeChanges) if (change.block <= block) current = { feeConfig: change.feeConfig, lastChangedAt: change.block };
  return current;
}
