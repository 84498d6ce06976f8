/**
 * The primary-network part of the world, for mainnet and Fuji: P-Chain validators, delegators,
 * rewards, UTXOs, blocks and blockchains; L1 validators; X-Chain assets, transactions, UTXOs,
 * vertices and blocks. Each network is generated from its own fork of the Rng, each part from its
 * own fork, all on one UTXO ledger so that every reference between them holds.
 */
import { cb58Encode, NETWORK_KEYS, type NetworkKey, NETWORKS } from '@avalanche-graph/identity';
import { P_CHAIN_BLOCKCHAIN_ID, X_CHAIN_BLOCKCHAIN_IDS, type SandboxChain } from '../chains.js';
import type { EvmWorld } from '../evm/types.js';
import type { Rng } from '../rng.js';
import { createBlockchains } from './blockchains.js';
import { AVAX, AVAX_ASSET_IDS } from './constants.js';
import type { NetworkContext } from './context.js';
import { createL1Validators } from './l1.js';
import { amountOf, Ledger } from './ledger.js';
import { packPChain } from './pblocks.js';
import { simulatePChain } from './pchain.js';
import { planStaking } from './staking.js';
import type { PrimaryNetwork, PrimaryWorld, Wallet } from './types.js';
import { createWallets } from './wallets.js';
import { packXChain } from './xcontainers.js';
import { simulateXChain } from './xchain.js';

export type * from './types.js';
export { WORLD_NOW, AVAX_ASSET_IDS, EMPTY_ID, FX_IDS, VM_IDS, FEES } from './constants.js';

const WALLET_COUNT = 36;
/** Supply outside what the world's rewards add (nAVAX). */
const BASE_SUPPLY: Record<NetworkKey, bigint> = { mainnet: 447_250_000n * AVAX, fuji: 398_100_000n * AVAX };

/**
 * Each network is built on first use (from its own Rng fork, so the order of use changes nothing):
 * a sandbox that only serves mainnet never pays for Fuji. `evm` gives the L1s' chain configs, whose
 * genesis their blockchains carry (no block is generated for it).
 */
export function createPrimaryWorld(rng: Rng, chains: SandboxChain[], evm: Pick<EvmWorld, 'l1Config'>): PrimaryWorld {
  const built: Partial<Record<NetworkKey, PrimaryNetwork>> = {};
  const networks = {} as Record<NetworkKey, PrimaryNetwork>;
  for (const key of NETWORK_KEYS) {
    Object.defineProperty(networks, key, { enumerable: true, get: () => (built[key] ??= createNetwork(rng.fork(key), key, chains, evm)) });
  }
  // Node ids taken out of each network's current set, and the network's full lists as generated:
  // the current lists are the full ones less the removed (in their first order, so a validator put
  // back is where it was, and the world after a remove and a restore is the world before).
  const removed = Object.fromEntries(NETWORK_KEYS.map((key) => [key, new Set<string>()])) as Record<NetworkKey, Set<string>>;
  const full = new Map<NetworkKey, Pick<PrimaryNetwork, 'validators' | 'delegations' | 'l1Validators'>>();
  const apply = (network: NetworkKey) => {
    const net = networks[network];
    const all = full.get(network) ?? { validators: [...net.validators], delegations: [...net.delegations], l1Validators: [...net.l1Validators] };
    full.set(network, all);
    const out = removed[network];
    net.validators.splice(0, Infinity, ...all.validators.filter((v) => !out.has(v.nodeId)));
    net.delegations.splice(0, Infinity, ...all.delegations.filter((d) => !out.has(d.nodeId)));
    net.l1Validators.splice(0, Infinity, ...all.l1Validators.filter((v) => !out.has(v.nodeId)));
  };
  return {
    networks,
    removeValidator(network, nodeId) {
      const net = networks[network];
      if (!net.validators.some((v) => v.nodeId === nodeId) && !net.l1Validators.some((v) => v.nodeId === nodeId)) {
        throw new Error(`${nodeId} is not a current validator of ${network}`);
      }
      removed[network].add(nodeId);
      apply(network);
    },
    restoreValidator(network, nodeId) {
      if (!removed[network].delete(nodeId)) throw new Error(`${nodeId} was not removed from ${network}`);
      apply(network);
    },
    removedValidators: (network) => [...removed[network]],
  };
}

function createNetwork(rng: Rng, network: NetworkKey, allChains: SandboxChain[], evm: Pick<EvmWorld, 'l1Config'>): PrimaryNetwork {
  const chains = allChains.filter((c) => c.network === network);
  const wallets = createWallets(rng.fork('wallets'), network, WALLET_COUNT);
  const walletsByHex = new Map<string, Wallet>(wallets.map((w) => [w.key.hex, w]));
  const ctx: NetworkContext = {
    network,
    networkId: NETWORKS[network].networkId,
    hrp: NETWORKS[network].hrp,
    avaxAssetId: AVAX_ASSET_IDS[network],
    chainIds: { X: X_CHAIN_BLOCKCHAIN_IDS[network], P: P_CHAIN_BLOCKCHAIN_ID, C: chains.find((c) => c.isCChain)!.blockchainId },
    wallets,
    walletByHex: (hex) => walletsByHex.get(hex)!,
    chains,
    ledger: new Ledger(rng.fork('signatures')),
  };

  const x = simulateXChain(ctx, rng.fork('x-chain'));
  const { vertices, blocks: xBlocks } = packXChain(rng.fork('x-containers'), ctx.chainIds.X, x.txs);
  const plan = planStaking(ctx, rng.fork('staking'));
  const blockchains = createBlockchains(ctx, rng.fork('blockchains'), x.txs[0]!.bytes, evm);
  const conversions = createL1Validators(ctx, rng.fork('l1'), blockchains);
  const p = simulatePChain(ctx, rng.fork('p-chain'), plan, blockchains, conversions);
  const pBlocks = packPChain(p.txs);

  const pTxsById = new Map(p.txs.map((t) => [t.id, t]));
  for (const chain of blockchains) chain.createBlockHeight = pTxsById.get(chain.id)?.blockHeight ?? 0;
  const utxos = ctx.ledger.utxos;
  const rewardsPaid = utxos.filter((u) => u.rewardType).reduce((s, u) => s + amountOf(u.output), 0n);
  const pending = plan.validators.reduce((s, v) => s + v.current.potentialReward, 0n) + plan.delegations.filter((d) => d.status !== 'completed').reduce((s, d) => s + d.grossReward, 0n);

  return {
    network,
    networkId: ctx.networkId,
    hrp: ctx.hrp,
    avaxAssetId: ctx.avaxAssetId,
    chainIds: ctx.chainIds,
    wallets,
    walletsByHex,
    assets: x.assets,
    utxos,
    utxosById: new Map(utxos.map((u) => [u.id, u])),
    x: { txs: x.txs, txsById: new Map(x.txs.map((t) => [t.id, t])), vertices, blocks: xBlocks },
    p: { txs: p.txs, txsById: pTxsById, blocks: pBlocks, currentSupply: BASE_SUPPLY[network] + rewardsPaid + pending },
    validators: plan.validators,
    delegations: plan.delegations,
    rewards: p.rewards,
    blockchains,
    preferredBlockchainId: cb58OfLabel(rng, 'preferred'),
    l1Validators: conversions.flatMap((c) => c.validators),
  };
}

function cb58OfLabel(rng: Rng, label: string): string {
  return cb58Encode(rng.fork(label).bytes(32));
}
