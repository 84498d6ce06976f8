/**
 * The simulated EVM world, seen through the Data API the way a user would check it: blocks chain up,
 * counts match lists, balances follow from history, transfers and ICM messages point at transactions
 * and blocks that exist, and the same seed always yields the same world.
 */
import { describe, expect, it } from 'vitest';
import { createWorld, DEFAULT_SEED } from '@avalanche-graph/sandbox';
import { balanceFromHistory, checkBlockTransactions, checkIcmMessages, dataApiOf, linkedBlocks } from '../support/world-checks.js';
import { useSandbox } from '../support/sandbox.js';

type Json = Record<string, any>;

const sandbox = useSandbox();
const ok = (path: string) => dataApiOf(sandbox).ok(path);
const walk = (path: string, key: string) => dataApiOf(sandbox).walk(path, key);

const CHAINS = ['43114', '779672', '432204', '43113', '173750'];

describe('blocks', () => {
  it.each(CHAINS)('chain %s: blocks link by parentHash from genesis to the tip, a few seconds apart', async (chainId) => {
    const blocks = await linkedBlocks(sandbox, chainId);
    expect(blocks.length).toBeGreaterThanOrEqual(150);
    expect(blocks.length).toBeLessThanOrEqual(301);
    // The tip is in 2026, the world's fixed present.
    expect(new Date(blocks.at(-1)!.blockTimestamp * 1000).getUTCFullYear()).toBe(2026);
  });

  it('a block read by number and by hash is the same block, and txCount matches its transaction list', async () => {
    const blocks = await walk('/v1/chains/43114/blocks', 'blocks');
    for (const block of blocks.filter((b) => b.txCount > 0).slice(0, 25)) await checkBlockTransactions(sandbox, '43114', block);
  });
});

describe('balances', () => {
  it('a wallet active on several chains has history on each, and its balance is genesis plus the sum of its transactions', async () => {
    const world = sandbox.world.evm;
    const wallet = world.sharedWallets[0]!;
    for (const chainId of CHAINS) {
      const latest = Number((await ok(`/v1/chains/${chainId}/blocks?pageSize=1`)).blocks[0].blockNumber);
      const txs = await walk(`/v1/chains/${chainId}/addresses/${wallet}/transactions:listNative`, 'transactions');
      expect(txs.length, `history of ${wallet} on ${chainId}`).toBeGreaterThan(0);
      for (const at of [Math.floor(latest / 3), latest]) {
        const reported = BigInt((await ok(`/v1/chains/${chainId}/addresses/${wallet}/balances:getNative?blockNumber=${at}`)).nativeTokenBalance.balance);
        expect(reported, `balance of ${wallet} on ${chainId} at ${at}`).toBe(await balanceFromHistory(sandbox, chainId, wallet, at));
      }
      const now = BigInt((await ok(`/v1/chains/${chainId}/addresses/${wallet}/balances:getNative`)).nativeTokenBalance.balance);
      expect(now).toBe(await balanceFromHistory(sandbox, chainId, wallet, latest));
    }
  });

  it('holds for every wallet of the Fuji C-Chain', async () => {
    const chain = sandbox.world.evm.chain(43113)!;
    for (const wallet of chain.wallets) {
      const reported = BigInt((await ok(`/v1/chains/43113/addresses/${wallet}/balances:getNative`)).nativeTokenBalance.balance);
      expect(reported).toBe(await balanceFromHistory(sandbox, '43113', wallet, chain.latestBlockNumber()));
      expect(reported).toBeGreaterThan(0n);
    }
  });

  it('ERC-1155 balances at a block equal the sum of the transfers up to that block', async () => {
    const chain = sandbox.world.evm.chain(43114)!;
    const collection = chain.nftCollections.find((c) => c.standard === 'ERC-1155')!;
    const transfers = await walk(`/v1/chains/43114/tokens/${collection.address}/transfers`, 'transfers');
    expect(transfers.length).toBeGreaterThan(0);
    const holder = transfers.at(-1)!.to.address as string;
    const mid = Number(transfers[Math.floor(transfers.length / 2)]!.blockNumber);
    for (const at of [mid, chain.latestBlockNumber()]) {
      const expected = new Map<string, bigint>();
      for (const t of transfers.filter((x) => Number(x.blockNumber) <= at)) {
        const id = t.erc1155Token.tokenId as string;
        if (t.to.address === holder) expected.set(id, (expected.get(id) ?? 0n) + BigInt(t.value));
        if (t.from.address === holder) expected.set(id, (expected.get(id) ?? 0n) - BigInt(t.value));
      }
      const listed = await walk(`/v1/chains/43114/addresses/${holder}/balances:listErc1155?blockNumber=${at}&contractAddress=${collection.address}`, 'erc1155TokenBalances');
      const actual = new Map(listed.map((b) => [b.tokenId as string, BigInt(b.balance)]));
      expect(actual).toEqual(new Map([...expected].filter(([, v]) => v > 0n)));
    }
  });

  it('ERC-721 holdings are the tokens whose latest transfer went to the holder', async () => {
    const chain = sandbox.world.evm.chain(779672)!;
    const collection = chain.nftCollections.find((c) => c.standard === 'ERC-721')!;
    const tokens = await walk(`/v1/chains/779672/nfts/collections/${collection.address}/tokens`, 'tokens');
    const transfers = await walk(`/v1/chains/779672/tokens/${collection.address}/transfers`, 'transfers');
    for (const token of tokens) {
      const last = transfers.find((t) => t.erc721Token.tokenId === token.tokenId)!;
      expect(token.ownerAddress).toBe(last.to.address);
    }
    const owner = tokens[0]!.ownerAddress as string;
    const held = await walk(`/v1/chains/779672/addresses/${owner}/balances:listErc721?contractAddress=${collection.address}`, 'erc721TokenBalances');
    expect(held.map((h) => h.tokenId).sort()).toEqual(tokens.filter((t) => t.ownerAddress === owner).map((t) => t.tokenId).sort());
  });
});

describe('transfers point at real transactions', () => {
  it('every ERC-20 transfer of a wallet is inside its transaction, in a block that exists', async () => {
    const wallet = sandbox.world.evm.sharedWallets[0]!;
    const transfers = await walk(`/v1/chains/43114/addresses/${wallet}/transactions:listErc20`, 'transactions');
    expect(transfers.length).toBeGreaterThan(0);
    for (const transfer of transfers) {
      expect([transfer.from.address, transfer.to.address]).toContain(wallet);
      const tx = await ok(`/v1/chains/43114/transactions/${transfer.txHash}`);
      expect(tx.nativeTransaction.blockHash).toBe(transfer.blockHash);
      const inside = tx.erc20Transfers.find((t: Json) => t.logIndex === transfer.logIndex);
      expect(inside).toMatchObject({ value: transfer.value, from: transfer.from, to: transfer.to });
      expect((await ok(`/v1/chains/43114/blocks/${transfer.blockHash}`)).blockNumber).toBe(transfer.blockNumber);
    }
  });

  it('every transfer of a token contract is inside its transaction', async () => {
    const chain = sandbox.world.evm.chain(432204)!;
    for (const contract of [chain.erc20Tokens[0]!.address, chain.nftCollections[0]!.address]) {
      const transfers = await walk(`/v1/chains/432204/tokens/${contract}/transfers`, 'transfers');
      expect(transfers.length).toBeGreaterThan(0);
      for (const transfer of transfers.slice(0, 30)) {
        const tx = await ok(`/v1/chains/432204/transactions/${transfer.txHash}`);
        const all = [...tx.erc20Transfers, ...tx.erc721Transfers, ...tx.erc1155Transfers];
        expect(all.some((t: Json) => t.logIndex === transfer.logIndex)).toBe(true);
      }
    }
  });
});

describe('ICM messages', () => {
  it('point at source and destination transactions and blocks of this world', async () => {
    expect(await checkIcmMessages(sandbox)).toEqual(new Set(['delivered', 'pending']));
  });

  it('connect only chains of the same network, with nonces rising over time per source chain', () => {
    const world = sandbox.world.evm;
    const network = new Map(sandbox.world.chains.map((c) => [c.evmChainId, c.network]));
    const lastNonce = new Map<number, bigint>();
    for (const m of world.icmMessages()) {
      expect(network.get(m.sourceEvmChainId)).toBe(network.get(m.destinationEvmChainId));
      expect(m.sourceEvmChainId).not.toBe(m.destinationEvmChainId);
      const previous = lastNonce.get(m.sourceEvmChainId);
      if (previous !== undefined) expect(m.messageNonce).toBeGreaterThan(previous);
      lastNonce.set(m.sourceEvmChainId, m.messageNonce);
    }
    // Receipts travel back: a receipt on a message from A to B acknowledges an earlier message from B to A.
    const withReceipts = world.icmMessages().filter((m) => m.receipts.length > 0);
    expect(withReceipts.length).toBeGreaterThan(0);
    for (const m of withReceipts) {
      for (const receipt of m.receipts) {
        const acknowledged = world.icmMessages().find((x) => x.sourceEvmChainId === m.destinationEvmChainId && x.messageNonce === receipt.receivedMessageNonce)!;
        expect(acknowledged.destinationEvmChainId).toBe(m.sourceEvmChainId);
        expect(acknowledged.destination!.timestamp).toBeLessThanOrEqual(m.source.timestamp);
        expect(receipt.relayerRewardAddress).toBe(acknowledged.destination!.rewardRedeemer);
      }
    }
  });
});

describe('determinism', () => {
  type BuiltWorld = ReturnType<typeof createWorld>;

  /** Everything a client could observe of a world's EVM part, as lines. */
  function fingerprint(world: BuiltWorld): string[] {
    const out: string[] = [];
    for (const id of world.evm.chainIds) {
      const chain = world.evm.chain(id)!;
      out.push(`${id}:${chain.blocks.at(-1)!.hash}:${chain.transactions.length}:${chain.wallets.join(',')}`);
      out.push(...chain.transactions.map((t) => `${t.hash}:${t.value}:${t.gasUsed}`));
    }
    out.push(...world.evm.icmMessages().map((m) => `${m.messageId}:${m.status}`));
    return out;
  }

  let reference: string[];

  it('the same seed builds the same world, whatever order chains are first read in', () => {
    const a = createWorld(DEFAULT_SEED);
    const b = createWorld(DEFAULT_SEED);
    for (const id of [...b.evm.chainIds].reverse()) b.evm.chain(id);
    reference = fingerprint(a);
    expect(fingerprint(b)).toEqual(reference);
    expect(new Set(reference).size).toBe(reference.length);
    // The running sandbox is that world too.
    expect(sandbox.world.evm.chain(43114)!.blocks.at(-1)!.hash).toBe(a.evm.chain(43114)!.blocks.at(-1)!.hash);
  });

  it('another seed builds another world', () => {
    const other = fingerprint(createWorld('another-seed'));
    expect(other.length).toBeGreaterThan(100);
    const known = new Set(reference);
    expect(other.filter((line) => known.has(line))).toEqual([]);
  });
});
