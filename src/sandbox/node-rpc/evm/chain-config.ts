/**
 * `eth_getChainConfig` and the rule queries. Coreth answers with its plain ChainConfig (Apricot ...
 * Fortuna timestamps); subnet-EVM answers with ChainConfigWithUpgradesJSON: the fee config, its
 * network upgrades, genesis precompile configs as top-level keys and `upgrades.precompileUpgrades`.
 */
import type { SandboxChain } from '../../world/chains.js';
import { enabledPrecompiles, type L1Setup } from './precompiles.js';
import { C_CHAIN_UPGRADES, ethForks, ethRules, subnetEvmAvalancheRules, subnetEvmUpgrades } from './upgrades.js';

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

export function subnetEvmChainConfig(chain: SandboxChain, setup: L1Setup): Record<string, unknown> {
  const upgrades = subnetEvmUpgrades(chain.network);
  const config: Record<string, unknown> = {
    chainId: chain.evmChainId,
    feeConfig: setup.feeConfig,
    allowFeeRecipients: setup.allowFeeRecipients,
    ...ethForks(upgrades.durangoTimestamp, upgrades.etnaTimestamp),
    ...upgrades,
  };
  for (const event of setup.genesis) config[event.key] = event.config;
  config.upgrades = setup.upgrades.length > 0 ? { precompileUpgrades: setup.upgrades.map((e) => ({ [e.key]: e.config })) } : {};
  return config;
}

/** `eth_getActiveRulesAt`: subnet-EVM's `{ethRules, avalancheRules, precompiles}`. */
export function activeRulesAt(chain: SandboxChain, setup: L1Setup, timestamp: number): Record<string, unknown> {
  const upgrades = subnetEvmUpgrades(chain.network);
  const precompiles: Record<string, { timestamp: number }> = {};
  for (const [key, event] of enabledPrecompiles(setup, timestamp)) precompiles[key] = { timestamp: event.config.blockTimestamp };
  return {
    ethRules: ethRules(chain.evmChainId, timestamp, upgrades.durangoTimestamp, upgrades.etnaTimestamp),
    avalancheRules: subnetEvmAvalancheRules(upgrades, timestamp),
    precompiles,
  };
}

/** `eth_getActivePrecompilesAt` (deprecated upstream, still served): key -> enabling config. */
export function activePrecompilesAt(setup: L1Setup, timestamp: number): Record<string, unknown> {
  return Object.fromEntries([...enabledPrecompiles(setup, timestamp)].map(([key, event]) => [key, event.config]));
}
