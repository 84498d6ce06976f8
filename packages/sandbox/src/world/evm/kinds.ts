/**
 * Builders for the kinds of transactions the world's wallets send: native transfers, ERC-20
 * transfers and approvals, swaps on a pool, NFT mints and transfers, contract deployments, calls with
 * unknown selectors, and the ICM sends and deliveries planned across chains. Each returns a draft (or
 * undefined when the sender cannot do it now) and applies its token effects to the running state.
 */
import { bytesToHex } from '@avalanche-graph/identity';
import type { Rng } from '../rng.js';
import { calldata, createAddress, data, topic } from './abi.js';
import { METHODS, SELECTORS, TELEPORTER_ADDRESS, TOPICS, ZERO_ADDRESS, type MethodRole } from './constants.js';
import { CONTRACT_CREATION_METHOD, NATIVE_TRANSFER_METHOD, TxDraft } from './draft.js';
import type { PlannedIcm } from './icm.js';
import { createNftToken } from './nft.js';
import type { ChainPlan, CollectionSpec } from './plan.js';
import type { History, Holdings, Nonces } from './state.js';
import type { EvmMethod, NftToken } from './types.js';
import { idBytes } from './warp.js';

export interface GenContext {
  plan: ChainPlan;
  rng: Rng;
  block: number;
  timestamp: number;
  native: History;
  nonces: Nonces;
  erc20: Holdings;
  /** ERC-1155 balances keyed by contract `collection|tokenId`. */
  erc1155: Holdings;
  /** ERC-721 owner by `collection|tokenId` (lowercase collection). */
  erc721Owner: Map<string, string>;
  /** Tokens of each collection (lowercase address), in mint order. */
  nftTokens: Map<string, NftToken[]>;
  /** Contracts deployed by wallets, with their code. */
  deployed: string[];
  code: Map<string, string>;
  /** Wallets that send ordinary transactions (relayers only deliver ICM messages). */
  senders: string[];
}

export type Builder = (ctx: GenContext) => TxDraft | undefined;

function method(role: MethodRole): EvmMethod {
  return { callType: 'CONTRACT_CALL', methodHash: SELECTORS[role], methodName: METHODS[role] };
}

function otherWallet(ctx: GenContext, not: string): string {
  let to = ctx.rng.pick(ctx.senders);
  while (to === not) to = ctx.rng.pick(ctx.senders);
  return to;
}

/** A slice of a balance: between 0.1% and `maxPermille`‰, never the whole (fees need room). */
function slice(rng: Rng, balance: bigint, maxPermille: number): bigint {
  return (balance * BigInt(rng.int(1, maxPermille))) / 1000n;
}

function gas(rng: Rng, min: number, max: number): { used: bigint; limit: bigint } {
  const used = rng.int(min, max);
  return { used: BigInt(used), limit: BigInt(Math.ceil((used * rng.int(110, 150)) / 100 / 1000) * 1000) };
}

/** Failed calls use part of their gas and leave no trace but the fee. */
function failedGas(rng: Rng, g: { used: bigint; limit: bigint }): { used: bigint; limit: bigint } {
  return { used: (g.used * BigInt(rng.int(30, 90))) / 100n, limit: g.limit };
}

export const nativeTransfer: Builder = (ctx) => {
  const from = ctx.rng.pick(ctx.senders);
  const to = otherWallet(ctx, from);
  const value = (slice(ctx.rng, ctx.native.get(from), 50) / 10n ** 12n) * 10n ** 12n;
  if (value === 0n) return undefined;
  return new TxDraft(from, to, value, '0x', NATIVE_TRANSFER_METHOD, 21_000n, 21_000n, false);
};

export const erc20Transfer: Builder = (ctx) => {
  const from = ctx.rng.pick(ctx.senders);
  const token = ctx.rng.pick(ctx.plan.tokens);
  const amount = slice(ctx.rng, ctx.erc20.get(token.address, from), 100);
  if (amount === 0n) return undefined;
  const to = otherWallet(ctx, from);
  const failed = ctx.rng.chance(0.04);
  const g = gas(ctx.rng, 34_000, 52_000);
  const draft = new TxDraft(from, token.address, 0n, calldata(SELECTORS.erc20Transfer, to, amount), method('erc20Transfer'), ...pair(failed ? failedGas(ctx.rng, g) : g), failed);
  if (!failed) {
    draft.erc20Transfer(token.address, from, to, amount);
    ctx.erc20.move(token.address, from, to, amount);
  }
  return draft;
};

function pair(g: { used: bigint; limit: bigint }): [bigint, bigint] {
  return [g.used, g.limit];
}

export const erc20Approve: Builder = (ctx) => {
  const from = ctx.rng.pick(ctx.senders);
  const token = ctx.rng.pick(ctx.plan.tokens);
  const amount = ctx.rng.chance(0.5) ? 2n ** 256n - 1n : BigInt(ctx.rng.int(1, 10_000)) * 10n ** BigInt(token.decimals);
  const draft = new TxDraft(from, token.address, 0n, calldata(SELECTORS.erc20Approve, ctx.plan.router, amount), method('erc20Approve'), ...pair(gas(ctx.rng, 44_000, 46_500)), false);
  draft.log(token.address, [TOPICS.approval, topic(from), topic(ctx.plan.router)], data(amount));
  return draft;
};

export const swap: Builder = (ctx) => {
  const from = ctx.rng.pick(ctx.senders);
  const value = (slice(ctx.rng, ctx.native.get(from), 30) / 10n ** 12n) * 10n ** 12n;
  if (value === 0n) return undefined;
  const token = ctx.rng.pick(ctx.plan.tokens);
  // Tokens per native unit at the world's prices (a price of 0 counts as 1 so every pool trades).
  const nativePrice = ctx.plan.tokens[0]!.priceUsd || 1;
  const rate = BigInt(Math.max(1, Math.round((nativePrice / (token.priceUsd || 1)) * 1e6)));
  const out = (value * rate * 10n ** BigInt(token.decimals)) / 10n ** 18n / 1_000_000n;
  if (out === 0n || ctx.erc20.get(token.address, ctx.plan.pool) < out) return undefined;
  const failed = ctx.rng.chance(0.05);
  const g = gas(ctx.rng, 110_000, 185_000);
  const input = calldata(SELECTORS.swap, (out * 99n) / 100n, 0x80, from, ctx.timestamp + 1200, 2, ctx.plan.tokens[0]!.address, token.address);
  const draft = new TxDraft(from, ctx.plan.router, value, input, method('swap'), ...pair(failed ? failedGas(ctx.rng, g) : g), failed);
  if (!failed) {
    draft.internal.push({ from: ctx.plan.router, to: ctx.plan.pool, type: 'CALL', value, gasUsed: BigInt(ctx.rng.int(60_000, 90_000)), gasLimit: g.limit - 21_000n, isReverted: false });
    draft.erc20Transfer(token.address, ctx.plan.pool, from, out);
    ctx.erc20.move(token.address, ctx.plan.pool, from, out);
    draft.log(ctx.plan.pool, [TOPICS.swap, topic(ctx.plan.router)], data(value, out, from));
  }
  return draft;
};

const collectionKey = (collection: string, tokenId: string) => `${collection.toLowerCase()}|${tokenId}`;

function collections(ctx: GenContext, standard: CollectionSpec['standard']): CollectionSpec[] {
  return ctx.plan.collections.filter((c) => c.standard === standard);
}

export const erc721Mint: Builder = (ctx) => {
  const collection = ctx.rng.pick(collections(ctx, 'ERC-721'));
  const tokens = ctx.nftTokens.get(collection.address.toLowerCase())!;
  if (tokens.length >= 60) return undefined;
  const from = ctx.rng.pick(ctx.senders);
  const tokenId = String(tokens.length + 1);
  const draft = new TxDraft(from, collection.address, collection.mintPrice, calldata(SELECTORS.erc721Mint, from, BigInt(tokenId)), method('erc721Mint'), ...pair(gas(ctx.rng, 85_000, 150_000)), false);
  draft.erc721Transfer(collection.address, ZERO_ADDRESS, from, tokenId);
  tokens.push(createNftToken(ctx.rng, collection, tokenId, ctx.block, ctx.timestamp));
  ctx.erc721Owner.set(collectionKey(collection.address, tokenId), from);
  return draft;
};

export const erc721Transfer: Builder = (ctx) => {
  const collection = ctx.rng.pick(collections(ctx, 'ERC-721'));
  const tokens = ctx.nftTokens.get(collection.address.toLowerCase())!;
  if (tokens.length === 0) return undefined;
  const token = ctx.rng.pick(tokens);
  const from = ctx.erc721Owner.get(collectionKey(collection.address, token.tokenId))!;
  const to = otherWallet(ctx, from);
  const failed = ctx.rng.chance(0.04);
  const g = gas(ctx.rng, 55_000, 90_000);
  const input = calldata(SELECTORS.erc721Transfer, from, to, BigInt(token.tokenId));
  const draft = new TxDraft(from, collection.address, 0n, input, method('erc721Transfer'), ...pair(failed ? failedGas(ctx.rng, g) : g), failed);
  if (!failed) {
    draft.erc721Transfer(collection.address, from, to, token.tokenId);
    ctx.erc721Owner.set(collectionKey(collection.address, token.tokenId), to);
  }
  return draft;
};

export const erc1155Mint: Builder = (ctx) => {
  const collection = ctx.rng.pick(collections(ctx, 'ERC-1155'));
  const tokens = ctx.nftTokens.get(collection.address.toLowerCase())!;
  const tokenId = String(ctx.rng.int(1, 6));
  if (!tokens.some((t) => t.tokenId === tokenId)) {
    tokens.push(createNftToken(ctx.rng, collection, tokenId, ctx.block, ctx.timestamp));
    tokens.sort((a, b) => Number(a.tokenId) - Number(b.tokenId));
  }
  const from = ctx.rng.pick(ctx.senders);
  const amount = BigInt(ctx.rng.int(1, 20));
  const input = calldata(SELECTORS.erc1155Mint, from, BigInt(tokenId), amount, 0x80, 0);
  const draft = new TxDraft(from, collection.address, 0n, input, method('erc1155Mint'), ...pair(gas(ctx.rng, 50_000, 75_000)), false);
  draft.erc1155Transfer(collection.address, from, ZERO_ADDRESS, from, tokenId, amount);
  ctx.erc1155.move(collectionKey(collection.address, tokenId), null, from, amount);
  return draft;
};

export const erc1155Transfer: Builder = (ctx) => {
  const collection = ctx.rng.pick(collections(ctx, 'ERC-1155'));
  const tokens = ctx.nftTokens.get(collection.address.toLowerCase())!;
  if (tokens.length === 0) return undefined;
  for (let attempt = 0; attempt < 6; attempt++) {
    const from = ctx.rng.pick(ctx.senders);
    const token = ctx.rng.pick(tokens);
    const held = ctx.erc1155.get(collectionKey(collection.address, token.tokenId), from);
    if (held === 0n) continue;
    const amount = BigInt(ctx.rng.int(1, Number(held)));
    const to = otherWallet(ctx, from);
    const input = calldata(SELECTORS.erc1155Transfer, from, to, BigInt(token.tokenId), amount, 0xa0, 0);
    const draft = new TxDraft(from, collection.address, 0n, input, method('erc1155Transfer'), ...pair(gas(ctx.rng, 48_000, 70_000)), false);
    draft.erc1155Transfer(collection.address, from, from, to, token.tokenId, amount);
    ctx.erc1155.move(collectionKey(collection.address, token.tokenId), from, to, amount);
    return draft;
  }
  return undefined;
};

export const deployContract: Builder = (ctx) => {
  const from = ctx.rng.pick(ctx.senders);
  const address = createAddress(from, ctx.nonces.next(from));
  const code = `0x6080604052${bytesToHex(ctx.rng.bytes(ctx.rng.int(120, 480))).slice(2)}`;
  const input = `0x608060405234801561001057600080fd5b50${code.slice(2)}`;
  const draft = new TxDraft(from, null, 0n, input, CONTRACT_CREATION_METHOD, ...pair(gas(ctx.rng, 250_000, 1_200_000)), false);
  draft.code = code;
  ctx.deployed.push(address);
  ctx.code.set(address.toLowerCase(), code);
  return draft;
};

/** A call to a wallet-deployed contract with a selector no signature database knows. */
export const unknownCall: Builder = (ctx) => {
  if (ctx.deployed.length === 0) return undefined;
  const from = ctx.rng.pick(ctx.senders);
  const to = ctx.rng.pick(ctx.deployed);
  const selector = bytesToHex(ctx.rng.bytes(4));
  const input = `${selector}${bytesToHex(ctx.rng.bytes(32 * ctx.rng.int(0, 3))).slice(2)}`;
  const failed = ctx.rng.chance(0.1);
  const g = gas(ctx.rng, 26_000, 95_000);
  return new TxDraft(from, to, 0n, input, { callType: 'CONTRACT_CALL', methodHash: selector }, ...pair(failed ? failedGas(ctx.rng, g) : g), failed);
};

/** The planned ICM transaction (send on the source chain, delivery on the destination chain). */
export function icmTransaction(ctx: GenContext, planned: PlannedIcm): TxDraft {
  const m = planned.message;
  const idTopic = `0x${m.messageId}`;
  let draft: TxDraft;
  if (planned.role === 'send') {
    const input = calldata(SELECTORS.icmSend, 0x20, bytesToHex(idBytes(m.destinationBlockchainId)), m.to, m.reward.token, m.reward.value, 200_000n, 0xc0, 0xe0, 0, BigInt((m.data.length - 2) / 2)) + m.data.slice(2);
    draft = new TxDraft(m.from, TELEPORTER_ADDRESS, 0n, input, method('icmSend'), planned.gasUsed, planned.gasUsed + 40_000n, false);
    if (m.reward.value > 0n) {
      draft.erc20Transfer(m.reward.token, m.from, TELEPORTER_ADDRESS, m.reward.value);
      ctx.erc20.move(m.reward.token, m.from, TELEPORTER_ADDRESS, m.reward.value);
    }
    draft.log(TELEPORTER_ADDRESS, [TOPICS.icmSend, idTopic, bytesToHex(idBytes(m.destinationBlockchainId))], data(m.messageNonce, m.from, m.to, m.reward.token, m.reward.value));
    draft.icm = { messageId: m.messageId, direction: 'SOURCE_TRANSACTION' };
  } else {
    const d = m.destination!;
    const input = calldata(SELECTORS.icmReceive, 0, d.rewardRedeemer);
    draft = new TxDraft(d.delivererAddress, TELEPORTER_ADDRESS, 0n, input, method('icmReceive'), planned.gasUsed, planned.gasUsed + 100_000n, false);
    draft.log(TELEPORTER_ADDRESS, [TOPICS.icmReceive, idTopic, bytesToHex(idBytes(m.sourceBlockchainId)), topic(d.delivererAddress)], data(d.rewardRedeemer, m.messageNonce, m.from, m.to));
    draft.icm = { messageId: m.messageId, direction: 'DESTINATION_TRANSACTION' };
  }
  draft.hash = planned.txHash;
  return draft;
}
