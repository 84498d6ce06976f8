/**
 * One L1, one configuration: the genesis the Data API serves for an L1's blockchain (`genesisData`)
 * is the chain config its node reports at genesis. Same chain id, fee config (also `eth_feeConfig`
 * at block 0), forks, warp config and precompile configs with their admins; the precompile upgrades
 * after genesis appear only in the node's `upgrades`, the fee-manager changes only in its fee
 * config at later blocks. Checked for every L1 of both networks, over the services' HTTP answers.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { SandboxChain } from '@avalanche-graph/sandbox';
import { useSandbox } from '../support/sandbox.js';

/** Subnet-EVM's stateful precompile config keys (top-level keys of a chain config). */
const PRECOMPILE_KEYS = ['contractDeployerAllowListConfig', 'contractNativeMinterConfig', 'txAllowListConfig', 'feeManagerConfig', 'rewardManagerConfig', 'warpConfig'];
const hex = (n: number | bigint) => `0x${n.toString(16)}`;

const sandbox = useSandbox();
let l1s: SandboxChain[];

beforeAll(() => {
  l1s = sandbox.world.chains.filter((c) => !c.isCChain);
});

/** A JSON-RPC batch to the chain's node; answers in request order, every one a result. */
async function rpc(chain: SandboxChain, calls: [string, unknown[]][]): Promise<any[]> {
  const response = await fetch(chain.info.rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(calls.map(([method, params], id) => ({ jsonrpc: '2.0', id, method, params }))),
  });
  expect(response.status).toBe(200);
  const answers = (await response.json()) as { id: number; result?: unknown; error?: unknown }[];
  return calls.map(([method, params], id) => {
    const answer = answers.find((a) => a.id === id)!;
    expect(answer.error, `${method} ${JSON.stringify(params)} on ${chain.evmChainId}`).toBeUndefined();
    return answer.result;
  });
}

/** The Data API's blockchain of an L1, its body parsed from the text the route sends. */
async function dataApiBlockchain(chain: SandboxChain): Promise<any> {
  const response = await fetch(`${sandbox.urls.dataApi}/v1/networks/${chain.network}/blockchains/${chain.blockchainId}`);
  expect(response.status).toBe(200);
  return JSON.parse(await response.text());
}

const precompilesOf = (config: Record<string, unknown>) => Object.fromEntries(PRECOMPILE_KEYS.filter((k) => config[k] !== undefined).map((k) => [k, config[k]]));
const adminsOf = (config: Record<string, any>) => Object.fromEntries(Object.entries(precompilesOf(config)).map(([k, v]: [string, any]) => [k, v.adminAddresses ?? null]));

describe('an L1\'s Data API genesis and its node\'s chain config', () => {
  it('covers every L1 of both networks', () => {
    expect(new Set(l1s.map((c) => c.network))).toEqual(new Set(['mainnet', 'fuji']));
  });

  it('agree on chain id, fee config, warp config, precompiles and their admins: the genesis config is the node\'s at genesis', async () => {
    for (const chain of l1s) {
      const blockchain = await dataApiBlockchain(chain);
      expect(blockchain).toMatchObject({ blockchainId: chain.blockchainId, evmChainId: chain.evmChainId });
      const genesis = blockchain.genesisData;
      expect(typeof genesis, `genesisData of ${chain.evmChainId}`).toBe('object');
      const [chainConfig, feeAtGenesis, feeEarliest, chainId] = await rpc(chain, [
        ['eth_getChainConfig', []],
        ['eth_feeConfig', ['0x0']],
        ['eth_feeConfig', ['earliest']],
        ['eth_chainId', []],
      ]);

      // Chain id.
      expect(genesis.config.chainId).toBe(chain.evmChainId);
      expect(chainConfig.chainId).toBe(chain.evmChainId);
      expect(chainId).toBe(hex(chain.evmChainId));

      // Fee config: the genesis one is the node's chain config one and its fee config at block 0.
      expect(genesis.config.feeConfig).toEqual(chainConfig.feeConfig);
      expect(feeAtGenesis).toEqual({ feeConfig: genesis.config.feeConfig, lastChangedAt: 0 });
      expect(feeEarliest).toEqual(feeAtGenesis);
      expect(genesis.config.allowFeeRecipients).toBe(chainConfig.allowFeeRecipients);

      // Warp, and every precompile with its admins.
      expect(genesis.config.warpConfig).toBeDefined();
      expect(genesis.config.warpConfig).toEqual(chainConfig.warpConfig);
      expect(precompilesOf(genesis.config)).toEqual(precompilesOf(chainConfig));
      expect(adminsOf(genesis.config)).toEqual(adminsOf(chainConfig));

      // The whole config: the node's, less the upgrades that came after genesis.
      const { upgrades, ...atGenesis } = chainConfig;
      expect(upgrades).toBeDefined();
      expect(genesis.config).toEqual(atGenesis);
    }
  });

  it('the gaming L1\'s admin is the chain\'s first wallet, in every precompile of both services', async () => {
    const gaming = l1s.find((c) => c.evmChainId === 779672)!;
    const admin = sandbox.world.evm.chain(gaming.evmChainId)!.wallets[0]!.toLowerCase();
    const genesis = (await dataApiBlockchain(gaming)).genesisData;
    const [chainConfig] = await rpc(gaming, [['eth_getChainConfig', []]]);
    for (const config of [genesis.config, chainConfig]) {
      expect(adminsOf(config)).toEqual({
        contractDeployerAllowListConfig: [admin],
        contractNativeMinterConfig: [admin],
        feeManagerConfig: [admin],
        warpConfig: null,
      });
    }
  });

  it('later changes show only on the node: precompile upgrades in `upgrades`, fee-manager changes at later blocks', async () => {
    let sawUpgrade = false;
    let sawFeeChange = false;
    for (const chain of l1s) {
      const genesis = (await dataApiBlockchain(chain)).genesisData;
      const genesisTime = Number(BigInt(genesis.timestamp));
      const [chainConfig, feeLatest, rulesAtGenesis, precompilesAtGenesis] = await rpc(chain, [
        ['eth_getChainConfig', []],
        ['eth_feeConfig', []],
        ['eth_getActiveRulesAt', [genesisTime]],
        ['eth_getActivePrecompilesAt', [genesisTime]],
      ]);
      expect(genesis.config.upgrades).toBeUndefined();
      // At genesis the node runs exactly the genesis precompiles.
      expect(precompilesAtGenesis).toEqual(precompilesOf(genesis.config));
      expect(Object.keys(rulesAtGenesis.precompiles).sort()).toEqual(Object.keys(precompilesOf(genesis.config)).sort());
      for (const upgrade of chainConfig.upgrades.precompileUpgrades ?? []) {
        const [key, config] = Object.entries(upgrade as Record<string, { blockTimestamp: number }>)[0]!;
        sawUpgrade = true;
        expect(config.blockTimestamp).toBeGreaterThan(genesisTime);
        expect(genesis.config[key]).not.toEqual(config);
      }
      if (feeLatest.lastChangedAt > 0) {
        sawFeeChange = true;
        expect(feeLatest.feeConfig).not.toEqual(genesis.config.feeConfig);
      }
    }
    expect(sawUpgrade).toBe(true);
    expect(sawFeeChange).toBe(true);
  });

  it('the genesis block is the node\'s block 0: time, gas limit and every allocated balance', async () => {
    for (const chain of l1s) {
      const genesis = (await dataApiBlockchain(chain)).genesisData;
      const alloc = Object.entries(genesis.alloc as Record<string, { balance: string }>);
      expect(alloc.length).toBeGreaterThan(0);
      const [block0, ...balances] = await rpc(chain, [['eth_getBlockByNumber', ['0x0', false]], ...alloc.map(([address]) => ['eth_getBalance', [address, '0x0']] as [string, unknown[]])]);
      expect(BigInt(block0.timestamp)).toBe(BigInt(genesis.timestamp));
      expect(BigInt(block0.gasLimit)).toBe(BigInt(genesis.gasLimit));
      expect(Number(BigInt(genesis.gasLimit))).toBe(genesis.config.feeConfig.gasLimit);
      expect(genesis.config.warpConfig.blockTimestamp).toBe(Number(BigInt(block0.timestamp)));
      expect(balances.map((b) => BigInt(b))).toEqual(alloc.map(([, { balance }]) => BigInt(balance)));
    }
  });

  it('serves the same genesis in the blockchain list and on the P-Chain node (CreateChainTx genesis data)', async () => {
    for (const network of ['mainnet', 'fuji'] as const) {
      const response = await fetch(`${sandbox.urls.dataApi}/v1/networks/${network}/blockchains?pageSize=10000`);
      const listed = JSON.parse(await response.text()).blockchains as { blockchainId: string; genesisData: unknown }[];
      for (const chain of l1s.filter((c) => c.network === network)) {
        const genesis = (await dataApiBlockchain(chain)).genesisData;
        expect(listed.find((b) => b.blockchainId === chain.blockchainId)!.genesisData).toEqual(genesis);
        // The CreateChainTx (whose id is the blockchain id) carries the genesis as JSON bytes.
        const height = sandbox.world.primary.networks[network].p.txsById.get(chain.blockchainId)!.blockHeight;
        const base = network === 'mainnet' ? sandbox.urls.nodeRpcMainnet : sandbox.urls.nodeRpcFuji;
        const answer = await fetch(`${base}/ext/bc/P`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'platform.getBlockByHeight', params: { height, encoding: 'json' } }),
        });
        const { result } = (await answer.json()) as { result: { block: { txs: { id: string; unsignedTx: { genesisData: string } }[] } } };
        const tx = result.block.txs.find((t) => t.id === chain.blockchainId)!;
        expect(JSON.parse(Buffer.from(tx.unsignedTx.genesisData.slice(2), 'hex').toString('utf8'))).toEqual(genesis);
      }
    }
  });
});
