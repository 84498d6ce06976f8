/**
 * Wire shapes of an EVM chain's node RPC (`/ext/bc/{blockchainId}/rpc`, geth / coreth /
 * subnet-EVM) and of an L1's validators API (`/ext/bc/{blockchainId}/validators`), as the node sends
 * them. Go's `*big.Int` and `uint64` fields marshal as JSON numbers; quantities of the standard
 * `eth_*` methods are 0x hex strings.
 */

/** A 0x hex quantity without leading zeros (`eth_blockNumber`, `eth_getBalance`). */
export type WireHexQuantity = string;

/** Subnet-EVM's `commontype.FeeConfig`. */
export interface WireFeeConfig {
  gasLimit: number;
  targetBlockRate: number;
  minBaseFee: number;
  targetGas: number;
  baseFeeChangeDenominator: number;
  minBlockGasCost: number;
  maxBlockGasCost: number;
  blockGasCostStep: number;
}

/** `eth_feeConfig`: the fee config in force at a block and the block of its last change (0: genesis). */
export interface WireFeeConfigResult {
  feeConfig: WireFeeConfig;
  lastChangedAt: number;
}

/**
 * `eth_getActiveRulesAt`: geth's `params.Rules` (Go field names: `ChainID`, `IsLondon`, ...), the
 * VM's Avalanche rules (`IsSubnetEVM`, `IsDurango`, ...) and the precompiles enabled at that time
 * by config key.
 */
export interface WireActiveRules {
  ethRules: Record<string, unknown> & { ChainID?: number | string };
  avalancheRules: Record<string, unknown>;
  precompiles: Record<string, { timestamp?: number }>;
}

/** `eth_getChainConfig`: the chain config JSON (coreth's ChainConfig or subnet-EVM's with upgrades). */
export type WireChainConfig = Record<string, unknown>;

/** `eth_getActivePrecompilesAt` (deprecated upstream): config key to the config that enabled it. */
export type WireActivePrecompiles = Record<string, unknown>;

/** One entry of `validators.getCurrentValidators`. */
export interface WireL1Validator {
  validationID: string;
  nodeID: string;
  weight: number;
  startTimestamp: number;
  isActive: boolean;
  isL1Validator: boolean;
  isConnected: boolean;
  uptimePercentage: number;
  uptimeSeconds: number;
}

export interface WireGetCurrentValidatorsResponse {
  validators: WireL1Validator[];
}

/** Subnet-EVM's stateful precompiles: config key to fixed address (the keys `precompiles` uses). */
export const PRECOMPILE_ADDRESSES: Readonly<Record<string, string>> = {
  contractDeployerAllowListConfig: '0x0200000000000000000000000000000000000000',
  contractNativeMinterConfig: '0x0200000000000000000000000000000000000001',
  txAllowListConfig: '0x0200000000000000000000000000000000000002',
  feeManagerConfig: '0x0200000000000000000000000000000000000003',
  rewardManagerConfig: '0x0200000000000000000000000000000000000004',
  warpConfig: '0x0200000000000000000000000000000000000005',
};
