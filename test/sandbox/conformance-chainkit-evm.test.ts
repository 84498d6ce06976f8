/**
 * The official Data API client (`@avalanche-sdk/chainkit`) against the simulated Data API's EVM,
 * ICM and signature-aggregator endpoints. The client validates every response with its own schemas,
 * so a resolved call means the sandbox speaks the wire protocol; the data must also be the world's.
 */
import { BadRequestError, NotFoundError } from '@avalanche-sdk/chainkit/models/errors';
import { beforeAll, describe, expect, it } from 'vitest';
import type { EvmChainWorld } from '@avalanche-graph/sandbox';
import { useChainkit } from '../support/chainkit.js';
import { useSandbox } from '../support/sandbox.js';

const sandbox = useSandbox();
const { sdk, at } = useChainkit(sandbox);
let cChain: EvmChainWorld;
let wallet: string;

beforeAll(() => {
  cChain = sandbox.world.evm.chain(43114)!;
  wallet = sandbox.world.evm.sharedWallets[0]!;
});

describe('blocks', () => {
  it('listLatest pages through every block, newest first', async () => {
    const seen: string[] = [];
    for await (const page of await sdk.data.evm.blocks.listLatest({ chainId: '43114', pageSize: 37 }, at)) {
      seen.push(...page.result.blocks.map((b) => b.blockHash));
    }
    expect(seen).toEqual(cChain.blocks.map((b) => b.hash).reverse());
  });

  it('get reads a block by number and by hash', async () => {
    const block = cChain.blocks.find((b) => b.transactionHashes.length >= 2)!;
    const byNumber = await sdk.data.evm.blocks.get({ chainId: '43114', blockId: String(block.number) }, at);
    expect(byNumber).toMatchObject({ blockHash: block.hash, parentHash: block.parentHash, txCount: block.transactionHashes.length, blockTimestamp: block.timestamp });
    expect(byNumber.baseFee).toBe(block.baseFeePerGas.toString());
    expect(await sdk.data.evm.blocks.get({ chainId: cChain.chain.blockchainId, blockId: block.hash }, at)).toEqual(byNumber);
  });

  it('listTransactions lists the transactions of a block in order', async () => {
    const block = cChain.blocks.find((b) => b.transactionHashes.length >= 3)!;
    const all = await sdk.data.evm.blocks.listTransactions({ chainId: '43114', blockId: String(block.number) }, at);
    expect(all.transactions.map((t) => t.txHash)).toEqual(block.transactionHashes);
    const first = await sdk.data.evm.blocks.listTransactions({ chainId: '43114', blockId: block.hash, pageSize: 2 }, at);
    expect(first.transactions.map((t) => t.txHash)).toEqual(block.transactionHashes.slice(0, 2));
    const rest = await sdk.data.evm.blocks.listTransactions({ chainId: '43114', blockId: block.hash, pageSize: 100, pageToken: first.nextPageToken! }, at);
    expect(rest.transactions.map((t) => t.txHash)).toEqual(block.transactionHashes.slice(2));
  });
});

describe('transactions', () => {
  it('get returns a transaction with its token transfers and internal transactions', async () => {
    const tx = cChain.transactions.find((t) => t.erc20Transfers.length > 0 && t.internalCalls.length > 0)!;
    const got = await sdk.data.evm.transactions.get({ chainId: '43114', txHash: tx.hash }, at);
    expect(got.nativeTransaction).toMatchObject({ txHash: tx.hash, blockHash: tx.blockHash, value: tx.value.toString(), input: tx.input, nonce: String(tx.nonce) });
    expect(got.nativeTransaction.from.address).toBe(tx.from);
    expect(got.erc20Transfers?.map((t) => [t.erc20Token.address, t.value])).toEqual(tx.erc20Transfers.map((t) => [t.token, t.value.toString()]));
    expect(got.internalTransactions?.map((t) => [t.to.address, t.value, t.internalTxType])).toEqual(tx.internalCalls.map((c) => [c.to, c.value.toString(), c.type]));
    expect(got.networkTokenDetails.networkToken.symbol).toBe('AVAX');
  });

  it('get decodes NFT transfers and ICM messages', async () => {
    const erc721 = cChain.transactions.find((t) => t.nftTransfers.some((n) => n.standard === 'ERC-721'))!;
    const got721 = await sdk.data.evm.transactions.get({ chainId: '43114', txHash: erc721.hash }, at);
    expect(got721.erc721Transfers?.[0]?.erc721Token.tokenId).toBe(erc721.nftTransfers[0]!.tokenId);
    const erc1155 = cChain.transactions.find((t) => t.nftTransfers.some((n) => n.standard === 'ERC-1155'))!;
    const got1155 = await sdk.data.evm.transactions.get({ chainId: '43114', txHash: erc1155.hash }, at);
    expect(got1155.erc1155Transfers?.[0]?.value).toBe(erc1155.nftTransfers[0]!.value.toString());
    const icm = cChain.transactions.find((t) => t.icm)!;
    const gotIcm = await sdk.data.evm.transactions.get({ chainId: '43114', txHash: icm.hash }, at);
    expect(gotIcm.teleporterMessageInfo).toMatchObject({ teleporterMessageId: icm.icm!.messageId, direction: icm.icm!.direction });
  });

  it('an unknown hash is a NotFoundError, a malformed one a BadRequestError', async () => {
    await expect(sdk.data.evm.transactions.get({ chainId: '43114', txHash: `0x${'12'.repeat(32)}` }, at)).rejects.toBeInstanceOf(NotFoundError);
    await expect(sdk.data.evm.transactions.get({ chainId: '43114', txHash: '0x12' }, at)).rejects.toBeInstanceOf(BadRequestError);
  });
});

describe('address transactions', () => {
  it('listNative pages through the native transactions of a wallet within a block range', async () => {
    const expected = cChain.addressTransactions(wallet).filter((t) => t.blockNumber >= 20 && t.blockNumber < 180);
    const seen: string[] = [];
    for await (const page of await sdk.data.evm.address.transactions.listNative({ chainId: '43114', address: wallet, startBlock: 20, endBlock: 180, pageSize: 4 }, at)) {
      for (const t of page.result.transactions) {
        expect([t.from.address, t.to.address]).toContain(wallet);
        seen.push(t.txHash);
      }
    }
    expect(seen).toEqual(expected.map((t) => t.hash));
  });

  it('listErc20 pages through the ERC-20 transfers of a wallet', async () => {
    const expected = cChain.addressErc20Transfers(wallet);
    const seen: string[] = [];
    for await (const page of await sdk.data.evm.address.transactions.listErc20({ chainId: '43114', address: wallet, pageSize: 5 }, at)) {
      seen.push(...page.result.transactions.map((t) => `${t.txHash}/${t.logIndex}/${t.value}/${t.erc20Token.symbol}`));
    }
    expect(seen).toEqual(expected.map((r) => `${r.tx.hash}/${r.transfer.logIndex}/${r.transfer.value}/${cChain.erc20Token(r.transfer.token)!.symbol}`));
    expect(seen.length).toBeGreaterThan(0);
  });
});

describe('tokens and NFTs', () => {
  it('listTransfers pages through ERC-20, ERC-721 and ERC-1155 transfers of a contract', async () => {
    for (const contract of [cChain.erc20Tokens[1]!.address, ...cChain.nftCollections.map((c) => c.address)]) {
      const seen: string[] = [];
      for await (const page of await sdk.data.evm.contracts.listTransfers({ chainId: '43114', address: contract, pageSize: 20 }, at)) {
        seen.push(...page.result.transfers.map((t) => `${t.txHash}/${t.logIndex}`));
      }
      expect(seen).toEqual(cChain.contractTransfers(contract).map((r) => `${r.tx.hash}/${r.transfer.logIndex}`));
      expect(seen.length).toBeGreaterThan(0);
    }
  });

  it('nfts.list pages through the tokens of a collection with their metadata', async () => {
    const collection = cChain.nftCollections.find((c) => c.standard === 'ERC-721')!;
    const tokens = [];
    for await (const page of await sdk.data.nfts.list({ chainId: '43114', address: collection.address, pageSize: 6 }, at)) tokens.push(...page.result.tokens);
    expect(tokens.map((t) => t.tokenId)).toEqual(collection.tokens.map((t) => t.tokenId));
    const indexed = collection.tokens.find((t) => t.metadata.indexStatus === 'INDEXED')!;
    const wire = tokens.find((t) => t.tokenId === indexed.tokenId)!;
    if (wire.ercType !== 'ERC-721') throw new Error(`expected an ERC-721 token, got ${wire.ercType}`);
    expect(wire.metadata).toMatchObject({ indexStatus: 'INDEXED', name: indexed.metadata.name, imageUri: indexed.metadata.imageUri });
    expect(JSON.parse(wire.metadata.attributes!)).toEqual(indexed.metadata.attributes);
    expect(wire.ownerAddress).toBe(cChain.nftOwner(collection.address, indexed.tokenId));
    await expect(sdk.data.nfts.list({ chainId: '43114', address: wallet }, at)).rejects.toBeInstanceOf(NotFoundError);
  });
});

describe('balances', () => {
  it('getNative gives the balance at a block, priced in the requested currency', async () => {
    const block = Math.floor(cChain.latestBlockNumber() / 2);
    const got = await sdk.data.evm.address.balances.getNative({ chainId: '43114', address: wallet, blockNumber: String(block), currency: 'eur' }, at);
    expect(got.nativeTokenBalance.balance).toBe(cChain.nativeBalance(wallet, block).toString());
    expect(got.nativeTokenBalance.price?.currencyCode).toBe('eur');
    const latest = await sdk.data.evm.address.balances.getNative({ chainId: '43114', address: wallet }, at);
    expect(latest.nativeTokenBalance.balance).toBe(cChain.nativeBalance(wallet).toString());
  });

  it('listErc721 and listErc1155 page through holdings', async () => {
    const holder = cChain.wallets.reduce((best, w) => (cChain.nftHoldings(w).length > cChain.nftHoldings(best).length ? w : best));
    const holdings = cChain.nftHoldings(holder);
    const erc721: string[] = [];
    for await (const page of await sdk.data.evm.address.balances.listErc721({ chainId: '43114', address: holder, pageSize: 2 }, at)) {
      erc721.push(...page.result.erc721TokenBalances.map((b) => `${b.address}#${b.tokenId}`));
    }
    expect(erc721).toEqual(holdings.filter((h) => h.token.standard === 'ERC-721').map((h) => `${h.token.address}#${h.token.tokenId}`));
    const block = cChain.latestBlockNumber() - 40;
    const erc1155: string[] = [];
    for await (const page of await sdk.data.evm.address.balances.listErc1155({ chainId: '43114', address: holder, blockNumber: String(block), pageSize: 1 }, at)) {
      erc1155.push(...page.result.erc1155TokenBalances.map((b) => `${b.tokenId}=${b.balance}`));
    }
    expect(erc1155).toEqual(cChain.nftHoldings(holder, block).filter((h) => h.token.standard === 'ERC-1155').map((h) => `${h.token.tokenId}=${h.balance}`));
    expect(erc721.length + erc1155.length).toBeGreaterThan(0);
  });

  it('rejects page sizes beyond the bounds', async () => {
    await expect(sdk.data.evm.address.balances.listErc721({ chainId: '43114', address: wallet, pageSize: 501 }, at)).rejects.toBeInstanceOf(BadRequestError);
  });
});

describe('ICM and signature aggregation', () => {
  it('icm.listByAddress lists the messages of an address, newest first, across pages', async () => {
    const expected = sandbox.world.evm
      .icmMessages()
      .filter((m) => m.network === 'mainnet' && (m.from === wallet || m.to === wallet))
      .reverse();
    expect(expected.length).toBeGreaterThan(2);
    const first = await sdk.data.icm.listByAddress({ address: wallet, network: 'mainnet', pageSize: 2 }, at);
    const seen = [...first.messages];
    let token = first.nextPageToken;
    while (token) {
      const page = await sdk.data.icm.listByAddress({ address: wallet, network: 'mainnet', pageSize: 2, pageToken: token }, at);
      seen.push(...page.messages);
      token = page.nextPageToken;
    }
    expect(seen.map((m) => m.messageId)).toEqual(expected.map((m) => m.messageId));
    for (const m of seen) {
      const world = sandbox.world.evm.icmMessage(m.messageId)!;
      expect(m.status).toBe(world.status);
      if (m.status === 'delivered_source_not_indexed') throw new Error('every source chain of the world is indexed');
      expect(m.sourceTransaction.txHash).toBe(world.source.txHash);
      if (m.status === 'delivered') expect(m.destinationTransaction.txHash).toBe(world.destination!.txHash);
    }
  });

  it('signatureAggregator.get and aggregate sign the warp message of an ICM send', async () => {
    const message = sandbox.world.evm.icmMessages().find((m) => m.network === 'mainnet')!;
    const byTx = await sdk.data.signatureAggregator.get({ network: 'mainnet', txHash: message.source.txHash }, at);
    expect(byTx.signedMessage.startsWith(message.unsignedWarpMessage)).toBe(true);
    const signed = await sdk.data.signatureAggregator.aggregate(
      { network: 'mainnet', signatureAggregatorRequest: { message: message.unsignedWarpMessage, quorumPercentage: 67 } },
      at,
    );
    expect(signed.signedMessage).toBe(byTx.signedMessage);
    await expect(
      sdk.data.signatureAggregator.aggregate({ network: 'mainnet', signatureAggregatorRequest: { message: message.unsignedWarpMessage, quorumPercentage: 90, quorumPercentageBuffer: 20 } }, at),
    ).rejects.toBeInstanceOf(BadRequestError);
    await expect(sdk.data.signatureAggregator.get({ network: 'fuji', txHash: message.source.txHash }, at)).rejects.toBeInstanceOf(NotFoundError);
  });
});
