/**
 * The simulated node's P-Chain, X-Chain and L1 validators APIs: getUTXOs paging reaches every UTXO
 * once, blocks and transactions decode to what the world holds, validators come in the shape
 * AvalancheGo gives primary-network and L1 validators, and errors carry AvalancheGo's codes.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { cb58Encode, sha256Bytes } from '@avalanche-graph/identity';
import { inSharedMemory, inUtxoSet, type PrimaryNetwork } from '@avalanche-graph/sandbox';
import { useSandbox } from '../support/sandbox.js';

const sandbox = useSandbox();
let net: PrimaryNetwork;
beforeAll(() => {
  net = sandbox.world.primary.networks.mainnet;
});

/** A call to a path of the mainnet API node, or to a full URL (an L1's own node). */
async function call(path: string, method: string, params: unknown = {}): Promise<{ result?: any; error?: { code: number; message: string } }> {
  const response = await fetch(path.startsWith('/') ? `${sandbox.urls.nodeRpcMainnet}${path}` : path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 7, method, params }),
  });
  return response.json();
}

async function ok(path: string, method: string, params: unknown = {}): Promise<any> {
  const body = await call(path, method, params);
  expect(body.error, `${method}`).toBeUndefined();
  return body.result;
}

/** Bytes of AvalancheGo's checksummed hex (0x ‖ bytes ‖ 4-byte checksum). */
function unhex(value: string): Uint8Array {
  const all = Buffer.from(value.slice(2), 'hex');
  return new Uint8Array(all.subarray(0, all.length - 4));
}

describe('getUTXOs paging', () => {
  it.each([
    ['X', 'avm'],
    ['P', 'platform'],
  ] as const)('walks every %s-Chain UTXO of several addresses exactly once, for limits 1, 2, 5 and the default', async (chain, service) => {
    // Wallets 0-2 share X-Chain multisig outputs, 0 and 8 a P-Chain one: some UTXOs belong to two queried addresses.
    const wallets = [0, 1, 2, 8].map((i) => net.wallets[i]!);
    const addresses = wallets.map((w) => (chain === 'X' ? w.x : w.p));
    const keys = new Set(wallets.map((w) => w.key.hex));
    const expected = net.utxos.filter((u) => inUtxoSet(u, chain) && u.output.owners.addrs.some((a) => keys.has(a.hex))).map((u) => u.id);
    expect(expected.length).toBeGreaterThan(5);
    for (const limit of [1, 2, 5, undefined]) {
      const seen: string[] = [];
      let startIndex: unknown;
      for (let page = 0; page < 200; page++) {
        const result = await ok(`/ext/bc/${chain}`, `${service}.getUTXOs`, { addresses, limit, startIndex, encoding: 'hex' });
        expect(Number(result.numFetched)).toBe(result.utxos.length);
        seen.push(...result.utxos.map((hex: string) => idFromUtxoBytes(unhex(hex))));
        if (result.utxos.length < (limit ?? 1024)) break;
        startIndex = result.endIndex;
      }
      expect(new Set(seen).size, `limit ${limit}`).toBe(seen.length);
      expect(new Set(seen)).toEqual(new Set(expected));
    }
  });

  it('reads shared memory with sourceChain: C-Chain exports on the X-Chain, X-Chain exports on the P-Chain', async () => {
    const w = net.wallets[0]!;
    const fromC = await ok('/ext/bc/X', 'avm.getUTXOs', { addresses: [w.x], sourceChain: 'C' });
    const pending = net.utxos.filter((u) => inSharedMemory(u, 'X', 'C') && u.output.owners.addrs[0]!.hex === w.key.hex);
    expect(fromC.utxos.map((h: string) => idFromUtxoBytes(unhex(h))).sort()).toEqual(pending.map((u) => u.id).sort());
    const exported = net.utxos.find((u) => inSharedMemory(u, 'P', 'X'))!;
    const owner = net.wallets.find((x) => x.key.hex === exported.output.owners.addrs[0]!.hex)!;
    const fromX = await ok('/ext/bc/P', 'platform.getUTXOs', { addresses: [owner.p], sourceChain: net.chainIds.X });
    expect(fromX.utxos.map((h: string) => idFromUtxoBytes(unhex(h)))).toContain(exported.id);
  });

  it('answers AvalancheGo errors for bad arguments', async () => {
    expect((await call('/ext/bc/X', 'avm.getUTXOs', { addresses: [] })).error).toMatchObject({ code: -32000, message: 'no addresses provided' });
    expect((await call('/ext/bc/X', 'avm.getUTXOs', { addresses: [net.wallets[0]!.p] })).error?.message).toMatch(/^couldn't parse address/);
    expect((await call('/ext/bc/X', 'avm.getUTXOs', { addresses: [net.wallets[0]!.x], encoding: 'json' })).error?.code).toBe(-32000);
    expect((await call('/ext/bc/X', 'avm.getUTXOs', { addresses: [net.wallets[0]!.x], limit: 'ten' })).error?.code).toBe(-32602);
    expect((await call('/ext/bc/X', 'avm.getUTXOs', { addresses: [net.wallets[0]!.x], sourceChain: 'Q' })).error?.message).toMatch(/^problem parsing source chainID/);
  });
});

/** A UTXO's id from its serialized bytes: sha256(u64 outputIndex ‖ txID). */
function idFromUtxoBytes(bytes: Uint8Array): string {
  const txId = bytes.subarray(2, 34);
  const index = new DataView(bytes.buffer, bytes.byteOffset + 34, 4).getUint32(0);
  const prefix = Buffer.alloc(8);
  prefix.writeBigUInt64BE(BigInt(index));
  return cb58Encode(sha256Bytes(Buffer.concat([prefix, txId])));
}

describe('X-Chain transactions and blocks', () => {
  it('returns a transaction as bytes whose hash is its id, and as JSON', async () => {
    const tx = net.x.txs.find((t) => t.type === 'ExportTx')!;
    const hex = await ok('/ext/bc/X', 'avm.getTx', { txID: tx.id });
    expect(cb58Encode(sha256Bytes(unhex(hex.tx)))).toBe(tx.id);
    const json = await ok('/ext/bc/X', 'avm.getTx', { txID: tx.id, encoding: 'json' });
    expect(json.encoding).toBe('json');
    expect(json.tx.id).toBe(tx.id);
    expect(json.tx.unsignedTx.destinationChain).toBe(tx.destinationChain);
    expect(json.tx.unsignedTx.inputs.map((i: any) => i.txID)).toEqual(tx.inputs.map((i) => i.utxo.txId));
    expect(await ok('/ext/bc/X', 'avm.getTxStatus', { txID: tx.id })).toEqual({ status: 'Accepted' });
  });

  it('chains blocks by parent id up to getHeight, each block hashing to its id', async () => {
    const { height } = await ok('/ext/bc/X', 'avm.getHeight');
    expect(Number(height)).toBe(net.x.blocks.length - 1);
    let child: any;
    for (let h = Number(height); h >= Number(height) - 3; h--) {
      const { block } = await ok('/ext/bc/X', 'avm.getBlockByHeight', { height: String(h), encoding: 'json' });
      if (child) expect(child.parentID).toBe(block.id);
      const raw = await ok('/ext/bc/X', 'avm.getBlock', { blockID: block.id });
      expect(cb58Encode(sha256Bytes(unhex(raw.block)))).toBe(block.id);
      for (const tx of block.txs) expect(net.x.txsById.get(tx.id)?.container).toMatchObject({ kind: 'block', height: h });
      child = block;
    }
  });

  it('errs like AvalancheGo on unknown and malformed ids', async () => {
    const unknown = cb58Encode(new Uint8Array(32).fill(7));
    expect((await call('/ext/bc/X', 'avm.getTx', { txID: unknown })).error).toMatchObject({ code: -32000, message: 'not found' });
    expect((await call('/ext/bc/X', 'avm.getTx', { txID: 'not-an-id' })).error?.code).toBe(-32602);
    expect((await call('/ext/bc/X', 'avm.getTx', {})).error?.message).toBe('nil transaction ID');
    expect(await ok('/ext/bc/X', 'avm.getTxStatus', { txID: unknown })).toEqual({ status: 'Unknown' });
    expect((await call('/ext/bc/X', 'avm.getBlockByHeight', { height: 1_000_000 })).error?.message).toBe("couldn't get block at height 1000000: not found");
    expect((await call('/ext/bc/X', 'avm.getBlock', { blockID: unknown, encoding: 'base64' })).error?.code).toBe(-32602);
    expect((await call('/ext/bc/X', 'avm.getAssetDescription', { assetID: unknown })).error?.message).toBe('not found');
    expect((await call('/ext/bc/X', 'avm.getAssetDescription', { assetID: net.x.txs.find((t) => t.type === 'BaseTx')!.id })).error?.message).toBe("transaction doesn't create an asset");
  });

  it('accepts the params as a one-element array and answers under the X-Chain id', async () => {
    const viaId = await ok(`/ext/bc/${net.chainIds.X}`, 'avm.getAssetDescription', [{ assetID: 'AVAX' }]);
    expect(viaId).toEqual({ assetID: net.avaxAssetId, name: 'Avalanche', symbol: 'AVAX', denomination: '9' });
  });
});

describe('P-Chain', () => {
  it('serves blocks whose JSON lists the transactions the world placed there', async () => {
    const staking = net.p.txs.find((t) => t.type === 'AddPermissionlessValidatorTx')!;
    const { block } = await ok('/ext/bc/P', 'platform.getBlockByHeight', { height: staking.blockHeight, encoding: 'json' });
    const tx = block.txs.find((t: any) => t.id === staking.id);
    expect(tx.unsignedTx.validator).toMatchObject({ nodeID: staking.validation!.nodeId, start: staking.validation!.start, weight: Number(staking.validation!.stake) });
    const raw = await ok(`/ext/bc/${net.chainIds.P}`, 'platform.getBlock', { blockID: block.id, encoding: 'hexnc' });
    expect(cb58Encode(sha256Bytes(Buffer.from(raw.block.slice(2), 'hex')))).toBe(block.id);
    expect(await ok('/ext/bc/P', 'platform.getTxStatus', { txID: staking.id })).toEqual({ status: 'Committed' });
  });

  it('reports every blockchain status AvalancheGo knows', async () => {
    const status = async (blockchainID: string) => (await ok('/ext/bc/P', 'platform.getBlockchainStatus', { blockchainID })).status;
    expect(await status('X')).toBe('Validating');
    expect(await status(net.chainIds.C)).toBe('Validating');
    expect(await status(net.blockchains.find((b) => b.status === 'Syncing')!.id)).toBe('Syncing');
    expect(await status(net.blockchains.find((b) => b.status === 'Created')!.id)).toBe('Created');
    expect(await status(net.preferredBlockchainId)).toBe('Preferred');
    expect(await status(cb58Encode(new Uint8Array(32).fill(9)))).toBe('Unknown');
    expect((await call('/ext/bc/P', 'platform.getBlockchainStatus', {})).error?.message).toBe("argument 'blockchainID' not given");
    expect((await call('/ext/bc/P', 'platform.getBlockchainStatus', { blockchainID: 'nope' })).error?.message).toMatch(/^problem parsing blockchainID "nope"/);
  });

  it('lists primary-network validators with delegators only when one node is asked for', async () => {
    const all = (await ok('/ext/bc/P', 'platform.getCurrentValidators')).validators;
    expect(all).toHaveLength(net.validators.length);
    expect(all.every((v: any) => v.delegators === undefined && typeof v.delegationFee === 'string' && v.validationID === undefined)).toBe(true);
    const target = net.validators.find((v) => net.delegations.some((d) => d.period === v.current && d.status === 'active'))!;
    const [one] = (await ok('/ext/bc/P', 'platform.getCurrentValidators', { nodeIDs: [target.nodeId] })).validators;
    const active = net.delegations.filter((d) => d.period === target.current && d.status === 'active');
    expect(one.delegators.map((d: any) => d.txID).sort()).toEqual(active.map((d) => d.txId).sort());
    expect(one.delegatorCount).toBe(String(active.length));
    expect(BigInt(one.delegatorWeight)).toBe(active.reduce((s, d) => s + d.amount, 0n));
    const two = (await ok('/ext/bc/P', 'platform.getCurrentValidators', { nodeIDs: [target.nodeId, net.validators.find((v) => v !== target)!.nodeId] })).validators;
    expect(two).toHaveLength(2);
    expect(two.every((v: any) => v.delegators === undefined)).toBe(true);
    expect((await call('/ext/bc/P', 'platform.getCurrentValidators', { nodeIDs: ['NodeID-bad'] })).error?.code).toBe(-32602);
  });

  it('lists an L1s validators in the L1 shape, the same ones its chain reports', async () => {
    const l1 = net.blockchains.find((b) => b.status === 'Syncing')!;
    const fromP = (await ok('/ext/bc/P', 'platform.getCurrentValidators', { subnetID: l1.subnetId })).validators;
    expect(fromP.length).toBeGreaterThan(2);
    for (const v of fromP) {
      expect(Object.keys(v).sort()).toEqual(['balance', 'deactivationOwner', 'minNonce', 'nodeID', 'publicKey', 'remainingBalanceOwner', 'startTime', 'validationID', 'weight']);
    }
    // The L1's own node, beside the rpcUrl of its chain record; the API node does not serve it.
    const validatorsUrl = sandbox.world.chains.find((c) => c.blockchainId === l1.id)!.info.rpcUrl.replace(/\/rpc$/, '/validators');
    expect((await call(`/ext/bc/${l1.id}/validators`, 'validators.getCurrentValidators')).error).toBeDefined();
    const fromChain = (await ok(validatorsUrl, 'validators.getCurrentValidators')).validators;
    expect(fromChain.map((v: any) => [v.validationID, v.nodeID, String(v.weight), v.isActive]).sort()).toEqual(fromP.map((v: any) => [v.validationID, v.nodeID, v.weight, v.balance !== '0']).sort());
    const picked = await ok(validatorsUrl, 'validators.getCurrentValidators', { nodeIDs: [fromP[0].nodeID] });
    expect(picked.validators).toHaveLength(1);
    const stranger = net.validators[0]!.nodeId;
    expect((await call(validatorsUrl, 'validators.getCurrentValidators', { nodeIDs: [stranger] })).error?.message).toBe(`couldn't find validator with node ID ${stranger}`);
    expect((await ok('/ext/bc/P', 'platform.getCurrentValidators', { subnetID: cb58Encode(new Uint8Array(32).fill(3)) })).validators).toEqual([]);
  });

  it('reports the supply at the current height, and refuses other subnets', async () => {
    const supply = await ok('/ext/bc/P', 'platform.getCurrentSupply');
    expect(supply.height).toBe((await ok('/ext/bc/P', 'platform.getHeight')).height);
    expect(BigInt(supply.supply)).toBe(net.p.currentSupply);
    const l1 = net.blockchains.find((b) => b.status === 'Syncing')!;
    expect((await call('/ext/bc/P', 'platform.getCurrentSupply', { subnetID: l1.subnetId })).error?.code).toBe(-32000);
  });
});
