/**
 * Fields and parameters of the brief and of the newest Data API description that the graph must
 * reach: each answer as the service sends it, with the calls it costs.
 */
import { describe, expect, it } from 'vitest';
import { buildTpsSeries, C_CHAIN_UPGRADES } from '@avalanche-graph/sandbox';
import { useHarness } from '../support/harness.js';
import { walkConnection } from '../support/walk.js';

const shared = useHarness({ keyPerTest: 'reachable-fields' });
const { h } = shared;

const UTXOS = 'GET /v1/networks/{network}/blockchains/{blockchainId}/utxos';
const VERTICES = 'GET /v1/networks/{network}/blockchains/{blockchainId}/vertices';
const P_ADDRESS = 'P-avax1wsk3qdaxv4704v34fjvx88kjgd8vlj7d4kayyu';

describe('chainInfo of the UTXO and vertex lists', () => {
  it('tells which chain and network a UTXO list answered for, at no extra call', async () => {
    const pChainId = h.sandbox.world.primary.networks.mainnet.chainIds.P;
    const { data, errors } = await shared.query<any, any>(
      `query($chain: String!, $addresses: [String!]!) { network { utxos(blockchain: $chain, addresses: $addresses, first: 2) { chainInfo { chainName network } nodes { utxoId } } } }`,
      { chain: pChainId, addresses: [P_ADDRESS] },
    );
    expect(errors).toBeUndefined();
    expect(data.network.utxos.chainInfo).toEqual({ chainName: 'P_CHAIN', network: 'MAINNET' });
    expect(data.network.utxos.nodes.length).toBeGreaterThan(0);
    expect(shared.dataApi.total(UTXOS)).toBe(1);

    const wallet = h.sandbox.world.primary.networks.fuji.wallets[0]!;
    const x = await shared.query<any, any>(`query($a: [String!]!) { network(name: FUJI) { utxos(blockchain: "x-chain", addresses: $a) { chainInfo { chainName network } } } }`, { a: [wallet.x] });
    expect(x.errors).toBeUndefined();
    expect(x.data.network.utxos.chainInfo).toEqual({ chainName: 'X_CHAIN', network: 'FUJI' });
  });

  it('tells which chain and network a vertex list answered for', async () => {
    const { data, errors } = await shared.query<any, any>(`{ network(name: TESTNET) { vertices(first: 1) { chainInfo { chainName network } nodes { vertexHash } } } }`);
    expect(errors).toBeUndefined();
    expect(data.network.vertices.chainInfo).toEqual({ chainName: 'X_CHAIN', network: 'TESTNET' });
    expect(shared.dataApi.total(VERTICES)).toBe(1);
  });
});

describe('status and lastRun of the metrics series', () => {
  it('gives the status and last update the metrics service sends with the average-TPS series', async () => {
    const chain = h.sandbox.world.chains.find((c) => c.evmChainId === 43114)!;
    const { lastRun } = buildTpsSeries(h.sandbox.world, chain);
    const { data, errors } = await shared.query<any, any>(`{ chain(id: "43114") { avgTps(first: 2) { status lastRun nodes { timestamp } } } }`);
    expect(errors).toBeUndefined();
    expect(data.chain.avgTps).toMatchObject({ status: 200, lastRun });
    expect(lastRun).toBeGreaterThanOrEqual(data.chain.avgTps.nodes[0].timestamp);
    expect(shared.metrics.total('GET /v1/avg_tps/{chainId}')).toBe(1);
  });
});

describe('block transactions with first: 0 (the service\'s default page size)', () => {
  const BLOCK_TXS = 'GET /v1/chains/{chainId}/blocks/{blockId}/transactions';
  const query = `query($n: BigInt!, $first: Int, $after: String) { chain(id: "43114") { block(number: $n) { txCount transactions(first: $first, after: $after) {
    totalCount edges { cursor } nodes { hash } pageInfo { hasNextPage endCursor } } } } }`;
  const world = () => h.sandbox.world.evm.chain(43114)!;

  it('answers no edges, the block\'s total and whether transactions follow, without a call', async () => {
    const busy = world().blocks.find((b) => world().blockTransactions(b).length > 2)!;
    const empty = world().blocks.find((b) => world().blockTransactions(b).length === 0);
    for (const block of [busy, empty].filter((b) => b !== undefined)) {
      const count = world().blockTransactions(block).length;
      const { data, errors } = await shared.query<any, any>(query, { n: String(block.number), first: 0 });
      expect(errors).toBeUndefined();
      expect(data.chain.block).toEqual({
        txCount: count,
        transactions: { totalCount: count, edges: [], nodes: [], pageInfo: { hasNextPage: count > 0, endCursor: null } },
      });
    }
    expect(shared.dataApi.total(BLOCK_TXS)).toBe(0);
  });

  it('after a cursor, tells whether more transactions follow it; other pages carry the total too', async () => {
    const block = world().blocks.find((b) => world().blockTransactions(b).length > 2)!;
    const txs = world().blockTransactions(block);
    const page = await shared.query<any, any>(query, { n: String(block.number), first: 1 });
    expect(page.errors).toBeUndefined();
    expect(page.data.chain.block.transactions).toMatchObject({ totalCount: txs.length, nodes: [{ hash: txs[0]!.hash }], pageInfo: { hasNextPage: true } });
    const mid = await shared.query<any, any>(query, { n: String(block.number), first: 0, after: page.data.chain.block.transactions.pageInfo.endCursor });
    expect(mid.errors).toBeUndefined();
    expect(mid.data.chain.block.transactions).toMatchObject({ edges: [], pageInfo: { hasNextPage: true, endCursor: null } });
    const last = await shared.query<any, any>(query, { n: String(block.number), first: txs.length });
    const end = await shared.query<any, any>(query, { n: String(block.number), first: 0, after: last.data.chain.block.transactions.pageInfo.endCursor });
    expect(end.errors).toBeUndefined();
    expect(end.data.chain.block.transactions.pageInfo).toEqual({ hasNextPage: false, endCursor: null });
  });

  it('still refuses a negative first before any call', async () => {
    h.sandbox.reset();
    const { errors } = await shared.query<any, any>(query, { n: '101', first: -1 });
    expect(errors![0]!.extensions).toMatchObject({ code: 'BAD_USER_INPUT', argument: 'first' });
    expect(shared.dataApi.total()).toBe(0);
  });
});

describe('UTXOs without addresses', () => {
  const query = `query($chain: String!, $addresses: [String!], $first: Int, $after: String) { network { utxos(blockchain: $chain, addresses: $addresses, first: $first, after: $after) {
    chainInfo { chainName } nodes { utxoId } pageInfo { hasNextPage endCursor } } } }`;

  it('lists the unspent UTXOs of every address on the chain, oldest first, when addresses is omitted', async () => {
    const net = h.sandbox.world.primary.networks.mainnet;
    for (const [alias, chain] of [['p-chain', 'P'], ['x-chain', 'X']] as const) {
      const expected = net.utxos
        .filter((u) => u.holder === chain && !u.spent)
        .sort((a, b) => a.createdTime - b.createdTime || (a.id < b.id ? -1 : 1))
        .map((u) => u.id);
      expect(new Set(expected.map((id) => net.utxos.find((u) => u.id === id)!.output.owners.addrs[0]!.hex)).size).toBeGreaterThan(1);
      type Utxos = { network: { utxos: { nodes: { utxoId: string }[]; pageInfo: { hasNextPage: boolean; endCursor: string | null } } } };
      const utxos = await walkConnection((after) => shared.query<Utxos, any>(query, { chain: alias, first: 100, after }), (d) => d.network.utxos, { maxPages: 100 });
      const seen = utxos.map((n) => n.utxoId);
      expect(seen).toEqual(expected);
    }
  });

  it('still checks addresses when given, before any call', async () => {
    for (const [addresses, argument] of [[[], 'addresses'], [['X-avax1notanaddress'], 'addresses[0]']] as const) {
      const { errors } = await shared.query<any, any>(query, { chain: 'p-chain', addresses });
      expect(errors![0]!.extensions).toMatchObject({ code: 'BAD_USER_INPUT', argument });
    }
    expect(shared.dataApi.total()).toBe(0);
  });
});

describe('genesis fields the newest subnet-EVM genesis carries beyond the brief', () => {
  const query = `query($id: String!) { network { blockchain(id: $id) { evmGenesis { config {
    subnetEVMTimestamp durangoTimestamp etnaTimestamp fortunaTimestamp graniteTimestamp shanghaiTime cancunTime
    feeConfig { targetGas }
    feeManagerConfig { adminAddresses initialFeeConfig { gasLimit minBaseFee targetGas } initialRewardConfig { allowFeeRecipients } }
    rewardManagerConfig { adminAddresses initialRewardConfig { allowFeeRecipients rewardAddress } initialFeeConfig { gasLimit } }
  } } } } }`;
  const blockchainOf = (evmChainId: number) => h.sandbox.world.chains.find((c) => c.evmChainId === evmChainId)!.blockchainId;

  it('gives the network upgrade times and the precompiles\' initial configs under their upstream names', async () => {
    const upgrades = C_CHAIN_UPGRADES.mainnet;
    const times = {
      subnetEVMTimestamp: 0,
      durangoTimestamp: upgrades.durangoBlockTimestamp,
      etnaTimestamp: upgrades.etnaTimestamp,
      fortunaTimestamp: upgrades.fortunaTimestamp,
      graniteTimestamp: upgrades.graniteTimestamp,
      shanghaiTime: upgrades.durangoBlockTimestamp,
      cancunTime: upgrades.etnaTimestamp,
    };
    const gaming = h.sandbox.world.evm.l1Config(779672)!;
    const fees = await shared.query<any, any>(query, { id: blockchainOf(779672) });
    expect(fees.errors).toBeUndefined();
    expect(fees.data.network.blockchain.evmGenesis.config).toEqual({
      ...times,
      feeConfig: { targetGas: String(gaming.feeConfig.targetGas) },
      feeManagerConfig: {
        adminAddresses: [expect.any(String)],
        initialFeeConfig: { gasLimit: String(gaming.feeConfig.gasLimit), minBaseFee: String(gaming.feeConfig.minBaseFee), targetGas: String(gaming.feeConfig.targetGas) },
        initialRewardConfig: null,
      },
      rewardManagerConfig: null,
    });

    const payments = await shared.query<any, any>(query, { id: blockchainOf(432204) });
    expect(payments.errors).toBeUndefined();
    expect(payments.data.network.blockchain.evmGenesis.config).toMatchObject({
      ...times,
      feeManagerConfig: null,
      rewardManagerConfig: { initialRewardConfig: { allowFeeRecipients: true, rewardAddress: null }, initialFeeConfig: null },
    });
  });
});

describe('Chain.chainConfiguration: the node\'s chain config, typed', () => {
  /** An L1's own node (the rpcUrl of its chain record). */
  const RPC = 'POST /{l1}/{network}/rpc';
  const query = `query($id: String!) { chain(id: $id) { chainConfig chainConfiguration {
    chainId homesteadBlock daoForkBlock daoForkSupport londonBlock shanghaiTime cancunTime
    apricotPhase1BlockTimestamp banffBlockTimestamp cortinaBlockTimestamp durangoBlockTimestamp
    subnetEVMTimestamp durangoTimestamp etnaTimestamp fortunaTimestamp graniteTimestamp
    feeConfig { gasLimit minBaseFee targetGas } allowFeeRecipients
    precompiles { key address blockTimestamp disable adminAddresses initialRewardConfig { allowFeeRecipients } initialFeeConfig { targetGas } quorumNumerator requirePrimaryNetworkSigners }
    precompileUpgrades { key address blockTimestamp disable adminAddresses config }
  } } }`;
  const methods = () =>
    Object.fromEntries(Object.entries(shared.h.sandbox.services.l1Nodes.counts()).filter(([key]) => key.startsWith(`${RPC} `)).map(([key, n]) => [key.slice(RPC.length + 1), n]));

  it('types a subnet-EVM config: upgrades, fee config, precompiles and their upgrades, from the one call the raw field makes', async () => {
    const { data, errors } = await shared.query<any, any>(query, { id: '432204' });
    expect(errors).toBeUndefined();
    const raw = data.chain.chainConfig;
    const admin = raw.rewardManagerConfig.adminAddresses[0];
    const upgrade = raw.upgrades.precompileUpgrades[0].contractNativeMinterConfig;
    expect(data.chain.chainConfiguration).toEqual({
      chainId: '432204',
      homesteadBlock: '0',
      daoForkBlock: null,
      daoForkSupport: null,
      londonBlock: '0',
      shanghaiTime: raw.durangoTimestamp,
      cancunTime: raw.etnaTimestamp,
      apricotPhase1BlockTimestamp: null,
      banffBlockTimestamp: null,
      cortinaBlockTimestamp: null,
      durangoBlockTimestamp: null,
      subnetEVMTimestamp: 0,
      durangoTimestamp: C_CHAIN_UPGRADES.mainnet.durangoBlockTimestamp,
      etnaTimestamp: C_CHAIN_UPGRADES.mainnet.etnaTimestamp,
      fortunaTimestamp: C_CHAIN_UPGRADES.mainnet.fortunaTimestamp,
      graniteTimestamp: C_CHAIN_UPGRADES.mainnet.graniteTimestamp,
      feeConfig: { gasLimit: String(raw.feeConfig.gasLimit), minBaseFee: String(raw.feeConfig.minBaseFee), targetGas: String(raw.feeConfig.targetGas) },
      allowFeeRecipients: true,
      precompiles: [
        {
          key: 'rewardManagerConfig',
          address: '0x0200000000000000000000000000000000000004',
          blockTimestamp: raw.rewardManagerConfig.blockTimestamp,
          disable: false,
          adminAddresses: [admin],
          initialRewardConfig: { allowFeeRecipients: true },
          initialFeeConfig: null,
          quorumNumerator: null,
          requirePrimaryNetworkSigners: null,
        },
        {
          key: 'warpConfig',
          address: '0x0200000000000000000000000000000000000005',
          blockTimestamp: raw.warpConfig.blockTimestamp,
          disable: false,
          adminAddresses: null,
          initialRewardConfig: null,
          initialFeeConfig: null,
          quorumNumerator: 67,
          requirePrimaryNetworkSigners: false,
        },
      ],
      precompileUpgrades: [
        {
          key: 'contractNativeMinterConfig',
          address: '0x0200000000000000000000000000000000000001',
          blockTimestamp: upgrade.blockTimestamp,
          disable: false,
          adminAddresses: upgrade.adminAddresses,
          config: upgrade,
        },
      ],
    });
    expect(methods()).toEqual({ eth_getChainConfig: 1 });
  });

  it('types coreth\'s C-Chain config: Apricot to Granite, no fee config or precompiles', async () => {
    const upgrades = C_CHAIN_UPGRADES.mainnet;
    const { data, errors } = await shared.query<any, any>(query, { id: 'c-chain' });
    expect(errors).toBeUndefined();
    expect(data.chain.chainConfiguration).toEqual({
      chainId: '43114',
      homesteadBlock: '0',
      daoForkBlock: '0',
      daoForkSupport: true,
      londonBlock: '0',
      shanghaiTime: upgrades.durangoBlockTimestamp,
      cancunTime: upgrades.etnaTimestamp,
      apricotPhase1BlockTimestamp: upgrades.apricotPhase1BlockTimestamp,
      banffBlockTimestamp: upgrades.banffBlockTimestamp,
      cortinaBlockTimestamp: upgrades.cortinaBlockTimestamp,
      durangoBlockTimestamp: upgrades.durangoBlockTimestamp,
      subnetEVMTimestamp: null,
      durangoTimestamp: null,
      etnaTimestamp: upgrades.etnaTimestamp,
      fortunaTimestamp: upgrades.fortunaTimestamp,
      graniteTimestamp: upgrades.graniteTimestamp,
      feeConfig: null,
      allowFeeRecipients: null,
      precompiles: [],
      precompileUpgrades: [],
    });
  });
});
