/**
 * Checks that a sandbox's world holds together, as a user would check it through the Data API: blocks
 * chain up, ICM messages point at transactions and blocks that exist, balances follow from history,
 * delegations go to current validators. Used on the world as generated (test/sandbox/evm-world,
 * primary-world) and on a world that has lived (test/sandbox/life).
 */
import { expect } from 'vitest';
import type { PrimaryNetwork, Sandbox } from '@avalanche-graph/sandbox';

type Json = Record<string, any>;

/** GETs on a listening sandbox's Data API: `ok` (expects 200) and `walk` (every item of a listing, page by page). */
export function dataApiOf(sandbox: Sandbox) {
  const ok = async (path: string): Promise<Json> => {
    const response = await fetch(`${sandbox.urls.dataApi}${path}`);
    const body = (await response.json()) as Json;
    expect(response.status, `${path}: ${JSON.stringify(body)}`).toBe(200);
    return body;
  };
  /** Follows nextPageToken to the end and returns every item under `key`. */
  const walk = async (path: string, key: string, pageSize = 100): Promise<Json[]> => {
    const items: Json[] = [];
    let token: string | undefined;
    const sep = path.includes('?') ? '&' : '?';
    do {
      const body = await ok(`${path}${sep}pageSize=${pageSize}${token ? `&pageToken=${encodeURIComponent(token)}` : ''}`);
      items.push(...(body[key] as Json[]));
      token = body.nextPageToken;
    } while (token);
    return items;
  };
  return { ok, walk };
}

/**
 * A chain's blocks as the Data API lists them, oldest first, after checking that they link by
 * parentHash from genesis to the tip, a few seconds apart, with running transaction counts.
 */
export async function linkedBlocks(sandbox: Sandbox, chainId: string): Promise<Json[]> {
  const blocks = (await dataApiOf(sandbox).walk(`/v1/chains/${chainId}/blocks`, 'blocks')).reverse();
  expect(blocks[0]!.blockNumber).toBe('0');
  expect(blocks[0]!.parentHash).toBe(`0x${'0'.repeat(64)}`);
  for (let i = 1; i < blocks.length; i++) {
    const [prev, block] = [blocks[i - 1]!, blocks[i]!];
    expect(BigInt(block.blockNumber)).toBe(BigInt(prev.blockNumber) + 1n);
    expect(block.parentHash).toBe(prev.blockHash);
    const gap = block.blockTimestamp - prev.blockTimestamp;
    expect(gap).toBeGreaterThanOrEqual(0);
    expect(gap).toBeLessThanOrEqual(10);
    expect(BigInt(block.cumulativeTransactions)).toBe(BigInt(prev.cumulativeTransactions) + BigInt(block.txCount));
    expect(block.blockHash).toMatch(/^0x[0-9a-f]{64}$/);
  }
  expect(new Set(blocks.map((b) => b.blockHash)).size).toBe(blocks.length);
  return blocks;
}

/** A block (as the Data API lists it) is the same by hash, and its counts, gas and fees are its transactions'. */
export async function checkBlockTransactions(sandbox: Sandbox, chainId: string, block: Json): Promise<void> {
  const { ok } = dataApiOf(sandbox);
  expect(await ok(`/v1/chains/${chainId}/blocks/${block.blockHash}`)).toEqual(block);
  const { transactions } = await ok(`/v1/chains/${chainId}/blocks/${block.blockNumber}/transactions?pageSize=0`);
  expect(transactions).toHaveLength(block.txCount);
  expect(transactions.map((t: Json) => t.blockIndex)).toEqual([...Array(block.txCount).keys()]);
  for (const tx of transactions) {
    expect(tx.blockHash).toBe(block.blockHash);
    expect(tx.blockNumber).toBe(block.blockNumber);
  }
  const gasUsed = transactions.reduce((sum: bigint, t: Json) => sum + BigInt(t.gasUsed), 0n);
  expect(BigInt(block.gasUsed)).toBe(gasUsed);
  const fees = transactions.reduce((sum: bigint, t: Json) => sum + BigInt(t.gasUsed) * BigInt(t.gasPrice), 0n);
  expect(BigInt(block.feesSpent)).toBe(fees);
}

/**
 * Checks every ICM message of every sender of the world: its source transaction (and, once
 * delivered, its destination transaction and block) exist and say the same. Returns the statuses seen.
 */
export async function checkIcmMessages(sandbox: Sandbox): Promise<Set<string>> {
  const { ok, walk } = dataApiOf(sandbox);
  const senders = [...new Set(sandbox.world.evm.icmMessages().map((m) => m.from))];
  const statuses = new Set<string>();
  for (const sender of senders) {
    const messages = await walk(`/v1/icm/addresses/${sender}/messages`, 'messages');
    expect(messages.length).toBeGreaterThan(0);
    for (const m of messages) {
      statuses.add(m.status);
      const source = await ok(`/v1/chains/${m.sourceEvmChainId}/transactions/${m.sourceTransaction.txHash}`);
      expect(source.teleporterMessageInfo).toMatchObject({ teleporterMessageId: m.messageId, direction: 'SOURCE_TRANSACTION', destinationChainId: m.destinationEvmChainId });
      expect(source.nativeTransaction.blockTimestamp).toBe(m.sourceTransaction.timestamp);
      expect(source.nativeTransaction.from.address).toBe(m.from);
      expect(BigInt(source.nativeTransaction.gasUsed)).toBe(BigInt(m.sourceTransaction.gasSpent));
      const chains = await ok(`/v1/chains/${m.sourceEvmChainId}`);
      expect(chains.platformChainId).toBe(m.sourceBlockchainId);
      if (m.status === 'delivered') {
        const destination = await ok(`/v1/chains/${m.destinationEvmChainId}/transactions/${m.destinationTransaction.txHash}`);
        expect(destination.teleporterMessageInfo).toMatchObject({ teleporterMessageId: m.messageId, direction: 'DESTINATION_TRANSACTION', sourceChainId: m.sourceEvmChainId });
        expect(destination.nativeTransaction.from.address).toBe(m.destinationTransaction.delivererAddress);
        expect(m.destinationTransaction.timestamp).toBeGreaterThanOrEqual(m.sourceTransaction.timestamp);
        const block = await ok(`/v1/chains/${m.destinationEvmChainId}/blocks/${destination.nativeTransaction.blockHash}`);
        expect(block.blockTimestamp).toBe(m.destinationTransaction.timestamp);
      } else {
        expect(m.destinationTransaction).toBeUndefined();
      }
    }
  }
  return statuses;
}

/** A wallet's native balance after block `upTo`, from its genesis balance and its listed transactions. */
export async function balanceFromHistory(sandbox: Sandbox, chainId: string, address: string, upTo: number): Promise<bigint> {
  const { ok, walk } = dataApiOf(sandbox);
  const genesis = BigInt((await ok(`/v1/chains/${chainId}/addresses/${address}/balances:getNative?blockNumber=0`)).nativeTokenBalance.balance);
  const txs = await walk(`/v1/chains/${chainId}/addresses/${address}/transactions:listNative?endBlock=${upTo + 1}`, 'transactions');
  let balance = genesis;
  const me = address.toLowerCase();
  for (const tx of txs) {
    const success = tx.txStatus === '1';
    if (tx.from.address.toLowerCase() === me) {
      balance -= BigInt(tx.gasUsed) * BigInt(tx.gasPrice);
      if (success) balance -= BigInt(tx.value);
    }
    if (tx.to.address.toLowerCase() === me && success) balance += BigInt(tx.value);
  }
  return balance;
}

/** Every delegation of the network goes to one of its current validators, within its validation period. */
export function checkDelegations(net: PrimaryNetwork): void {
  for (const d of net.delegations) {
    const validator = net.validators.find((v) => v.nodeId === d.nodeId);
    expect(validator, d.txId).toBeDefined();
    expect(d.start).toBeGreaterThanOrEqual(d.period.start);
    expect(d.end).toBeLessThanOrEqual(d.period.end);
  }
}
