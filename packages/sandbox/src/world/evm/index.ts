/**
 * The EVM part of the world: blocks, transactions, balances, tokens, NFTs and ICM messages of every
 * chain in `chains`. Plans (clocks, accounts, contracts) and ICM messages are made up front; a chain's
 * blocks are generated on first use, so starting the sandbox stays fast.
 */
import type { SandboxChain } from '../chains.js';
import { type NetworkKey, keccakHex } from '@avalanche-graph/identity';
import type { Rng } from '../rng.js';
import { buildChainWorld } from './chain-world.js';
import { NATIVE_PRICE_USD, TELEPORTER_ADDRESS } from './constants.js';
import { generateChain } from './generate.js';
import { planIcmMessages } from './icm.js';
import { createChainPlan, randomAddress, type ChainPlan } from './plan.js';
import type { EvmWorld, IcmMessage } from './types.js';

export type * from './types.js';
export { TELEPORTER_ADDRESS, WORLD_NOW_MS, NATIVE_PRICE_USD, USD_RATES, CURRENCIES } from './constants.js';
export { parseUnsignedWarpMessage, signWarpMessage, unsignedWarpMessage, idBytes } from './warp.js';
export type { FeeConfig, L1ChainConfig, PrecompileEvent, PrecompileKey } from './chain-config.js';

/** Wallets shared across chains: the first is active on every chain, the others on several. */
function assignSharedWallets(rng: Rng, chains: SandboxChain[]): Map<number, string[]> {
  const pool = Array.from({ length: 6 }, () => randomAddress(rng));
  const byChain = new Map<number, string[]>(chains.map((c) => [c.evmChainId, [pool[0]!]]));
  for (const wallet of pool.slice(1)) {
    const picked = chains.filter(() => rng.chance(0.5));
    while (picked.length < 2 && chains.length >= 2) {
      const extra = rng.pick(chains);
      if (!picked.includes(extra)) picked.push(extra);
    }
    for (const chain of picked) byChain.get(chain.evmChainId)!.push(wallet);
  }
  return byChain;
}

export function createEvmWorld(rng: Rng, chains: SandboxChain[]): EvmWorld {
  const shared = assignSharedWallets(rng.fork('shared-wallets'), chains);
  const networks = [...new Set(chains.map((c) => c.network))];
  const relayers = new Map<NetworkKey, string[]>(
    networks.map((network) => {
      const r = rng.fork(`relayers/${network}`);
      return [network, [randomAddress(r), randomAddress(r)]];
    }),
  );
  const plans = new Map<number, ChainPlan>(
    chains.map((chain) => [
      chain.evmChainId,
      createChainPlan(rng.fork(`chain/${chain.evmChainId}`), chain, shared.get(chain.evmChainId)!, relayers.get(chain.network)!, NATIVE_PRICE_USD[chain.info.networkToken.symbol] ?? 1),
    ]),
  );
  const messages: IcmMessage[] = networks.flatMap((network) =>
    planIcmMessages(rng.fork(`icm/${network}`), network, chains.filter((c) => c.network === network).map((c) => plans.get(c.evmChainId)!)),
  );
  messages.sort((a, b) => a.source.timestamp - b.source.timestamp);
  const messageById = new Map(messages.map((m) => [m.messageId, m]));

  const built = new Map<number, ReturnType<typeof buildChainWorld>>();
  const resolve = (id: number | string): SandboxChain | undefined =>
    chains.find((c) => (c.evmChainId === Number(id) && String(id).trim() !== '') || c.blockchainId === id);

  const chainOf = (chain: SandboxChain) => {
    let world = built.get(chain.evmChainId);
    if (!world) {
      const plan = plans.get(chain.evmChainId)!;
      world = buildChainWorld(plan, generateChain(plan));
      built.set(chain.evmChainId, world);
    }
    return world;
  };

  const seen = new Map<string, number>();
  for (const list of shared.values()) for (const w of list) seen.set(w, (seen.get(w) ?? 0) + 1);

  return {
    chainIds: chains.map((c) => c.evmChainId),
    chain: (id) => {
      const chain = resolve(id);
      return chain ? chainOf(chain).world : undefined;
    },
    l1Config: (id) => {
      const chain = resolve(id);
      return chain ? plans.get(chain.evmChainId)!.l1Config : undefined;
    },
    icmMessages: () => messages,
    icmMessage: (messageId) => messageById.get(messageId.replace(/^0x/i, '').toLowerCase()),
    deliverIcmMessage(messageId) {
      const message = messageById.get(messageId.replace(/^0x/i, '').toLowerCase());
      if (!message) throw new Error(`no ICM message ${messageId}`);
      if (message.status === 'delivered') throw new Error(`ICM message ${messageId} is already delivered`);
      const destination = chainOf(resolve(message.destinationEvmChainId)!);
      const relayer = relayers.get(message.network)![0]!;
      const delivery = { txHash: keccakHex(`icm-delivery|${message.messageId}`), gasSpent: 180_000n, rewardRedeemer: relayer, delivererAddress: relayer };
      // The receiving transaction reads the deliverer from the message; the block says where it landed.
      message.destination = { ...delivery, blockNumber: -1, timestamp: -1 };
      const block = destination.mine([{ role: 'receive', message, txHash: delivery.txHash, gasUsed: delivery.gasSpent }]);
      message.destination = { ...delivery, blockNumber: block.number, timestamp: block.timestamp };
      message.status = 'delivered';
      message.messageExecuted = true;
      return message;
    },
    teleporterAddress: TELEPORTER_ADDRESS,
    sharedWallets: [...seen].filter(([, n]) => n >= 2).map(([w]) => w),
  };
}
