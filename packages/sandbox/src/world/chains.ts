/**
 * The EVM chains of the simulated world: the C-Chain of mainnet and Fuji, and L1s on each, in the
 * shapes `GET /v1/chains` serves.
 */
import type { DataApiSchema } from '@avalanche-graph/wire-types';
import { cb58Encode, isTestnet, NETWORK_KEYS, NETWORKS, PRIMARY_NETWORK_SUBNET_ID, type NetworkKey } from '@avalanche-graph/identity';
import type { Rng } from './rng.js';

/** A chain record as the Data API's `GET /v1/chains` answers it. */
export type WireChainInfo = DataApiSchema<'ChainInfo'>;

export interface SandboxChain {
  network: NetworkKey;
  /** EVM chain id. */
  evmChainId: number;
  /** cb58 blockchain id on the P-Chain. */
  blockchainId: string;
  /** cb58 subnet id (the primary network's for the C-Chain). */
  subnetId: string;
  /** True for the C-Chain of its network. */
  isCChain: boolean;
  /** URL-safe name: an L1's node answers at `<l1 nodes>/<slug>/<network>/rpc`. */
  slug: string;
  info: WireChainInfo;
}

export { PRIMARY_NETWORK_SUBNET_ID };

/** The real blockchain ids, so that ids users know work in the sandbox too. */
const blockchainIds = (alias: 'C' | 'X') => Object.fromEntries(NETWORK_KEYS.map((key) => [key, NETWORKS[key].blockchainIds[alias]])) as Record<NetworkKey, string>;
export const C_CHAIN_BLOCKCHAIN_IDS = blockchainIds('C');
export const X_CHAIN_BLOCKCHAIN_IDS = blockchainIds('X');
export const P_CHAIN_BLOCKCHAIN_ID = PRIMARY_NETWORK_SUBNET_ID;

/** cb58 id of the EVM VM (subnet-EVM and coreth share the family in the Data API). */
const EVM_VM_ID = 'mgj786NP7uDwBCcq6YwThhaN8FLyybkCa4zBWTQbNgmK6k9A6';
const SUBNET_EVM_VM_ID = 'srEXiWaHuhNyGwPUi444Tu47ZEDwxTWrbQiuD7FmgSAQ6X7Dy';

interface ChainSpec {
  network: NetworkKey;
  evmChainId: number;
  name: string;
  description: string;
  token: { name: string; symbol: string };
  cChain: boolean;
  features: NonNullable<WireChainInfo['enabledFeatures']>;
}

/** A network's C-Chain: the same on every network but for its EVM chain id (the identity table's) and its description. */
const cChain = (network: NetworkKey, description: string): ChainSpec => ({
  network,
  evmChainId: Number(NETWORKS[network].cChainEvmId),
  name: 'Avalanche (C-Chain)',
  description,
  token: { name: 'Avalanche', symbol: 'AVAX' },
  cChain: true,
  features: ['nftIndexing', 'webhooks', 'teleporter'],
});

/**
 * Each network's chains: its C-Chain's description, then its L1s. World data, written by hand: a
 * network added to the identity table needs its entry here (the compiler asks for it, as for the
 * world's other per-network tables).
 */
const SPECS_BY_NETWORK: Record<NetworkKey, { cChain: string; l1s: Omit<ChainSpec, 'network' | 'cChain'>[] }> = {
  mainnet: {
    cChain: 'The Contract Chain of the Avalanche primary network.',
    l1s: [
      { evmChainId: 779672, name: 'Sandbox Arcade L1', description: 'A gaming L1 of the simulated world.', token: { name: 'Arcade', symbol: 'ARC' }, features: ['nftIndexing', 'teleporter'] },
      { evmChainId: 432204, name: 'Sandbox Ledger L1', description: 'A payments L1 of the simulated world.', token: { name: 'Ledger Coin', symbol: 'LDG' }, features: ['teleporter'] },
    ],
  },
  fuji: {
    cChain: 'The Contract Chain of the Fuji test network.',
    l1s: [{ evmChainId: 173750, name: 'Sandbox Echo L1', description: 'A test L1 of the simulated world.', token: { name: 'Echo', symbol: 'ECH' }, features: ['teleporter'] }],
  },
};

const SPECS: ChainSpec[] = NETWORK_KEYS.flatMap((network) => [
  cChain(network, SPECS_BY_NETWORK[network].cChain),
  ...SPECS_BY_NETWORK[network].l1s.map((spec) => ({ network, ...spec, cChain: false })),
]);

export function createChains(rng: Rng): SandboxChain[] {
  return SPECS.map((spec) => {
    const r = rng.fork(`chain/${spec.evmChainId}`);
    const blockchainId = spec.cChain ? C_CHAIN_BLOCKCHAIN_IDS[spec.network] : cb58Encode(r.bytes(32));
    const subnetId = spec.cChain ? PRIMARY_NETWORK_SUBNET_ID : cb58Encode(r.bytes(32));
    const slug = spec.name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
    const info: WireChainInfo = {
      chainId: String(spec.evmChainId),
      status: 'OK',
      chainName: spec.name,
      description: spec.description,
      platformChainId: blockchainId,
      subnetId,
      vmId: spec.cChain ? EVM_VM_ID : SUBNET_EVM_VM_ID,
      vmName: 'EVM',
      explorerUrl: `https://explorer.sandbox.invalid/${slug}`,
      // Placeholders until the sandbox listens (`pointChainsAt`): the C-Chain at its network's node,
      // an L1 on the L1 node host, as the real records point at api.avax.network and L1 RPC hosts.
      rpcUrl: `https://rpc.sandbox.invalid/${slug}/${spec.network}/rpc`,
      wsUrl: `wss://rpc.sandbox.invalid/${slug}/${spec.network}/ws`,
      isTestnet: isTestnet(spec.network),
      utilityAddresses: { multicall: '0xcA11bde05977b3631167028862bE2a173976CA11' },
      networkToken: {
        name: spec.token.name,
        symbol: spec.token.symbol,
        decimals: 18,
        logoUri: `https://images.sandbox.invalid/${spec.token.symbol.toLowerCase()}.svg`,
        description: `${spec.token.name}, the native token of ${spec.name}.`,
      },
      chainLogoUri: `https://images.sandbox.invalid/${slug}.svg`,
      private: false,
      enabledFeatures: spec.features,
    };
    return { network: spec.network, evmChainId: spec.evmChainId, blockchainId, subnetId, isCChain: spec.cChain, slug, info };
  });
}

/**
 * Points the chain records' `rpcUrl`/`wsUrl` at the simulated nodes once they listen: the C-Chain
 * at `<node>/ext/bc/C/rpc` of its network, an L1 at `<l1 nodes>/<slug>/<network>/rpc`.
 */
export function pointChainsAt(chains: SandboxChain[], urls: { node: Record<NetworkKey, string>; l1Nodes: string }): void {
  for (const chain of chains) {
    const http = chain.isCChain ? `${urls.node[chain.network]}/ext/bc/C/rpc` : `${urls.l1Nodes}/${chain.slug}/${chain.network}/rpc`;
    chain.info.rpcUrl = http;
    chain.info.wsUrl = http.replace(/^http/, 'ws').replace(/\/rpc$/, '/ws');
  }
}
