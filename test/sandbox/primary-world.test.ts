/**
 * The primary-network world holds together: references between its parts resolve, amounts
 * balance, the services' balances equal the UTXO sums they list, and the world is a function of
 * its seed.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import {
  startSandbox,
  createChains,
  createEvmWorld,
  createPrimaryWorld,
  Rng,
  FEES,
  type PrimaryNetwork,
  type UtxoRecord,
} from '@avalanche-graph/sandbox';
import { checkDelegations } from '../support/world-checks.js';
import { useSandbox } from '../support/sandbox.js';

const sandbox = useSandbox();

function amount(u: UtxoRecord): bigint {
  return u.output.type === 'secpTransfer' || u.output.type === 'lockOut' ? u.output.amount : 0n;
}

async function dataApi(path: string): Promise<any> {
  const response = await fetch(`${sandbox.urls.dataApi}${path}`);
  expect(response.status, path).toBe(200);
  return response.json();
}

async function rpc(path: string, method: string, params: unknown): Promise<any> {
  const response = await fetch(`${sandbox.urls.nodeRpcMainnet}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  const body = await response.json();
  expect(body.error, `${method} ${JSON.stringify(params)}`).toBeUndefined();
  return body.result;
}

/** Every UTXO of a Data API listing, across all pages. */
async function allUtxos(chain: string, address: string, extra = ''): Promise<any[]> {
  const items: any[] = [];
  let token: string | undefined;
  do {
    const page = await dataApi(`/v1/networks/mainnet/blockchains/${chain}/utxos?addresses=${address}&pageSize=100${extra}${token ? `&pageToken=${token}` : ''}`);
    items.push(...page.utxos);
    token = page.nextPageToken;
  } while (token);
  return items;
}

describe.each(['mainnet', 'fuji'] as const)('%s world', (network) => {
  let net: PrimaryNetwork;
  beforeAll(() => {
    net = sandbox.world.primary.networks[network];
  });

  it('has the primary network a user expects: 15-25 validators, delegations of every status, rewards of every type', () => {
    expect(net.validators.length).toBeGreaterThanOrEqual(15);
    expect(net.validators.length).toBeLessThanOrEqual(25);
    expect(new Set(net.delegations.map((d) => d.status))).toEqual(new Set(['active', 'completed', 'pending']));
    expect(new Set(net.rewards.map((r) => r.rewardType))).toEqual(new Set(['VALIDATOR', 'DELEGATOR', 'VALIDATOR_FEE']));
    expect(new Set(net.x.txs.map((t) => t.type))).toEqual(new Set(['BaseTx', 'CreateAssetTx', 'OperationTx', 'ImportTx', 'ExportTx']));
    expect(net.x.vertices.length).toBeGreaterThan(5);
    expect(net.x.blocks.length).toBeGreaterThan(5);
    expect(net.l1Validators.length).toBeGreaterThan(0);
  });

  it('delegates only to validators of the same network, within their validation periods', () => {
    checkDelegations(net);
  });

  it('pays every reward for an existing staking tx, by a reward tx that names it, into an existing UTXO', () => {
    for (const r of net.rewards) {
      const staking = net.p.txsById.get(r.txHash);
      expect(staking?.type, r.txHash).toMatch(/^AddPermissionless(Validator|Delegator)Tx$/);
      expect(staking?.validation?.nodeId ?? staking?.delegation?.nodeId).toBe(r.nodeId);
      expect(net.p.txsById.get(r.rewardTxHash)?.rewardedTxId).toBe(r.txHash);
      expect(net.utxosById.get(r.utxo.id)?.rewardType).toBe(r.rewardType);
    }
  });

  it('holds UTXOs only of assets that exist', () => {
    const assets = new Set(net.assets.map((a) => a.id));
    expect(assets.has(net.avaxAssetId)).toBe(true);
    for (const u of net.utxos) expect(assets.has(u.assetId), u.id).toBe(true);
  });

  it('spends, in every X-Chain tx, UTXOs that existed before it, and balances AVAX to the fee', () => {
    for (const tx of net.x.txs) {
      const spent = [...tx.inputs, ...(tx.importedInputs ?? [])].map((i) => i.utxo);
      for (const u of [...spent, ...(tx.operations ?? []).map((o) => o.input)]) {
        expect(net.utxosById.get(u.id), u.id).toBe(u);
        expect(u.spent?.txId).toBe(tx.id);
        expect(u.createdTime).toBeLessThan(tx.time);
        if (u.createdOn === 'X') expect(net.x.txsById.has(u.txId), u.txId).toBe(true);
      }
      const avaxIn = spent.filter((u) => u.assetId === net.avaxAssetId).reduce((s, u) => s + amount(u), 0n);
      const outs = [...tx.outputs, ...(tx.exportedOutputs ?? [])].filter((o) => o.assetId === net.avaxAssetId);
      const avaxOut = outs.reduce((s, o) => s + (o.output.type === 'secpTransfer' ? o.output.amount : 0n), 0n);
      if (tx.time === net.x.txs[0]!.time) continue; // the genesis mints AVAX
      expect(avaxIn - avaxOut, `${tx.type} ${tx.id}`).toBe(tx.type === 'CreateAssetTx' ? FEES.xCreateAsset : FEES.xTx);
    }
  });

  it('places every X-Chain tx (but the genesis) in exactly one vertex or block', () => {
    const placed = [...net.x.vertices.flatMap((v) => v.txIds), ...net.x.blocks.flatMap((b) => b.txIds)];
    expect(new Set(placed).size).toBe(placed.length);
    expect(placed.length).toBe(net.x.txs.length - 1);
    for (const v of net.x.vertices) for (const parent of v.parentHashes) expect(net.x.vertices.some((p) => p.hash === parent && p.height < v.height)).toBe(true);
  });

  it('lists the X-, C-Chain and every L1 of the EVM world among its blockchains', () => {
    const ids = net.blockchains.map((b) => b.id);
    for (const chain of sandbox.world.chains.filter((c) => c.network === network)) expect(ids).toContain(chain.blockchainId);
    expect(ids).toContain(net.chainIds.X);
  });
});

describe('balances equal the UTXO sums the Data API lists', () => {
  it('platform.getBalance = the unspent P-Chain UTXOs (not locked in a stake) of each address', async () => {
    const net = sandbox.world.primary.networks.mainnet;
    for (const wallet of net.wallets.slice(0, 12)) {
      const utxos = await allUtxos('p-chain', wallet.p);
      const local = utxos.filter((u) => u.utxoType === 'TRANSFER' && u.createdOnChainId === net.chainIds.P && u.consumedOnChainId === net.chainIds.P);
      const sum = local.reduce((s, u) => s + BigInt(u.asset.amount), 0n);
      const balance = await rpc('/ext/bc/P', 'platform.getBalance', { addresses: [wallet.p] });
      expect(BigInt(balance.balance), wallet.p).toBe(sum);
      expect(BigInt(balance.unlocked) + BigInt(balance.lockedStakeable) + BigInt(balance.lockedNotStakeable)).toBe(sum);
      expect(balance.utxoIDs.length).toBe(local.length);
    }
  });

  it('avm.getBalance (includePartial) = the unspent X-Chain AVAX UTXOs of each address', async () => {
    const net = sandbox.world.primary.networks.mainnet;
    for (const wallet of net.wallets.slice(0, 12)) {
      const utxos = await allUtxos('x-chain', wallet.bare, `&assetId=${net.avaxAssetId}`);
      const local = utxos.filter((u) => u.createdOnChainId === net.chainIds.X && u.utxoType === 'transfer');
      const sum = local.reduce((s, u) => s + BigInt(u.asset.amount), 0n);
      const balance = await rpc('/ext/bc/X', 'avm.getBalance', { address: wallet.x, assetID: 'AVAX', includePartial: true });
      expect(BigInt(balance.balance), wallet.x).toBe(sum);
    }
  });

  it('excludes multisig and time-locked outputs from avm balances unless includePartial', async () => {
    const net = sandbox.world.primary.networks.mainnet;
    const wallet = net.wallets[0]!; // co-owns a 1-of-2 output and holds a time-locked one
    const full = await rpc('/ext/bc/X', 'avm.getBalance', { address: wallet.x, assetID: 'AVAX', includePartial: true });
    const own = await rpc('/ext/bc/X', 'avm.getBalance', { address: wallet.x, assetID: 'AVAX' });
    expect(BigInt(full.balance) - BigInt(own.balance)).toBe(1_250n * 1_000_000_000n);
  });
});

describe('determinism', () => {
  it('builds the same world from the same seed and another from another seed', () => {
    const build = (seed: string) => {
      const rng = new Rng(seed);
      const chains = createChains(rng.fork('chains'));
      return createPrimaryWorld(rng.fork('primary'), chains, createEvmWorld(rng.fork('evm'), chains)).networks.mainnet;
    };
    const [a, b, c] = [build('seed-a'), build('seed-a'), build('seed-b')];
    const digest = (n: PrimaryNetwork) => [n.validators.map((v) => v.nodeId), n.utxos.map((u) => u.id), n.x.blocks.map((x) => x.id), n.p.blocks.map((x) => x.id)].flat().join(',');
    expect(digest(a)).toBe(digest(b));
    expect(digest(a)).not.toBe(digest(c));
  });

  it('answers identically from two sandboxes with the same seed', async () => {
    const other = await startSandbox({ port: 0 });
    try {
      const path = '/v1/networks/mainnet/delegators?pageSize=25&sortOrder=desc';
      const [one, two] = await Promise.all([fetch(`${sandbox.urls.dataApi}${path}`), fetch(`${other.urls.dataApi}${path}`)]);
      expect(await one.text()).toBe(await two.text());
    } finally {
      await other.close();
    }
  });
});
