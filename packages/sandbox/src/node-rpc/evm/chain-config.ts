/**
 * `eth_getChainConfig` and the rule queries. Coreth answers with its plain ChainConfig (Apricot ...
 * Fortuna timestamps); subnet-EVM answers with ChainConfigWithUpgradesJSON: the chain config of the
 * L1's genesis (the world's one description of it, the same the Data API serves as `genesisData`)
 * plus `upgrades.precompileUpgrades`.
 */
import type { SandboxChain } from '../../world/chains.js';
import { enabledPrecompiles, genesisChainConfig, type L1ChainConfig } from '../../world/evm/chain-config.js';
import { C_CHAIN_UPGRADES, ethForks, subnetEvmUpgrades } from '../../world/evm/upgrades.js';
import { ethRules, subnetEvmAvalancheRules } from './upgrades.js';

export function corethChainConfig(chain: SandboxChain): Record<string, unknown> {
  const upgrades = C_CHAIN_UPGRADES[chain.network];
  return {
    chainId: chain.evmChainId,
    daoForkBlock: 0,
    daoForkSupport: true,
    ...ethForks(upgrades.durangoBlockTimestamp, upgrades.etnaTimestamp),
    ...upgrades,
  };
}

export function subnetEvmChainConfig(config: L1ChainConfig): Record<string, unknown> {
  return {
    ...genesisChainConfig(config),
    upgrades: config.upgrades.length > 0 ? { precompileUpgrades: config.upgrades.map((e) => ({ [e.key]: e.config })) } : {},
  };
}

/** `eth_getActiveRulesAt`: subnet-EVM's `{ethRules, avalancheRules, precompiles}`. */
export function activeRulesAt(config: L1ChainConfig, timestamp: number): Record<string, unknown> {
  const upgrades = subnetEvmUpgrades(config.network);
  const precompiles: Record<string, { timestamp: number }> = {};
  for (const [key, event] of enabledPrecompiles(config, timestamp)) precompiles[key] = { timestamp: event.config.blockTimestamp };
  return {
    ethRules: ethRules(config.chainId, timestamp, upgrades.durangoTimestamp, upgrades.etnaTimestamp),
    avalancheRules: subnetEvmAvalancheRules(upgrades, timestamp),
    precompiles,
  };
}

/** `eth_getActivePrecompilesAt` (deprecated upstream, still served): key -> enabling config. */
export function activePrecompilesAt(config: L1ChainConfig, timestamp: number): Record<string, unknown> {
  return Object.fromEntries([...enabledPrecompiles(config, timestamp)].map(([key, event]) => [key, event.config]));
}
