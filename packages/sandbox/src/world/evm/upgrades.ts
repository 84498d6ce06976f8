/**
 * Network upgrade schedules of the world's EVM chains, as coreth (C-Chain) and subnet-EVM (L1s)
 * configure them. The Avalanche upgrade times are the real ones of each network (AvalancheGo's
 * upgrade config), so a user who knows "Durango activated on 2024-03-06" sees the same in the
 * sandbox. The emulated node is an AvalancheGo 1.14 (Granite) node; Helicon is unscheduled.
 * Pure facts of the world: the L1 chain configs (chain-config.ts) and the node's rules read them.
 */
import type { NetworkKey } from '@avalanche-graph/identity';

/** Coreth's C-Chain upgrades, by their chain-config key (Unix seconds). */
export interface CorethUpgrades {
  apricotPhase1BlockTimestamp: number;
  apricotPhase2BlockTimestamp: number;
  apricotPhase3BlockTimestamp: number;
  apricotPhase4BlockTimestamp: number;
  apricotPhase5BlockTimestamp: number;
  apricotPhasePre6BlockTimestamp: number;
  apricotPhase6BlockTimestamp: number;
  apricotPhasePost6BlockTimestamp: number;
  banffBlockTimestamp: number;
  cortinaBlockTimestamp: number;
  durangoBlockTimestamp: number;
  etnaTimestamp: number;
  fortunaTimestamp: number;
  graniteTimestamp: number;
}

export const C_CHAIN_UPGRADES: Record<NetworkKey, CorethUpgrades> = {
  mainnet: {
    apricotPhase1BlockTimestamp: 1617199200,
    apricotPhase2BlockTimestamp: 1620644400,
    apricotPhase3BlockTimestamp: 1629813600,
    apricotPhase4BlockTimestamp: 1632344400,
    apricotPhase5BlockTimestamp: 1638468000,
    apricotPhasePre6BlockTimestamp: 1662341400,
    apricotPhase6BlockTimestamp: 1662494400,
    apricotPhasePost6BlockTimestamp: 1662519600,
    banffBlockTimestamp: 1666108800,
    cortinaBlockTimestamp: 1682434800,
    durangoBlockTimestamp: 1709740800,
    etnaTimestamp: 1734368400,
    fortunaTimestamp: 1744124400,
    graniteTimestamp: 1763568000,
  },
  fuji: {
    apricotPhase1BlockTimestamp: 1616767200,
    apricotPhase2BlockTimestamp: 1620223200,
    apricotPhase3BlockTimestamp: 1629140400,
    apricotPhase4BlockTimestamp: 1631826000,
    apricotPhase5BlockTimestamp: 1637766000,
    apricotPhasePre6BlockTimestamp: 1662494400,
    apricotPhase6BlockTimestamp: 1662494400,
    apricotPhasePost6BlockTimestamp: 1662530400,
    banffBlockTimestamp: 1664805600,
    cortinaBlockTimestamp: 1680793200,
    durangoBlockTimestamp: 1707840000,
    etnaTimestamp: 1732550400,
    fortunaTimestamp: 1741878000,
    graniteTimestamp: 1761750000,
  },
};

/** Subnet-EVM's network upgrades: SubnetEVM at genesis, the rest follow the primary network. */
export interface SubnetEvmUpgrades {
  subnetEVMTimestamp: number;
  durangoTimestamp: number;
  etnaTimestamp: number;
  fortunaTimestamp: number;
  graniteTimestamp: number;
}

export function subnetEvmUpgrades(network: NetworkKey): SubnetEvmUpgrades {
  const c = C_CHAIN_UPGRADES[network];
  return {
    subnetEVMTimestamp: 0,
    durangoTimestamp: c.durangoBlockTimestamp,
    etnaTimestamp: c.etnaTimestamp,
    fortunaTimestamp: c.fortunaTimestamp,
    graniteTimestamp: c.graniteTimestamp,
  };
}

/** Ethereum forks by block number: all at genesis on Avalanche chains. */
export function ethBlockForks(): Record<string, number> {
  return {
    homesteadBlock: 0,
    eip150Block: 0,
    eip155Block: 0,
    eip158Block: 0,
    byzantiumBlock: 0,
    constantinopleBlock: 0,
    petersburgBlock: 0,
    istanbulBlock: 0,
    muirGlacierBlock: 0,
    berlinBlock: 0,
    londonBlock: 0,
  };
}

/** Every Ethereum fork: those by block at genesis; Shanghai rides on Durango, Cancun on Etna. */
export function ethForks(durango: number, etna: number): Record<string, number> {
  return { ...ethBlockForks(), shanghaiTime: durango, cancunTime: etna };
}
