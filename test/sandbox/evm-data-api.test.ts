/**
 * The EVM routes of the simulated Data API as a client meets them: pagination that walks a whole
 * list without gaps or duplicates, block ranges, error statuses and bodies, and the signature
 * aggregator's request checks.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { useSandbox } from '../support/sandbox.js';

type Json = Record<string, any>;

const sandbox = useSandbox();
let wallet: string;

async function request(path: string, init?: RequestInit): Promise<{ status: number; body: Json }> {
  const response = await fetch(`${sandbox.urls.dataApi}${path}`, init);
  return { status: response.status, body: (await response.json()) as Json };
}

async function ok(path: string): Promise<Json> {
  const { status, body } = await request(path);
  expect(status, `${path}: ${JSON.stringify(body)}`).toBe(200);
  return body;
}

async function walk(path: string, key: string, pageSizes: number[]): Promise<Json[]> {
  const items: Json[] = [];
  let token: string | undefined;
  let i = 0;
  const sep = path.includes('?') ? '&' : '?';
  do {
    const pageSize = pageSizes[i++ % pageSizes.length]!;
    const body = await ok(`${path}${sep}pageSize=${pageSize}${token ? `&pageToken=${encodeURIComponent(token)}` : ''}`);
    expect(body[key].length).toBeLessThanOrEqual(pageSize);
    if (body.nextPageToken) expect(body[key].length).toBe(pageSize);
    items.push(...body[key]);
    token = body.nextPageToken;
  } while (token);
  return items;
}

function expectError(result: { status: number; body: Json }, status: number): void {
  expect(result.status).toBe(status);
  expect(result.body).toMatchObject({ statusCode: status, error: status === 400 ? 'Bad Request' : 'Not Found' });
  expect(typeof result.body.message === 'string' || Array.isArray(result.body.message)).toBe(true);
}

beforeAll(() => {
  wallet = sandbox.world.evm.sharedWallets[0]!;
});

describe('pagination', () => {
  const key = (item: Json) => item.txHash ?? item.blockHash ?? item.messageId ?? item.tokenId;
  const lists = (): [string, string, string, (item: Json) => string][] => {
    const chain = sandbox.world.evm.chain(43114)!;
    return [
      ['blocks', '/v1/chains/43114/blocks', 'blocks', key],
      ['native transactions', `/v1/chains/43114/addresses/${wallet}/transactions:listNative`, 'transactions', key],
      ['ERC-20 transfers', `/v1/chains/43114/addresses/${wallet}/transactions:listErc20`, 'transactions', (t) => `${t.txHash}/${t.logIndex}`],
      ['token transfers', `/v1/chains/43114/tokens/${chain.erc20Tokens[0]!.address}/transfers`, 'transfers', (t) => `${t.txHash}/${t.logIndex}`],
      ['collection tokens', `/v1/chains/43114/nfts/collections/${chain.nftCollections[0]!.address}/tokens`, 'tokens', key],
      ['ICM messages', `/v1/icm/addresses/${wallet}/messages`, 'messages', key],
    ];
  };

  it('walks every list without gaps or duplicates for several page sizes, and across size changes', async () => {
    for (const [name, path, field, id] of lists()) {
      const reference = (await walk(path, field, [100])).map(id);
      expect(reference.length, name).toBeGreaterThan(1);
      expect(new Set(reference).size, name).toBe(reference.length);
      for (const sizes of [[1], [3], [7], [10], [2, 9, 4]]) {
        expect((await walk(path, field, sizes)).map(id), `${name} by ${sizes}`).toEqual(reference);
      }
    }
  });

  it('lists newest first', async () => {
    const blocks = await walk('/v1/chains/779672/blocks', 'blocks', [50]);
    const numbers = blocks.map((b) => Number(b.blockNumber));
    expect(numbers).toEqual([...numbers].sort((a, b) => b - a));
    const txs = await walk(`/v1/chains/779672/addresses/${wallet}/transactions:listNative`, 'transactions', [50]);
    const order = txs.map((t) => Number(t.blockNumber) * 1000 + t.blockIndex);
    expect(order).toEqual([...order].sort((a, b) => b - a));
  });

  it('uses the documented default page sizes', async () => {
    expect((await ok('/v1/chains/43114/blocks')).blocks).toHaveLength(10);
    expect((await ok(`/v1/chains/43114/addresses/${wallet}/transactions:listNative`)).transactions).toHaveLength(10);
  });

  it('refuses a page token that is garbage or belongs to another query', async () => {
    const first = await ok(`/v1/chains/43114/addresses/${wallet}/transactions:listNative?pageSize=2`);
    expect(first.nextPageToken).toEqual(expect.any(String));
    expectError(await request(`/v1/chains/43114/blocks?pageToken=${encodeURIComponent(first.nextPageToken)}`), 400);
    expectError(await request(`/v1/chains/43114/addresses/${wallet}/transactions:listNative?startBlock=5&pageToken=${encodeURIComponent(first.nextPageToken)}`), 400);
    expectError(await request('/v1/chains/43114/blocks?pageToken=not-a-token'), 400);
    expectError(await request(`/v1/chains/43114/blocks?pageToken=${Buffer.from('{"o":-1}').toString('base64url')}`), 400);
  });
});

describe('block ranges', () => {
  it('startBlock is inclusive, endBlock exclusive, and either may be left open', async () => {
    const all = await walk(`/v1/chains/43114/addresses/${wallet}/transactions:listNative`, 'transactions', [100]);
    const blocks = [...new Set(all.map((t) => Number(t.blockNumber)))].sort((a, b) => a - b);
    const [low, high] = [blocks[1]!, blocks[blocks.length - 2]!];
    const within = (start: number, end: number) => all.filter((t) => Number(t.blockNumber) >= start && Number(t.blockNumber) < end).map((t) => t.txHash);
    const base = `/v1/chains/43114/addresses/${wallet}/transactions:listNative`;
    expect((await walk(`${base}?startBlock=${low}&endBlock=${high}`, 'transactions', [100])).map((t) => t.txHash)).toEqual(within(low, high));
    expect((await walk(`${base}?startBlock=${low}`, 'transactions', [100])).map((t) => t.txHash)).toEqual(within(low, Infinity));
    expect((await walk(`${base}?endBlock=${high}`, 'transactions', [100])).map((t) => t.txHash)).toEqual(within(0, high));
    expect((await ok(`${base}?startBlock=${low}&endBlock=${low}`)).transactions).toEqual([]);
    const erc20 = await walk(`/v1/chains/43114/addresses/${wallet}/transactions:listErc20?startBlock=${low}&endBlock=${high}`, 'transactions', [100]);
    for (const t of erc20) expect(Number(t.blockNumber) >= low && Number(t.blockNumber) < high).toBe(true);
  });
});

describe('errors', () => {
  it('answers 404 with the service error body for what the world does not hold', async () => {
    const unknownHash = `0x${'ab'.repeat(32)}`;
    const collectionLess = sandbox.world.evm.chain(43114)!.erc20Tokens[0]!.address;
    for (const path of [
      '/v1/chains/999999/blocks',
      '/v1/chains/999999/blocks/1',
      '/v1/chains/43114/blocks/99999999',
      `/v1/chains/43114/blocks/${unknownHash}`,
      `/v1/chains/43114/blocks/${unknownHash}/transactions`,
      `/v1/chains/43114/transactions/${unknownHash}`,
      `/v1/chains/43114/nfts/collections/${collectionLess}/tokens`,
      `/v1/chains/999999/addresses/${wallet}/balances:getNative`,
      `/v1/signatureAggregator/mainnet/aggregateSignatures/${unknownHash}`,
    ]) {
      expectError(await request(path), 404);
    }
  });

  it('a transaction of one chain is not found on another', async () => {
    const tx = sandbox.world.evm.chain(43114)!.transactions[0]!;
    expectError(await request(`/v1/chains/779672/transactions/${tx.hash}`), 404);
    expect((await ok(`/v1/chains/${sandbox.world.evm.chain(43114)!.chain.blockchainId}/transactions/${tx.hash}`)).nativeTransaction.txHash).toBe(tx.hash);
  });

  it('answers 400 for parameters out of bounds or malformed', async () => {
    const native = `/v1/chains/43114/addresses/${wallet}/transactions:listNative`;
    for (const path of [
      '/v1/chains/43114/blocks?pageSize=0',
      '/v1/chains/43114/blocks?pageSize=101',
      '/v1/chains/43114/blocks?pageSize=ten',
      '/v1/chains/43114/blocks/1/transactions?pageSize=101',
      '/v1/chains/43114/blocks/latest',
      '/v1/chains/43114/transactions/0x1234',
      `${native}?pageSize=0`,
      `${native}?startBlock=10&endBlock=5`,
      `${native}?startBlock=-1`,
      '/v1/chains/43114/addresses/0xnot-an-address/transactions:listNative',
      // Mixed case with a broken EIP-55 checksum.
      `/v1/chains/43114/addresses/${wallet.slice(0, 2)}${[...wallet.slice(2)].map((c) => (c === c.toLowerCase() ? c.toUpperCase() : c.toLowerCase())).join('')}/transactions:listErc20`,
      `/v1/chains/43114/addresses/${wallet}/balances:getNative?currency=doubloons`,
      `/v1/chains/43114/addresses/${wallet}/balances:getNative?blockNumber=99999999`,
      `/v1/chains/43114/addresses/${wallet}/balances:listErc721?pageSize=501`,
      `/v1/chains/43114/addresses/${wallet}/balances:listErc721?contractAddress=0x12`,
      `/v1/chains/43114/addresses/${wallet}/balances:listErc1155?pageSize=0`,
      `/v1/chains/43114/tokens/${wallet}/transfers?endBlock=1&startBlock=2`,
      `/v1/chains/43114/nfts/collections/${wallet}/tokens?pageSize=101`,
      `/v1/icm/addresses/${wallet}/messages?network=devnet`,
      `/v1/icm/addresses/${wallet}/messages?pageSize=101`,
      '/v1/signatureAggregator/devnet/aggregateSignatures/0x00',
    ]) {
      const result = await request(path);
      expect(result.status, path).toBe(400);
      expectError(result, 400);
    }
  });

  it('accepts the largest page sizes each list allows', async () => {
    expect((await ok(`/v1/chains/43114/addresses/${wallet}/balances:listErc721?pageSize=500`)).erc721TokenBalances).toEqual(expect.any(Array));
    expect((await ok('/v1/chains/43114/blocks?pageSize=100')).blocks).toHaveLength(100);
    const block = sandbox.world.evm.chain(43114)!.blocks.find((b) => b.transactionHashes.length > 1)!;
    expect((await ok(`/v1/chains/43114/blocks/${block.number}/transactions?pageSize=1`)).transactions).toHaveLength(1);
  });
});

describe('signature aggregation', () => {
  const post = (network: string, body: unknown) =>
    request(`/v1/signatureAggregator/${network}/aggregateSignatures`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

  it('signs a warp message: the answer is the message followed by a signature', async () => {
    const message = sandbox.world.evm.icmMessages().find((m) => m.network === 'fuji')!.unsignedWarpMessage;
    const result = await post('fuji', { message, quorumPercentage: 80, quorumPercentageBuffer: 20 });
    expect(result.status).toBe(201);
    expect(result.body.signedMessage.startsWith(message)).toBe(true);
    // type id (4) + signer bitset (4 + 2) + BLS signature (96)
    expect((result.body.signedMessage.length - message.length) / 2).toBe(106);
    const again = await post('testnet', { message: message.slice(2) });
    expect(again.status).toBe(201);
    expect(again.body.signedMessage.startsWith(message)).toBe(true);
  });

  it('accepts what the description allows: message with justification, quorum 0, quorum plus buffer of exactly 100', async () => {
    const message = sandbox.world.evm.icmMessages().find((m) => m.network === 'mainnet')!.unsignedWarpMessage;
    for (const body of [
      { message, justification: '0x0102' },
      { message, quorumPercentage: 0 },
      { message, quorumPercentage: 0, quorumPercentageBuffer: 100 },
      { message, quorumPercentage: 33, quorumPercentageBuffer: 67, pChainHeight: 0 },
    ]) {
      expect((await post('mainnet', body)).status).toBe(201);
    }
  });

  it('checks the request', async () => {
    const message = sandbox.world.evm.icmMessages().find((m) => m.network === 'mainnet')!.unsignedWarpMessage;
    for (const body of [
      {},
      { message: 'xyz' },
      { message: '0x123' },
      { message: '0x00000000' },
      { message, quorumPercentage: 101 },
      { message, quorumPercentage: 60, quorumPercentageBuffer: 50 },
      { message, quorumPercentage: 50.5 },
      { message, quorumPercentageBuffer: 34 },
      { message, quorumPercentageBuffer: -1 },
      { message, pChainHeight: -1 },
      { message, justification: 'zz' },
      { message, signingSubnetId: 'not-an-id' },
    ]) {
      expectError(await post('mainnet', body), 400);
    }
    // A mainnet message is not a Fuji message.
    expectError(await post('fuji', { message }), 400);
  });

  it('returns the signed message of an ICM source transaction, on its network only', async () => {
    const m = sandbox.world.evm.icmMessages().find((x) => x.network === 'mainnet')!;
    const result = await request(`/v1/signatureAggregator/mainnet/aggregateSignatures/${m.source.txHash}`);
    expect(result.status).toBe(201);
    expect(result.body.signedMessage.startsWith(m.unsignedWarpMessage)).toBe(true);
    expectError(await request(`/v1/signatureAggregator/fuji/aggregateSignatures/${m.source.txHash}`), 404);
  });
});
