/**
 * Node-backed EVM reads through the gateway: fee config, chain config, rules and precompiles, the
 * chain's head and balances at any block return exactly what the chain's node answers; coreth's
 * missing subnet-EVM methods are null; a failing method or node fails only its own fields.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { evmMethods, type SandboxRequest, type SandboxChain } from '@avalanche-graph/sandbox';
import {
  AccountBalanceAtDocument,
  ChainFeeConfigDocument,
  ChainNodeAndIndexDocument,
  ChainNodeConfigDocument,
  ChainRulesDocument,
} from '../gql/graphql.js';
import { useHarness } from '../support/harness.js';

/** The EVM route of the L1s' own nodes (the rpcUrl of their chain records). */
const RPC = 'POST /{l1}/{network}/rpc';
/** The C-Chain's route on the API node. */
const C_RPC = 'POST /ext/bc/{blockchainId}/rpc';

const { h } = useHarness();
let gaming: SandboxChain;
let payments: SandboxChain;
let cChain: SandboxChain;

beforeAll(() => {
  const byId = (id: number) => h.sandbox.world.chains.find((c) => c.evmChainId === id)!;
  gaming = byId(779672);
  payments = byId(432204);
  cChain = byId(43114);
});

/** What the chain's node itself answers (its method table, no HTTP): the expectation. */
function nodeAnswer(chain: SandboxChain, method: string, params: unknown[] = []): any {
  return evmMethods(h.sandbox.world, chain)[method]!(params, {} as SandboxRequest);
}

const decimal = (value: unknown) => String(BigInt(value as number));
const hex = (n: number | bigint) => `0x${n.toString(16)}`;

function expectedFeeConfig(answer: { feeConfig: Record<string, number>; lastChangedAt: number }) {
  return {
    ...Object.fromEntries(Object.entries(answer.feeConfig).map(([k, v]) => [k, decimal(v)])),
    lastChangedAt: decimal(answer.lastChangedAt),
  };
}

describe('Chain.feeConfig', () => {
  it('returns the node\'s fee config at the latest block, every field exact', async () => {
    const { data, errors } = await h.query(ChainFeeConfigDocument, { id: String(gaming.evmChainId) });
    expect(errors).toBeUndefined();
    expect(data!.chain!.feeConfig).toEqual(expectedFeeConfig(nodeAnswer(gaming, 'eth_feeConfig')));
    // The gaming L1's fee manager changed the config: the latest one says when.
    expect(data!.chain!.feeConfig!.lastChangedAt).not.toBe('0');
  });

  it('reads the config in force at a block number, a block hash or a tag', async () => {
    const evm = h.sandbox.world.evm.chain(gaming.evmChainId)!;
    const changedAt = Number(nodeAnswer(gaming, 'eth_feeConfig').lastChangedAt);
    const before = changedAt - 1;
    const byNumber = await h.query(ChainFeeConfigDocument, { id: '779672', block: String(before) });
    const byHash = await h.query(ChainFeeConfigDocument, { id: '779672', block: evm.blockByNumber(changedAt)!.hash });
    const earliest = await h.query(ChainFeeConfigDocument, { id: '779672', block: 'earliest' });
    expect(byNumber.errors).toBeUndefined();
    expect(byNumber.data!.chain!.feeConfig).toEqual(expectedFeeConfig(nodeAnswer(gaming, 'eth_feeConfig', [hex(before)])));
    expect(byNumber.data!.chain!.feeConfig!.lastChangedAt).toBe('0');
    expect(byHash.data!.chain!.feeConfig).toEqual(expectedFeeConfig(nodeAnswer(gaming, 'eth_feeConfig', [hex(changedAt)])));
    expect(byHash.data!.chain!.feeConfig!.lastChangedAt).toBe(String(changedAt));
    expect(earliest.data!.chain!.feeConfig!.lastChangedAt).toBe('0');
    expect(byNumber.data!.chain!.feeConfig!.targetGas).not.toBe(byHash.data!.chain!.feeConfig!.targetGas);
  });

  it('is null, without an error, on the C-Chain whose node (coreth) has no eth_feeConfig', async () => {
    const { data, errors, extensions } = await h.query(ChainFeeConfigDocument, { id: '43114' });
    expect(errors).toBeUndefined();
    expect(data!.chain).toEqual({ chainId: '43114', feeConfig: null });
    // Why it is null, in the response's extensions rather than as an error.
    expect(extensions?.notices).toEqual([{ code: 'METHOD_NOT_SERVED', path: ['chain', 'feeConfig'], message: expect.stringContaining('does not serve the method') }]);
    // The node was asked (a future coreth may serve it) and said the method does not exist.
    expect(h.sandbox.services.nodeMainnet.counts()[`${C_RPC} eth_feeConfig`]).toBe(1);
  });

  it('refuses a malformed block argument before calling the node', async () => {
    for (const block of ['0x1234', 'yesterday', '-1', '99999999999999999999999']) {
      const { data, errors } = await h.query(ChainFeeConfigDocument, { id: '779672', block });
      expect(data, block).toBeUndefined();
      expect(errors![0]!.extensions).toMatchObject({ code: 'BAD_USER_INPUT', argument: 'block' });
    }
    expect(h.sandbox.services.l1Nodes.total(RPC)).toBe(0);
    // Not even the chain list: the whole operation is checked before it runs.
    expect(h.sandbox.services.dataApi.total()).toBe(0);
  });
});

describe('Chain.chainConfig and Chain.latestBlockNumber', () => {
  it('return the node\'s chain config and head on an L1 and on the C-Chain of each network', async () => {
    const fujiC = h.sandbox.world.chains.find((c) => c.isCChain && c.network === 'fuji')!;
    for (const [chain, id, network] of [
      [gaming, '779672', 'MAINNET'],
      [cChain, 'c-chain', 'MAINNET'],
      [fujiC, 'c-chain', 'FUJI'],
    ] as const) {
      const { data, errors } = await h.query(ChainNodeConfigDocument, { id, network });
      expect(errors).toBeUndefined();
      expect(data!.chain!.chainId).toBe(String(chain.evmChainId));
      expect(data!.chain!.chainConfig).toEqual(nodeAnswer(chain, 'eth_getChainConfig'));
      expect(data!.chain!.latestBlockNumber).toBe(String(h.sandbox.world.evm.chain(chain.evmChainId)!.latestBlockNumber()));
    }
    // The Fuji chain was read from the Fuji node.
    expect(h.sandbox.services.nodeFuji.counts()[C_RPC]).toBe(1);
  });
});

describe('Chain.activeRules and Chain.activePrecompiles', () => {
  it('types the node\'s rules and lists its precompiles with their addresses', async () => {
    const { data, errors } = await h.query(ChainRulesDocument, { id: '779672' });
    expect(errors).toBeUndefined();
    const rules = data!.chain!.activeRules!;
    const node = nodeAnswer(gaming, 'eth_getActiveRulesAt');
    expect(rules.chainId).toBe('779672');
    expect(rules.ethRules).toMatchObject({
      isHomestead: node.ethRules.IsHomestead,
      isLondon: node.ethRules.IsLondon,
      isShanghai: node.ethRules.IsShanghai,
      isCancun: node.ethRules.IsCancun,
      isPrague: node.ethRules.IsPrague,
      isVerkle: node.ethRules.IsVerkle,
    });
    expect(rules.ethRules.enabled).toEqual(Object.keys(node.ethRules).filter((k) => node.ethRules[k] === true));
    expect(rules.avalancheRules).toEqual({
      isSubnetEVM: node.avalancheRules.IsSubnetEVM,
      isDurango: node.avalancheRules.IsDurango,
      isEtna: node.avalancheRules.IsEtna,
      isFortuna: node.avalancheRules.IsFortuna,
      isGranite: node.avalancheRules.IsGranite,
      enabled: Object.keys(node.avalancheRules).filter((k) => node.avalancheRules[k] === true),
    });
    expect(rules.precompiles).toEqual(
      Object.entries(node.precompiles as Record<string, { timestamp: number }>).map(([key, p]) => ({
        key,
        address: expect.stringMatching(/^0x02000000000000000000000000000000000000/),
        activatedAt: p.timestamp,
      })),
    );
    expect(rules.precompiles.find((p) => p.key === 'feeManagerConfig')!.address).toBe('0x0200000000000000000000000000000000000003');
    expect(data!.chain!.activePrecompiles).toEqual(nodeAnswer(gaming, 'eth_getActivePrecompilesAt'));
  });

  it('evaluates at a given time: before an upgrade its rules and precompiles are off', async () => {
    const chainConfig = nodeAnswer(payments, 'eth_getChainConfig');
    const upgradeTime = (chainConfig.upgrades.precompileUpgrades[0].contractNativeMinterConfig as { blockTimestamp: number }).blockTimestamp;
    const before = await h.query(ChainRulesDocument, { id: '432204', at: upgradeTime - 1 });
    const after = await h.query(ChainRulesDocument, { id: '432204', at: upgradeTime });
    const preDurango = await h.query(ChainRulesDocument, { id: '432204', at: chainConfig.durangoTimestamp - 1 });
    expect(before.errors).toBeUndefined();
    expect(before.data!.chain!.activeRules!.precompiles.map((p) => p.key)).not.toContain('contractNativeMinterConfig');
    expect(after.data!.chain!.activeRules!.precompiles.map((p) => p.key)).toContain('contractNativeMinterConfig');
    expect(after.data!.chain!.activePrecompiles).toEqual(nodeAnswer(payments, 'eth_getActivePrecompilesAt', [upgradeTime]));
    expect(preDurango.data!.chain!.activeRules!.ethRules.isShanghai).toBe(false);
    expect(preDurango.data!.chain!.activeRules!.avalancheRules.isDurango).toBe(false);
    expect(before.data!.chain!.activeRules!.ethRules.isShanghai).toBe(true);
  });

  it('is null, without an error, on the C-Chain (coreth serves neither method)', async () => {
    const { data, errors } = await h.query(ChainRulesDocument, { id: '43114' });
    expect(errors).toBeUndefined();
    expect(data!.chain).toEqual({ chainId: '43114', activeRules: null, activePrecompiles: null });
  });
});

describe('Account.balanceAt', () => {
  it('reads the exact native balance at the latest block, a block number and a block hash', async () => {
    const evm = h.sandbox.world.evm.chain(gaming.evmChainId)!;
    const address = evm.wallets[0]!;
    const middle = Math.floor(evm.latestBlockNumber() / 2);
    const latest = await h.query(AccountBalanceAtDocument, { id: '779672', address });
    const atNumber = await h.query(AccountBalanceAtDocument, { id: '779672', address, block: String(middle) });
    const atHash = await h.query(AccountBalanceAtDocument, { id: '779672', address, block: evm.blockByNumber(middle)!.hash });
    const atGenesis = await h.query(AccountBalanceAtDocument, { id: '779672', address, block: '0' });
    expect(latest.errors).toBeUndefined();
    expect(latest.data!.chain!.address.balanceAt).toBe(evm.nativeBalance(address).toString());
    expect(atNumber.data!.chain!.address.balanceAt).toBe(evm.nativeBalance(address, middle).toString());
    expect(atHash.data!.chain!.address.balanceAt).toBe(evm.nativeBalance(address, middle).toString());
    expect(atGenesis.data!.chain!.address.balanceAt).toBe(evm.nativeBalance(address, 0).toString());
    // The world's wallet moved funds: the figures differ, so the block really was passed on.
    expect(new Set([latest, atNumber, atGenesis].map((r) => r.data!.chain!.address.balanceAt)).size).toBeGreaterThan(1);
  });

  it('answers null, without an error, for a block the chain does not have: a future number, an unknown hash', async () => {
    const address = h.sandbox.world.evm.chain(gaming.evmChainId)!.wallets[0]!;
    for (const block of ['999999999', `0x${'ab'.repeat(32)}`]) {
      const { data, errors } = await h.query(AccountBalanceAtDocument, { id: '779672', address, block });
      expect(errors).toBeUndefined();
      expect(data!.chain!.address).toEqual({ address, balanceAt: null });
    }
  });
});

describe('failures', () => {
  it('a fault on one method fails only the field that asked for it', async () => {
    h.sandbox.services.l1Nodes.setFault(`${RPC} eth_feeConfig`, { status: 500, body: { code: -32000, message: 'fee config unavailable' } });
    const { data, errors } = await h.query(ChainNodeAndIndexDocument, { id: '779672' });
    expect(data!.chain!.feeConfig).toBeNull();
    expect(data!.chain!.latestBlockNumber).toBe(String(h.sandbox.world.evm.chain(779672)!.latestBlockNumber()));
    expect(data!.chain!.blocks!.nodes).toHaveLength(1);
    expect(errors).toHaveLength(1);
    expect(errors![0]!.path).toEqual(['chain', 'feeConfig']);
    expect(errors![0]!.extensions).toMatchObject({ code: 'UPSTREAM_ERROR', service: 'node-rpc', reason: 'rpc', rpcCode: -32000 });
    // Both calls still travelled in one request.
    expect(h.sandbox.services.l1Nodes.counts()[RPC]).toBe(1);
  });

  it('a node that is down fails the node fields; the Data API fields still answer', async () => {
    h.sandbox.services.l1Nodes.setFault(RPC, { status: 503 });
    const { data, errors } = await h.query(ChainNodeAndIndexDocument, { id: '779672' });
    expect(data!.chain).toMatchObject({ chainId: '779672', chainName: gaming.info.chainName, latestBlockNumber: null, feeConfig: null });
    expect(data!.chain!.blocks!.nodes[0]!.number).toBe(String(h.sandbox.world.evm.chain(779672)!.latestBlockNumber()));
    expect(errors!.map((e) => e.path!.join('.')).sort()).toEqual(['chain.feeConfig', 'chain.latestBlockNumber']);
    for (const error of errors!) {
      expect(error.extensions).toMatchObject({ code: 'UPSTREAM_ERROR', service: 'node-rpc', status: 503 });
      expect(error.message).not.toMatch(/127\.0\.0\.1|http:/);
    }
  });
});
