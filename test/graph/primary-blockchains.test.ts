import { describe, expect, it } from 'vitest';
import type { BlockchainRecord } from '@avalanche-graph/sandbox';
import {
  PrimaryBlockchainDocument,
  PrimaryBlockchainsDocument,
  PrimaryBlockchainsWithChainsDocument,
  PrimaryChainsWithBlockchainsDocument,
  PrimaryNodeDocument,
  type PrimaryBlockchainsQuery,
} from '../gql/graphql.js';
import { useHarness } from '../support/harness.js';
import { walkConnection } from '../support/walk.js';

const shared = useHarness({ keyPerTest: 'primary-blockchains' });
const { h } = shared;

const q = shared.query;

const LIST_ROUTE = 'GET /v1/networks/{network}/blockchains';
const GET_ROUTE = 'GET /v1/networks/{network}/blockchains/{blockchainId}';
const CHAINS_ROUTE = 'GET /v1/chains';
const X_CHAIN = '2oYMBNV4eNHyqk2fjjV5nVQLDbtmNJzq5s3qs3Lo6ftnC6FByM';
const C_CHAIN = '2q9e4r6Mu3U68nU1fYjgbR6JvwrRx36CohpAX5UQxse55x1Q5';

type Node = NonNullable<PrimaryBlockchainsQuery['network']['blockchains']>['edges'][number]['node'];

const counts = () => shared.dataApi.counts();
const calls = () => shared.dataApi.total();

/** The world's blockchains of a network in the service's default order (creation time, then id). */
function worldBlockchains(network: 'mainnet' | 'fuji' = 'mainnet'): BlockchainRecord[] {
  return [...h.sandbox.world.primary.networks[network].blockchains].sort((a, b) => a.createdTime - b.createdTime || (a.id < b.id ? -1 : 1));
}

const walk = (first: number, vars: { network?: 'MAINNET' | 'FUJI' | 'TESTNET' } = {}): Promise<Node[]> =>
  walkConnection((after) => q(PrimaryBlockchainsDocument, { ...vars, first, after }), (d) => d.network.blockchains);

const hexToDecimal = (hex: unknown) => BigInt(hex as string).toString();

describe('Network.blockchains', () => {
  it('walks the whole list with several page sizes, every field as the world holds it', async () => {
    const expected = worldBlockchains();
    for (const size of [1, 7, 10_000]) {
      const nodes = await walk(size);
      expect(nodes.map((n) => n.blockchainId)).toEqual(expected.map((b) => b.id));
    }
    const nodes = await walk(100);
    for (const [i, node] of nodes.entries()) {
      const b = expected[i]!;
      expect(node).toMatchObject({
        blockchainName: b.name,
        network: 'MAINNET',
        subnetId: b.subnetId,
        vmId: b.vmId,
        evmChainId: b.evmChainId === undefined ? null : String(b.evmChainId),
        createBlockNumber: String(b.createBlockHeight),
        createBlockTimestamp: b.createdTime,
        genesisData: b.genesis,
      });
      expect(node.evmGenesis === null).toBe(typeof b.genesis === 'string');
    }
  });

  it('types the EVM genesis exactly: hex quantities as decimal BigInts, the config in full', async () => {
    const subnetEvm = worldBlockchains().find((b) => typeof b.genesis === 'object' && (b.genesis.config as any)?.feeConfig)!;
    const genesis = subnetEvm.genesis as Record<string, any>;
    const { data, errors } = await q(PrimaryBlockchainDocument, { id: subnetEvm.id });
    expect(errors).toBeUndefined();
    const g = data!.network.blockchain!.evmGenesis!;
    expect(g).toMatchObject({
      gasLimit: hexToDecimal(genesis.gasLimit),
      timestamp: Number(BigInt(genesis.timestamp)),
      difficulty: '0',
      nonce: '0',
      number: '0',
      coinbase: genesis.coinbase,
      mixHash: genesis.mixHash,
    });
    expect(g.alloc!.map((a) => [a.address, a.balance])).toEqual(Object.entries(genesis.alloc).map(([a, v]: [string, any]) => [a, hexToDecimal(v.balance)]));
    const c = genesis.config;
    expect(g.config).toMatchObject({
      chainId: String(c.chainId),
      londonBlock: '0',
      subnetEVMTimestamp: c.subnetEVMTimestamp,
      allowFeeRecipients: c.allowFeeRecipients,
      feeConfig: {
        gasLimit: String(c.feeConfig.gasLimit),
        // The gaming L1's minimum base fee (1 gwei): the same in its node's eth_feeConfig at genesis.
        minBaseFee: '1000000000',
        targetBlockRate: String(c.feeConfig.targetBlockRate),
        blockGasCostStep: String(c.feeConfig.blockGasCostStep),
      },
      warpConfig: { ...c.warpConfig },
      contractDeployerAllowListConfig: { blockTimestamp: c.contractDeployerAllowListConfig.blockTimestamp, adminAddresses: c.contractDeployerAllowListConfig.adminAddresses },
      txAllowListConfig: null,
      raw: c,
    });
  });

  it('forwards sortOrder and page size, and resumes after a cursor in the middle of an upstream page', async () => {
    const expected = worldBlockchains().reverse();
    const first = await q(PrimaryBlockchainsDocument, { first: 5, sortOrder: 'DESC' });
    expect(first.data!.network.blockchains!.edges.map((e) => e.node.blockchainId)).toEqual(expected.slice(0, 5).map((b) => b.id));
    expect(h.sandbox.services.dataApi.recent.at(-1)!.url).toBe('/v1/networks/mainnet/blockchains?sortOrder=desc&pageSize=5');
    const cursor = first.data!.network.blockchains!.edges[2]!.cursor;
    h.sandbox.reset();
    const next = await q(PrimaryBlockchainsDocument, { first: 4, after: cursor, sortOrder: 'DESC' });
    expect(next.data!.network.blockchains!.edges.map((e) => e.node.blockchainId)).toEqual(expected.slice(3, 7).map((b) => b.id));
    // The first upstream page is still in the shared cache: only the following one is read, asked
    // for just the 2 edges still missing.
    expect(h.sandbox.services.dataApi.recent.map((r) => r.url)).toEqual([
      expect.stringMatching(/^\/v1\/networks\/mainnet\/blockchains\?sortOrder=desc&pageToken=[^&]+&pageSize=2$/),
    ]);
  });

  it('reads the Fuji list under TESTNET as the Data API names it', async () => {
    const nodes = await walk(50, { network: 'TESTNET' });
    expect(nodes.map((n) => n.blockchainId)).toEqual(worldBlockchains('fuji').map((b) => b.id));
    expect(nodes.every((n) => n.network === 'FUJI')).toBe(true);
    expect(h.sandbox.services.dataApi.recent.at(-1)!.url).toBe('/v1/networks/testnet/blockchains?pageSize=50');
  });

  it('refuses a bad page size or cursor before any upstream call', async () => {
    for (const vars of [{ first: 0 }, { first: 10_001 }, { after: 'not-a-cursor' }]) {
      const { errors } = await q(PrimaryBlockchainsDocument, vars);
      expect(errors![0]!.extensions).toMatchObject({ code: 'BAD_USER_INPUT', argument: Object.keys(vars)[0] });
    }
    expect(calls()).toBe(0);
  });

  it('answers partial data with a typed error when the upstream fails', async () => {
    h.sandbox.services.dataApi.setFault(LIST_ROUTE, { status: 503 });
    const { data, errors } = await q(PrimaryBlockchainsDocument, { first: 3 });
    expect(data!.network.blockchains).toBeNull();
    expect(errors![0]!.path).toEqual(['network', 'blockchains']);
    expect(errors![0]!.extensions).toMatchObject({ code: 'UPSTREAM_ERROR', service: 'data-api', status: 503 });
  });
});

describe('Network.blockchain', () => {
  it('reads one blockchain by id or alias, and null for one the network does not have', async () => {
    const byId = await q(PrimaryBlockchainDocument, { id: X_CHAIN });
    const byAlias = await q(PrimaryBlockchainDocument, { id: 'X-Chain' });
    expect(byId.data!.network.blockchain!.blockchainName).toBe('X-Chain');
    expect(byAlias.data!.network.blockchain!.blockchainId).toBe(X_CHAIN);
    expect(byId.data!.network.blockchain!.chain).toBeNull();
    const c = await q(PrimaryBlockchainDocument, { id: 'c-chain' });
    expect(c.data!.network.blockchain).toMatchObject({ blockchainId: C_CHAIN, chain: { chainId: '43114', platformChainId: C_CHAIN } });
    expect(h.sandbox.services.dataApi.recent.some((r) => r.url === `/v1/networks/mainnet/blockchains/${C_CHAIN}`)).toBe(true);
    // A Fuji blockchain is unknown on mainnet, and the P-Chain is no registered blockchain.
    const fujiOnly = worldBlockchains('fuji').find((b) => !worldBlockchains().some((m) => m.id === b.id))!;
    for (const id of [fujiOnly.id, 'p-chain']) {
      expect(await q(PrimaryBlockchainDocument, { id })).toEqual({ data: { network: { blockchain: null } } });
    }
  });

  it('refuses an id that is neither cb58 nor an alias before any upstream call', async () => {
    for (const id of ['nope', `${X_CHAIN}x`, '../chains']) {
      const { data, errors } = await q(PrimaryBlockchainDocument, { id });
      expect(data?.network.blockchain ?? null).toBeNull();
      expect(errors![0]!.extensions).toMatchObject({ code: 'BAD_USER_INPUT', argument: 'id' });
    }
    expect(calls()).toBe(0);
  });

  it('refetches by global id through the single read, with the network in the id', async () => {
    const l1 = h.sandbox.world.chains.find((c) => c.network === 'fuji' && !c.isCChain)!;
    const { data } = await q(PrimaryBlockchainDocument, { network: 'FUJI', id: l1.blockchainId });
    const id = data!.network.blockchain!.id;
    shared.freshKey();
    h.sandbox.reset();
    const node = await q(PrimaryNodeDocument, { id });
    expect(node.data!.node).toMatchObject({ id, __typename: 'Blockchain', blockchainId: l1.blockchainId, network: 'FUJI' });
    expect(h.sandbox.services.dataApi.recent.map((r) => r.url)).toEqual([`/v1/networks/fuji/blockchains/${l1.blockchainId}`]);
    const mainnet = await q(PrimaryBlockchainDocument, { id: 'x-chain' });
    expect(mainnet.data!.network.blockchain!.id).not.toBe(id);
  });

  it('refetches a blockchain the network does not have as null', async () => {
    const fujiOnly = worldBlockchains('fuji').find((b) => !worldBlockchains().some((m) => m.id === b.id))!;
    const id = Buffer.from(`Blockchain:mainnet:${fujiOnly.id}`).toString('base64');
    expect(await q(PrimaryNodeDocument, { id })).toEqual({ data: { node: null } });
  });
});

describe('Chain <-> Blockchain', () => {
  it('links every chain to its blockchain and back, reading the chain list once', async () => {
    const { data, errors } = await q(PrimaryChainsWithBlockchainsDocument, {});
    expect(errors).toBeUndefined();
    const chains = h.sandbox.world.chains;
    expect(data!.chains!.length).toBe(chains.length);
    for (const c of data!.chains!) {
      const world = chains.find((w) => String(w.evmChainId) === c.chainId)!;
      expect(c.blockchain).toMatchObject({
        blockchainId: world.blockchainId,
        network: world.network === 'mainnet' ? 'MAINNET' : 'FUJI',
        evmChainId: c.chainId,
        chain: { chainId: c.chainId },
      });
    }
    expect(counts()[CHAINS_ROUTE]).toBe(1);
    expect(counts()[GET_ROUTE]).toBe(chains.length);
  });

  it('links listed blockchains to their chains with one list call and one chain-list call', async () => {
    const { data, errors } = await q(PrimaryBlockchainsWithChainsDocument, { first: 100 });
    expect(errors).toBeUndefined();
    const linked = data!.network.blockchains!.nodes.filter((b) => b.chain);
    const mainnetChains = h.sandbox.world.chains.filter((c) => c.network === 'mainnet');
    expect(linked.map((b) => b.chain!.chainId).sort()).toEqual(mainnetChains.map((c) => String(c.evmChainId)).sort());
    for (const b of linked) expect(b.chain!.blockchain!.blockchainId).toBe(b.blockchainId);
    expect(counts()[LIST_ROUTE]).toBe(1);
    expect(counts()[CHAINS_ROUTE]).toBe(1);
    // Chain.blockchain reads the record once per linked chain (deduplicated per operation).
    expect(counts()[GET_ROUTE]).toBe(mainnetChains.length);
  });

  it('keeps the chains when their blockchain reads fail, with one typed error per chain', async () => {
    h.sandbox.services.dataApi.setFault(GET_ROUTE, { status: 500 });
    const { data, errors } = await q(PrimaryChainsWithBlockchainsDocument, {});
    expect(data!.chains!.map((c) => c.chainId).length).toBe(h.sandbox.world.chains.length);
    expect(data!.chains!.every((c) => c.blockchain === null)).toBe(true);
    expect(errors!.length).toBe(h.sandbox.world.chains.length);
    expect(errors!.every((e) => e.extensions!.code === 'UPSTREAM_ERROR' && e.path![2] === 'blockchain')).toBe(true);
  });
});
