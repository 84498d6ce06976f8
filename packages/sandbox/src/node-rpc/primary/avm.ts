/** `avm.*` on `/ext/bc/X`: balances, assets, blocks, transactions and UTXOs of the X-Chain. */
import { EMPTY_ID, FEES, WORLD_NOW } from '../../world/primary/index.js';
import type { PrimaryNetwork, UtxoRecord, XBlock } from '../../world/primary/index.js';
import { amountOf } from '../../world/primary/ledger.js';
import { inUtxoSet } from '../../world/primary/queries.js';
import type { RpcMethod } from '../json-rpc.js';
import { encodeBytes, TxFormatter } from './format.js';
import { argsOf, boolArg, encodingArg, idArg, parseServiceAddress, serverError, stringArg, uintArg, type Args } from './params.js';
import { getUtxos } from './utxo-pages.js';

/** `lookupAssetID`: the `AVAX` alias, or any cb58 id (known or not). */
function lookupAssetId(net: PrimaryNetwork, value: string): string {
  if (value === 'AVAX') return net.avaxAssetId;
  try {
    return idArg({ id: value }, 'id');
  } catch {
    throw serverError(`asset '${value}' not found`);
  }
}

function addressArg(net: PrimaryNetwork, args: Args): { bytes: Uint8Array; hex: string } {
  const address = stringArg(args, 'address');
  try {
    return parseServiceAddress(net, 'X', address);
  } catch (error) {
    throw serverError(`problem parsing address '${address}': ${(error as Error).message}`);
  }
}

/** Transfer outputs `key` holds on the X-Chain; without `includePartial`, only 1-of-1 and unlocked ones. */
function balanceUtxos(net: PrimaryNetwork, keyHex: string, includePartial: boolean): UtxoRecord[] {
  return net.utxos.filter((u) => {
    if (!inUtxoSet(u, 'X') || u.output.type !== 'secpTransfer') return false;
    const owners = u.output.owners;
    if (!owners.addrs.some((a) => a.hex === keyHex)) return false;
    return includePartial || (owners.addrs.length === 1 && owners.locktime <= BigInt(WORLD_NOW));
  });
}

function blockResult(net: PrimaryNetwork, block: XBlock, args: Args): Record<string, unknown> {
  const encoding = encodingArg(args);
  if (encoding !== 'json') return { block: encodeBytes(block.bytes, encoding), encoding };
  const fmt = new TxFormatter(net, 'X');
  const txs = block.txIds.map((id) => fmt.xTx(net.x.txsById.get(id)!));
  return { block: { parentID: block.parentId, height: block.height, time: block.time, merkleRoot: EMPTY_ID, txs, id: block.id }, encoding };
}

export function avmMethods(netOf: () => PrimaryNetwork): Record<string, RpcMethod> {
  return {
    'avm.getAllBalances': (params) => {
      const net = netOf();
      const args = argsOf(params);
      const includePartial = boolArg(args, 'includePartial');
      const key = addressArg(net, args);
      const totals = new Map<string, bigint>();
      for (const u of balanceUtxos(net, key.hex, includePartial)) totals.set(u.assetId, (totals.get(u.assetId) ?? 0n) + amountOf(u.output));
      const balances = [...totals].map(([asset, balance]) => ({ asset: asset === net.avaxAssetId ? 'AVAX' : asset, balance: balance.toString() }));
      return { balances: balances.sort((a, b) => (a.asset === 'AVAX' ? -1 : b.asset === 'AVAX' ? 1 : a.asset < b.asset ? -1 : 1)) };
    },
    'avm.getBalance': (params) => {
      const net = netOf();
      const args = argsOf(params);
      const includePartial = boolArg(args, 'includePartial');
      const key = addressArg(net, args);
      const assetId = lookupAssetId(net, stringArg(args, 'assetID'));
      const utxos = balanceUtxos(net, key.hex, includePartial).filter((u) => u.assetId === assetId);
      return { balance: utxos.reduce((s, u) => s + amountOf(u.output), 0n).toString(), utxoIDs: utxos.map((u) => ({ txID: u.txId, outputIndex: u.outputIndex })) };
    },
    'avm.getAssetDescription': (params) => {
      const net = netOf();
      const assetId = lookupAssetId(net, stringArg(argsOf(params), 'assetID'));
      const tx = net.x.txsById.get(assetId);
      if (!tx) throw serverError('not found');
      if (tx.type !== 'CreateAssetTx') throw serverError("transaction doesn't create an asset");
      const asset = tx.asset!;
      return { assetID: assetId, name: asset.name, symbol: asset.symbol, denomination: String(asset.denomination) };
    },
    'avm.getBlock': (params) => {
      const net = netOf();
      const args = argsOf(params);
      const blockId = idArg(args, 'blockID');
      encodingArg(args);
      const block = net.x.blocks.find((b) => b.id === blockId);
      if (!block) throw serverError(`couldn't get block with id ${blockId}: not found`);
      return blockResult(net, block, args);
    },
    'avm.getBlockByHeight': (params) => {
      const net = netOf();
      const args = argsOf(params);
      const height = uintArg(args, 'height');
      encodingArg(args);
      const block = net.x.blocks[height];
      if (!block) throw serverError(`couldn't get block at height ${height}: not found`);
      return blockResult(net, block, args);
    },
    'avm.getHeight': () => {
      const blocks = netOf().x.blocks;
      return { height: String(blocks[blocks.length - 1]?.height ?? 0) };
    },
    'avm.getTx': (params) => {
      const net = netOf();
      const args = argsOf(params);
      const txId = idArg(args, 'txID');
      const encoding = encodingArg(args);
      if (txId === EMPTY_ID) throw serverError('nil transaction ID');
      const tx = net.x.txsById.get(txId);
      if (!tx) throw serverError('not found');
      return { tx: encoding === 'json' ? new TxFormatter(net, 'X').xTx(tx) : encodeBytes(tx.bytes, encoding), encoding };
    },
    'avm.getTxFee': () => ({ txFee: FEES.xTx.toString(), createAssetTxFee: FEES.xCreateAsset.toString() }),
    'avm.getTxStatus': (params) => {
      const net = netOf();
      const txId = idArg(argsOf(params), 'txID');
      if (txId === EMPTY_ID) throw serverError('nil transaction ID');
      return { status: net.x.txsById.has(txId) ? 'Accepted' : 'Unknown' };
    },
    'avm.getUTXOs': (params) => getUtxos(netOf(), 'X', argsOf(params)),
  };
}
