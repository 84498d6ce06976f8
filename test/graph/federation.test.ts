/**
 * The graph as an Apollo Federation v2 subgraph: `_service { sdl }` carries the entity keys, and
 * `_entities` loads each entity type through the loader the rest of the graph uses, so a batch of
 * representations costs the same upstream calls as the same number of fields in one query. Bad
 * representations are refused before any upstream call.
 */
import { parse } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guardOperation } from '../../src/plugins/operation-guard.js';
import { schema } from '../../src/schema/index.js';
import { entityKeys } from '../../src/schema/common/federation.js';
import { PRIMARY_NETWORK_SUBNET_ID } from '@avalanche-graph/identity';
import type { EvmChainWorld } from '@avalanche-graph/sandbox';
import { createLogger } from '../../src/observability/logger.js';
import { startHarness, useHarness, type Harness } from '../support/harness.js';

// 50 aliased fields, to compare with 50 representations.
const shared = useHarness({ keyPerTest: 'federation', env: { MAX_ALIASES: '60' } });
const { h, headers } = shared;
let chain: EvmChainWorld;

beforeAll(() => {
  chain = h.sandbox.world.evm.chain(43114)!;
});

const CHAINS = 'GET /v1/chains';
const BLOCK = 'GET /v1/chains/{chainId}/blocks/{blockId}';
const GET_TX = 'GET /v1/chains/{chainId}/transactions/{txHash}';
const GET_MESSAGE = 'GET /v1/icm/messages/{messageId}';
const GET_BLOCKCHAIN = 'GET /v1/networks/{network}/blockchains/{blockchainId}';
const VALIDATORS = 'POST /ext/bc/P platform.getCurrentValidators';

const ENTITIES = `query($representations: [_Any!]!) {
  _entities(representations: $representations) {
    __typename
    ... on Chain { chainId chainName }
    ... on Block { chainId number hash }
    ... on Transaction { chainId hash blockNumber }
    ... on Account { chainId address }
    ... on Validator { nodeId subnetId network weight }
    ... on InterchainMessage { messageId status }
    ... on Blockchain { blockchainId blockchainName network }
  }
}`;

type Entity = Record<string, unknown> | null;
const entities = (representations: unknown[]) => h.query<{ _entities: Entity[] }, { representations: unknown[] }>(ENTITIES, { representations }, headers);

/** Sends an operation with a fresh cache partition and returns the Data API's and the node's counts. */
async function countsOf(run: () => Promise<{ errors?: unknown }>) {
  shared.freshKey();
  h.sandbox.reset();
  const { errors } = await run();
  expect(errors).toBeUndefined();
  return { dataApi: shared.dataApi.counts(), node: shared.node.counts() };
}

describe('_service', () => {
  it('prints the subgraph SDL with the federation link and a @key on every entity type', async () => {
    const { data, errors } = await h.query<{ _service: { sdl: string } }>('{ _service { sdl } }', {}, headers);
    expect(errors).toBeUndefined();
    const sdl = data!._service.sdl;
    expect(sdl).toContain('@link(url: "https://specs.apollo.dev/federation/v2.6", import: ["@key"])');
    expect(entityKeys()).toEqual({
      Account: ['chainId address'],
      Block: ['chainId number', 'chainId hash'],
      Blockchain: ['blockchainId', 'blockchainId network'],
      Chain: ['chainId'],
      InterchainMessage: ['messageId'],
      Transaction: ['chainId hash'],
      Validator: ['nodeId', 'nodeId subnetId network'],
    });
    for (const [type, keys] of Object.entries(entityKeys())) {
      const definition = new RegExp(`\\ntype ${type}\\b[^{]*`).exec(sdl)?.[0];
      for (const key of keys) expect(definition).toContain(`@key(fields: "${key}")`);
    }
    expect(shared.dataApi.total() + shared.node.total()).toBe(0);
  });
});

describe('_entities', () => {
  it('resolves every entity type by each of its keys, in order, null for one that does not exist', async () => {
    const tx = chain.transactions[20]!;
    const block = chain.blockByNumber(tx.blockNumber)!;
    const net = h.sandbox.world.primary.networks.mainnet;
    const validator = net.validators[0]!;
    const l1 = net.l1Validators[0]!;
    const message = h.sandbox.world.evm.icmMessages()[0]!;
    const fujiChain = h.sandbox.world.primary.networks.fuji.blockchains.find((b) => b.id !== PRIMARY_NETWORK_SUBNET_ID)!;
    const { data, errors } = await entities([
      { __typename: 'Chain', chainId: '43114' },
      { __typename: 'Block', chainId: '43114', number: String(block.number) },
      { __typename: 'Block', chainId: '43114', hash: block.hash },
      { __typename: 'Transaction', chainId: '43114', hash: tx.hash },
      { __typename: 'Account', chainId: '43114', address: tx.from },
      { __typename: 'Validator', nodeId: validator.nodeId },
      { __typename: 'Validator', nodeId: l1.nodeId, subnetId: l1.subnetId, network: 'MAINNET' },
      { __typename: 'InterchainMessage', messageId: message.messageId },
      { __typename: 'Blockchain', blockchainId: fujiChain.id, network: 'FUJI' },
      { __typename: 'Chain', chainId: '999999' },
      { __typename: 'Transaction', chainId: '43114', hash: `0x${'ab'.repeat(32)}` },
      { __typename: 'InterchainMessage', messageId: 'ab'.repeat(32) },
    ]);
    expect(errors).toBeUndefined();
    expect(data!._entities).toEqual([
      { __typename: 'Chain', chainId: '43114', chainName: 'Avalanche (C-Chain)' },
      { __typename: 'Block', chainId: '43114', number: String(block.number), hash: block.hash },
      { __typename: 'Block', chainId: '43114', number: String(block.number), hash: block.hash },
      { __typename: 'Transaction', chainId: '43114', hash: tx.hash, blockNumber: String(tx.blockNumber) },
      { __typename: 'Account', chainId: '43114', address: tx.from },
      { __typename: 'Validator', nodeId: validator.nodeId, subnetId: PRIMARY_NETWORK_SUBNET_ID, network: 'MAINNET', weight: validator.current.stake.toString() },
      expect.objectContaining({ __typename: 'Validator', nodeId: l1.nodeId, subnetId: l1.subnetId, network: 'MAINNET' }),
      { __typename: 'InterchainMessage', messageId: message.messageId, status: message.status.toUpperCase() },
      { __typename: 'Blockchain', blockchainId: fujiChain.id, blockchainName: fujiChain.name, network: 'FUJI' },
      null,
      null,
      null,
    ]);
  });

  it('costs what the same links cost in one query: 50 transactions through the transaction loader', async () => {
    const txs = chain.transactions.slice(0, 50);
    expect(txs).toHaveLength(50);
    const viaEntities = await countsOf(() => entities(txs.map((t) => ({ __typename: 'Transaction', chainId: '43114', hash: t.hash }))));
    const ids = txs.map((t) => Buffer.from(`Transaction:43114:${t.hash.toLowerCase()}`).toString('base64'));
    const viaNodes = await countsOf(() => h.query('query($ids: [ID!]!) { nodes(ids: $ids) { id ... on Transaction { hash } } }', { ids }, headers));
    expect(viaEntities.dataApi).toEqual({ [GET_TX]: 50 });
    expect(viaEntities).toEqual(viaNodes);
  });

  it('costs what the same links cost in one query: 50 blocks by number, 50 by hash', async () => {
    const blocks = chain.blocks.slice(1, 51);
    const byNumber = await countsOf(() => entities(blocks.map((b) => ({ __typename: 'Block', chainId: '43114', number: String(b.number) }))));
    const aliased = await countsOf(() =>
      h.query(`{ chain(id: "43114") { ${blocks.map((b, i) => `b${i}: block(number: ${b.number}) { hash }`).join(' ')} } }`, {}, headers),
    );
    expect(byNumber.dataApi).toEqual({ [BLOCK]: 50 });
    // `chain(id:)` with only key-keyed fields reads no chain list; the blocks cost the same.
    expect(aliased.dataApi).toEqual({ [BLOCK]: 50 });
    const byHash = await countsOf(() => entities(blocks.map((b) => ({ __typename: 'Block', chainId: '43114', hash: b.hash }))));
    const ids = blocks.map((b) => Buffer.from(`Block:43114:${b.hash.toLowerCase()}`).toString('base64'));
    const viaNodes = await countsOf(() => h.query('query($ids: [ID!]!) { nodes(ids: $ids) { id } }', { ids }, headers));
    expect(byHash.dataApi).toEqual({ [BLOCK]: 50 });
    expect(byHash).toEqual(viaNodes);
  });

  it('costs what the same links cost in one query: validators in one node call, chains in one list call, accounts in none', async () => {
    const nodeIds = h.sandbox.world.primary.networks.mainnet.validators.slice(0, 50).map((v) => v.nodeId);
    const viaEntities = await countsOf(() => entities(nodeIds.map((nodeId) => ({ __typename: 'Validator', nodeId }))));
    const viaField = await countsOf(() =>
      h.query('query($ids: [String!]!) { network { validators(nodeIds: $ids) { nodeId weight } } }', { ids: nodeIds }, headers),
    );
    expect(viaEntities.node).toEqual({ 'POST /ext/bc/P': 1, [VALIDATORS]: 1 });
    expect(viaEntities).toEqual(viaField);

    const chainIds = h.sandbox.world.evm.chainIds.map(String);
    const reps = Array.from({ length: 50 }, (_, i) => ({ __typename: 'Chain', chainId: chainIds[i % chainIds.length] }));
    expect(await countsOf(() => entities(reps))).toEqual({ dataApi: { [CHAINS]: 1 }, node: {} });

    const accounts = chain.transactions.slice(0, 50).map((t) => ({ __typename: 'Account', chainId: '43114', address: t.from }));
    expect(await countsOf(() => entities(accounts))).toEqual({ dataApi: {}, node: {} });
  });

  it('costs what the same links cost in one query: messages and blockchains through their loaders', async () => {
    const messages = h.sandbox.world.evm.icmMessages().slice(0, 20);
    const viaEntities = await countsOf(() => entities(messages.map((m) => ({ __typename: 'InterchainMessage', messageId: m.messageId }))));
    expect(viaEntities.dataApi).toEqual({ [GET_MESSAGE]: 20 });
    const blockchains = h.sandbox.world.primary.networks.mainnet.blockchains.slice(0, 10);
    const viaBlockchains = await countsOf(() => entities(blockchains.map((b) => ({ __typename: 'Blockchain', blockchainId: b.id }))));
    const viaField = await countsOf(() =>
      h.query(`{ network { ${blockchains.map((b, i) => `b${i}: blockchain(id: "${b.id}") { blockchainName }`).join(' ')} } }`, {}, headers),
    );
    expect(viaBlockchains.dataApi).toEqual({ [GET_BLOCKCHAIN]: 10 });
    expect(viaBlockchains).toEqual(viaField);
  });

  it('answers the same entity asked twice with one call', async () => {
    const tx = chain.transactions[3]!;
    const rep = { __typename: 'Transaction', chainId: '43114', hash: tx.hash };
    const counts = await countsOf(() => entities([rep, rep, { ...rep, hash: tx.hash.toUpperCase().replace('0X', '0x') }]));
    expect(counts.dataApi).toEqual({ [GET_TX]: 1 });
  });
});

describe('_entities input', () => {
  const refused = async (representations: unknown[], argument: string, message?: RegExp) => {
    h.sandbox.reset();
    const { data, errors } = await entities(representations);
    expect(data).toBeUndefined();
    expect(errors).toHaveLength(1);
    expect(errors![0]!.extensions).toMatchObject({ code: 'BAD_USER_INPUT' });
    expect(errors![0]!.extensions!.argument).toBe(argument);
    if (message) expect(errors![0]!.message).toMatch(message);
    expect(shared.dataApi.total() + shared.node.total()).toBe(0);
  };
  const tx = { __typename: 'Transaction', chainId: '43114', hash: `0x${'12'.repeat(32)}` };

  it('refuses an unknown __typename, naming the representation', async () => {
    await refused([tx, { __typename: 'Wallet', id: '1' }], 'representations[1].__typename', /"Wallet" is not an entity type of this graph/);
    await refused([{ __typename: 'NetworkToken', symbol: 'AVAX' }], 'representations[0].__typename');
    await refused([{ chainId: '43114' }], 'representations[0].__typename');
    await refused([tx, 'Chain:43114'], 'representations[1]');
  });

  it('refuses a malformed key, before any upstream call, even beside good ones', async () => {
    await refused([tx, { ...tx, hash: '0x1234' }], 'representations[1].hash', /32-byte hash/);
    await refused([{ __typename: 'Chain', chainId: 'c-chain' }], 'representations[0].chainId');
    await refused([{ __typename: 'Chain', chainId: 43114 }], 'representations[0].chainId', /must be a string/);
    await refused([{ __typename: 'Chain' }], 'representations[0].chainId');
    await refused([{ __typename: 'Block', chainId: '43114', number: '-1' }], 'representations[0].number');
    await refused([{ __typename: 'Block', chainId: '43114' }], 'representations[0].number');
    await refused([{ __typename: 'Account', chainId: '43114', address: '0x12' }], 'representations[0].address');
    await refused([{ __typename: 'Validator', nodeId: 'node-1' }], 'representations[0].nodeId');
    await refused([{ __typename: 'Validator', nodeId: h.sandbox.world.primary.networks.mainnet.validators[0]!.nodeId, network: 'DEVNET' }], 'representations[0].network');
    await refused([{ __typename: 'InterchainMessage', messageId: 'xyz' }], 'representations[0].messageId');
    await refused([{ __typename: 'Blockchain', blockchainId: 'not-cb58' }], 'representations[0].blockchainId');
  });

  it('takes at most 100 representations', async () => {
    const reps = Array.from({ length: 101 }, () => ({ __typename: 'Chain', chainId: '43114' }));
    await refused(reps, 'representations', /at most 100 values, got 101/);
    const { errors } = await entities(reps.slice(0, 100));
    expect(errors).toBeUndefined();
  });

  it('estimates at most one upstream call per representation, and walks each type\'s fragment for its items only', () => {
    const estimate = (query: string, representations: unknown[]) => {
      const { errors, cost } = guardOperation(schema, parse(query), null, { representations }, 1_000_000);
      expect(errors).toEqual([]);
      return cost;
    };
    const txs = chain.transactions.slice(0, 30).map((t) => ({ __typename: 'Transaction', chainId: '43114', hash: t.hash }));
    const chains = Array.from({ length: 20 }, () => ({ __typename: 'Chain', chainId: '43114' }));
    const accounts = chain.transactions.slice(0, 10).map((t) => ({ __typename: 'Account', chainId: '43114', address: t.from }));
    // 30 transaction loads, the chain list once, accounts free.
    expect(estimate(ENTITIES, [...txs, ...chains, ...accounts])).toBe(30 + 1);
    // Each account's balance is one more call: 10, not 60.
    const balances = `query($representations: [_Any!]!) { _entities(representations: $representations) { ... on Account { nativeBalance { balance } } ... on Chain { blocks(first: 5) { nodes { hash } } } } }`;
    expect(estimate(balances, [...txs, ...chains, ...accounts])).toBe(30 + 1 + 10 + 20);
  });
});

describe('with FEDERATION_SECRET', () => {
  const SECRET = 'router-secret-0123456789';
  const WRONG = 'guessed-secret-9876543210';
  const CHAIN_ENTITY = '{ _entities(representations: [{ __typename: "Chain", chainId: "43114" }]) { ... on Chain { chainName } } }';
  let own: Harness;
  const lines: string[] = [];
  beforeAll(async () => {
    // Debug logs (the most the gateway writes) and the response cache on, to check neither leaks.
    own = await startHarness({ FEDERATION_SECRET: SECRET, RESPONSE_CACHE_MAX_ENTRIES: '100', LOG_LEVEL: 'debug' }, { logger: createLogger('debug', (line) => lines.push(line)) });
  });
  afterAll(() => own?.close());

  const ask = (query: string, secret?: string) => own.request<any>(query, {}, { 'x-data-api-key': 'federation-secret', ...(secret ? { 'x-federation-secret': secret } : {}) });
  const expectRefused = ({ status, body }: { status: number; body: { data?: unknown; errors?: Array<{ extensions?: Record<string, unknown> }> } }) => {
    expect(status).toBe(403);
    expect(body.data).toBeUndefined();
    expect(body.errors).toHaveLength(1);
    expect(body.errors![0]!.extensions).toEqual({ code: 'FORBIDDEN', reason: 'FEDERATION_SECRET_REQUIRED', requestId: expect.any(String) });
  };

  it('answers _entities and _service to the router, and refuses them to anyone else before any upstream call', async () => {
    own.sandbox.reset();
    for (const query of [CHAIN_ENTITY, '{ _service { sdl } }', '{ chains { chainId } ...Router } fragment Router on Query { ... { _service { sdl } } }']) {
      expectRefused(await ask(query));
      expectRefused(await ask(query, WRONG));
    }
    expect(own.sandbox.services.dataApi.total()).toBe(0);

    const routed = await ask(CHAIN_ENTITY, SECRET);
    expect(routed.body).toMatchObject({ data: { _entities: [{ chainName: 'Avalanche (C-Chain)' }] } });
    expect((await ask('{ _service { sdl } }', SECRET)).body.data._service.sdl).toContain('@key');
    // Every other field answers everyone.
    expect((await ask('{ chains { chainId } }')).body.errors).toBeUndefined();
  });

  it("never serves a router's cached answer to a caller without the secret", async () => {
    await ask(CHAIN_ENTITY, SECRET);
    const again = await ask(CHAIN_ENTITY, SECRET);
    expect(again.body.extensions?.responseCache).toMatchObject({ hit: true });
    expectRefused(await ask(CHAIN_ENTITY));
  });

  it('writes neither the secret nor a guess at it in a log line or an answer', async () => {
    const answers = [await ask(CHAIN_ENTITY, WRONG), await ask('{ chain(id: "nope") { chainId } }', SECRET), await ask(CHAIN_ENTITY, SECRET)];
    expect(lines.length).toBeGreaterThan(0);
    for (const text of [...lines, ...answers.map((a) => JSON.stringify(a.body))]) {
      expect(text).not.toContain(SECRET);
      expect(text).not.toContain(WRONG);
    }
  });
});
