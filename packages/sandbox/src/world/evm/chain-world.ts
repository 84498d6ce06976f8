/** Lookups over one generated chain: by number, hash, address and contract, built once per chain. */
import { erc20BalancesOf } from './erc20-balances.js';
import type { GeneratedChain } from './generate.js';
import type { PlannedIcm } from './icm.js';
import type { ChainPlan } from './plan.js';
import type {
  Erc20Token,
  Erc20TransferRecord,
  EvmBlock,
  EvmChainWorld,
  EvmTransaction,
  NftCollection,
  NftHolding,
  TokenTransferRecord,
} from './types.js';

const k = (s: string) => s.toLowerCase();

function push<T>(map: Map<string, T[]>, key: string, value: T): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/**
 * The chain's lookups, and `mine`: a new block after the head holding the given ICM transactions
 * (the world's delivery of a pending message), indexed like the generated ones.
 */
export function buildChainWorld(plan: ChainPlan, generated: GeneratedChain): { world: EvmChainWorld; mine(planned: readonly PlannedIcm[]): EvmBlock } {
  const { blocks, transactions, native, nonces, nftTokens, code } = generated;
  // The head moves when a block is mined (`mineBlock`); everything reads it through `latest()`.
  const latest = () => blocks.length - 1;
  const blockByHash = new Map(blocks.map((b) => [k(b.hash), b]));
  const txByHash = new Map(transactions.map((t) => [k(t.hash), t]));
  const byAddress = new Map<string, EvmTransaction[]>();
  const erc20ByAddress = new Map<string, Erc20TransferRecord[]>();
  const byContract = new Map<string, TokenTransferRecord[]>();
  const nftByAddress = new Map<string, Extract<TokenTransferRecord, { kind: 'nft' }>[]>();

  // Walk newest first so every index comes out in the order the Data API lists.
  for (let i = transactions.length - 1; i >= 0; i--) {
    const tx = transactions[i]!;
    const parties = new Set([k(tx.from), ...(tx.to ? [k(tx.to)] : []), ...(tx.contractAddress ? [k(tx.contractAddress)] : [])]);
    for (const party of parties) push(byAddress, party, tx);
    for (let j = tx.erc20Transfers.length - 1; j >= 0; j--) {
      const transfer = tx.erc20Transfers[j]!;
      for (const party of new Set([k(transfer.from), k(transfer.to)])) push(erc20ByAddress, party, { tx, transfer });
      push(byContract, k(transfer.token), { kind: 'erc20', tx, transfer });
    }
    for (let j = tx.nftTransfers.length - 1; j >= 0; j--) {
      const record = { kind: 'nft' as const, tx, transfer: tx.nftTransfers[j]! };
      for (const party of new Set([k(record.transfer.from), k(record.transfer.to)])) push(nftByAddress, party, record);
      push(byContract, k(record.transfer.collection), record);
    }
  }

  const collections: NftCollection[] = plan.collections.map((c) => ({
    address: c.address,
    standard: c.standard,
    name: c.name,
    symbol: c.symbol,
    tokens: nftTokens.get(k(c.address)) ?? [],
  }));
  const collectionByAddress = new Map(collections.map((c) => [k(c.address), c]));
  const tokenByAddress = new Map<string, Erc20Token>(plan.tokens.map((t) => [k(t.address), t]));
  const at = (blockNumber: number | undefined) => (blockNumber === undefined ? latest() : blockNumber);

  const mine = (planned: readonly PlannedIcm[]): EvmBlock => {
    const { block, transactions: txs } = generated.mine(planned);
    blockByHash.set(k(block.hash), block);
    for (const tx of txs) {
      txByHash.set(k(tx.hash), tx);
      // Newest first, as the indexes were built.
      for (const party of new Set([k(tx.from), ...(tx.to ? [k(tx.to)] : [])])) byAddress.set(party, [tx, ...(byAddress.get(party) ?? [])]);
    }
    return block;
  };

  const world: EvmChainWorld = {
    chain: plan.chain,
    evmChainId: plan.chain.evmChainId,
    blocks,
    transactions,
    latestBlockNumber: latest,
    mineBlock: () => mine([]),
    blockByNumber: (number) => {
      const n = Number(number);
      return Number.isSafeInteger(n) && n >= 0 ? blocks[n] : undefined;
    },
    blockByHash: (hash) => blockByHash.get(k(hash)),
    transaction: (hash) => txByHash.get(k(hash)),
    blockTransactions: (block: EvmBlock) => block.transactionHashes.map((h) => txByHash.get(k(h))!),
    nativeBalance: (address, blockNumber) => native.at(address, Math.min(at(blockNumber), latest())),
    nonce: (address, blockNumber) => nonces.at(address, at(blockNumber)),
    genesisAlloc: plan.genesisAlloc,
    wallets: plan.wallets,
    erc20Tokens: plan.tokens,
    erc20Token: (address) => tokenByAddress.get(k(address)),
    erc20GenesisAlloc: plan.tokenAlloc,
    erc20Balances: (holder, blockNumber) => erc20BalancesOf(plan.tokens, plan.tokenAlloc, erc20ByAddress.get(k(holder)) ?? [], holder, at(blockNumber)),
    nftCollections: collections,
    nftCollection: (address) => collectionByAddress.get(k(address)),
    addressTransactions: (address) => byAddress.get(k(address)) ?? [],
    addressErc20Transfers: (address) => erc20ByAddress.get(k(address)) ?? [],
    contractTransfers: (contract) => byContract.get(k(contract)) ?? [],
    nftHoldings: (owner, blockNumber) => holdingsOf(owner, at(blockNumber), nftByAddress.get(k(owner)) ?? [], collectionByAddress),
    nftOwner: (collection, tokenId, blockNumber) => {
      const limit = at(blockNumber);
      const record = (byContract.get(k(collection)) ?? []).find((r) => r.kind === 'nft' && r.transfer.tokenId === tokenId && r.tx.blockNumber <= limit);
      return record?.transfer.to;
    },
    code: (address) => code.get(k(address)),
  };
  return { world, mine };
}

function holdingsOf(
  owner: string,
  blockNumber: number,
  records: readonly Extract<TokenTransferRecord, { kind: 'nft' }>[],
  collections: Map<string, NftCollection>,
): NftHolding[] {
  const balances = new Map<string, bigint>();
  const me = k(owner);
  for (const { tx, transfer } of records) {
    if (tx.blockNumber > blockNumber) continue;
    const key = `${k(transfer.collection)}|${transfer.tokenId}`;
    let delta = 0n;
    if (k(transfer.to) === me) delta += transfer.value;
    if (k(transfer.from) === me) delta -= transfer.value;
    balances.set(key, (balances.get(key) ?? 0n) + delta);
  }
  const holdings: NftHolding[] = [];
  for (const [key, balance] of balances) {
    if (balance <= 0n) continue;
    const [collection, tokenId] = key.split('|') as [string, string];
    const token = collections.get(collection)?.tokens.find((t) => t.tokenId === tokenId);
    if (token) holdings.push({ token, balance });
  }
  return holdings.sort((a, b) => k(a.token.address).localeCompare(k(b.token.address)) || Number(a.token.tokenId) - Number(b.token.tokenId));
}
