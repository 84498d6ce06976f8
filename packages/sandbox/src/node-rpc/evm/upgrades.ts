/**
 * The rule sets the network upgrades switch on, as coreth (C-Chain) and subnet-EVM (L1s) report
 * them. The upgrade schedules themselves are facts of the world (world/evm/upgrades.ts), shared
 * with the L1 genesis the Data API serves.
 */
import type { NetworkKey } from '@avalanche-graph/identity';
import { C_CHAIN_UPGRADES, type SubnetEvmUpgrades } from '../../world/evm/upgrades.js';

/** geth's `params.Rules` as libevm marshals it (no JSON tags: Go field names). */
export function ethRules(chainId: number, timestamp: number, durango: number, etna: number): Record<string, unknown> {
  return {
    ChainID: chainId,
    IsHomestead: true,
    IsEIP150: true,
    IsEIP155: true,
    IsEIP158: true,
    IsEIP2929: true,
    IsEIP4762: false,
    IsByzantium: true,
    IsConstantinople: true,
    IsPetersburg: true,
    IsIstanbul: true,
    IsBerlin: true,
    IsLondon: true,
    IsMerge: true,
    IsShanghai: timestamp >= durango,
    IsCancun: timestamp >= etna,
    IsPrague: false,
    IsVerkle: false,
  };
}

/** Subnet-EVM's `extras.AvalancheRules`. */
export function subnetEvmAvalancheRules(u: SubnetEvmUpgrades, timestamp: number): Record<string, boolean> {
  return {
    IsSubnetEVM: timestamp >= u.subnetEVMTimestamp,
    IsDurango: timestamp >= u.durangoTimestamp,
    IsEtna: timestamp >= u.etnaTimestamp,
    IsFortuna: timestamp >= u.fortunaTimestamp,
    IsGranite: timestamp >= u.graniteTimestamp,
  };
}

/** Whether `timestamp` is at or after Etna on this chain: blob fields and Cancun header fields appear. */
export function isEtna(network: NetworkKey, timestamp: number): boolean {
  return timestamp >= C_CHAIN_UPGRADES[network].etnaTimestamp;
}

/** Whether `timestamp` is at or after Granite: headers carry the block time in milliseconds. */
export function isGranite(network: NetworkKey, timestamp: number): boolean {
  return timestamp >= C_CHAIN_UPGRADES[network].graniteTimestamp;
}
