/** `platform.*` on `/ext/bc/P`: balances, blocks, blockchains, supply and validators of the P-Chain. */
import { cb58Decode } from '@avalanche-graph/identity';
import { EMPTY_ID, WORLD_NOW } from '../../world/primary/index.js';
import type { PBlock, PrimaryNetwork, UtxoRecord } from '../../world/primary/index.js';
import { aliasOfChainId, inUtxoSet, ownedByAny } from '../../world/primary/queries.js';
import type { RpcMethod } from '../json-rpc.js';
import { encodeBytes } from './format.js';
import { argsOf, encodingArg, idArg, nodeIdsArg, parseServiceAddresses, serverError, stringArg, stringsArg, uintArg, type Args } from './params.js';
import { PTxFormatter } from './pformat.js';
import { getUtxos } from './utxo-pages.js';
import { currentValidators } from './validators.js';

type Bucket = 'unlocked' | 'lockedStakeable' | 'lockedNotStakeable';

/** How AvalancheGo's getBalance classifies an output at the world's current time. */
function bucketOf(utxo: UtxoRecord): Bucket | undefined {
  const now = BigInt(WORLD_NOW);
  const out = utxo.output;
  if (out.type === 'secpTransfer') return out.owners.locktime <= now ? 'unlocked' : 'lockedNotStakeable';
  if (out.type === 'lockOut') {
    if (out.owners.locktime > now) return 'lockedNotStakeable';
    return out.stakeableLocktime <= now ? 'unlocked' : 'lockedStakeable';
  }
  return undefined;
}

function getBalance(net: PrimaryNetwork, args: Args): Record<string, unknown> {
  const keys = new Set(parseServiceAddresses(net, 'P', stringsArg(args, 'addresses')).map((k) => k.hex));
  const sums: Record<Bucket, Map<string, bigint>> = { unlocked: new Map(), lockedStakeable: new Map(), lockedNotStakeable: new Map() };
  const utxoIDs: { txID: string; outputIndex: number }[] = [];
  for (const utxo of net.utxos) {
    if (!inUtxoSet(utxo, 'P') || !ownedByAny(utxo, keys)) continue;
    const bucket = bucketOf(utxo);
    if (!bucket) continue;
    const amount = utxo.output.type === 'secpTransfer' || utxo.output.type === 'lockOut' ? utxo.output.amount : 0n;
    sums[bucket].set(utxo.assetId, (sums[bucket].get(utxo.assetId) ?? 0n) + amount);
    utxoIDs.push({ txID: utxo.txId, outputIndex: utxo.outputIndex });
  }
  const total = new Map<string, bigint>();
  for (const map of Object.values(sums)) for (const [asset, amount] of map) total.set(asset, (total.get(asset) ?? 0n) + amount);
  const json = (map: Map<string, bigint>) => Object.fromEntries([...map].map(([asset, amount]) => [asset, amount.toString()]));
  const avax = (map: Map<string, bigint>) => (map.get(net.avaxAssetId) ?? 0n).toString();
  return {
    balance: avax(total),
    unlocked: avax(sums.unlocked),
    lockedStakeable: avax(sums.lockedStakeable),
    lockedNotStakeable: avax(sums.lockedNotStakeable),
    balances: json(total),
    unlockeds: json(sums.unlocked),
    lockedStakeables: json(sums.lockedStakeable),
    lockedNotStakeables: json(sums.lockedNotStakeable),
    utxoIDs,
  };
}

function blockResult(net: PrimaryNetwork, block: PBlock, args: Args): Record<string, unknown> {
  const encoding = encodingArg(args);
  return { block: encoding === 'json' ? new PTxFormatter(net).block(block) : encodeBytes(block.bytes, encoding), encoding };
}

function blockchainStatus(net: PrimaryNetwork, value: string): string {
  if (value === '') throw serverError("argument 'blockchainID' not given");
  const alias = value === 'X' || value === 'P' || value === 'C' ? value : aliasOfChainId(net, value);
  if (alias) return 'Validating';
  if (cb58Decode(value)?.length !== 32) throw serverError(`problem parsing blockchainID "${value}": invalid input checksum`);
  const record = net.blockchains.find((b) => b.id === value);
  if (record) return record.status;
  return value === net.preferredBlockchainId ? 'Preferred' : 'Unknown';
}

export function platformMethods(netOf: () => PrimaryNetwork): Record<string, RpcMethod> {
  return {
    'platform.getBalance': (params) => getBalance(netOf(), argsOf(params)),
    'platform.getBlock': (params) => {
      const net = netOf();
      const args = argsOf(params);
      const blockId = idArg(args, 'blockID');
      encodingArg(args);
      const block = net.p.blocks.find((b) => b.id === blockId);
      if (!block) throw serverError(`couldn't get block with id ${blockId}: not found`);
      return blockResult(net, block, args);
    },
    'platform.getBlockByHeight': (params) => {
      const net = netOf();
      const args = argsOf(params);
      const height = uintArg(args, 'height');
      encodingArg(args);
      const block = net.p.blocks[height];
      if (!block) throw serverError(`couldn't get block at height ${height}: not found`);
      return blockResult(net, block, args);
    },
    'platform.getBlockchains': () => {
      const net = netOf();
      // Subnets' chains first, then the primary network's, as AvalancheGo lists them.
      const ordered = [...net.blockchains.filter((b) => b.subnetId !== EMPTY_ID), ...net.blockchains.filter((b) => b.subnetId === EMPTY_ID)];
      return { blockchains: ordered.map((b) => ({ id: b.id, name: b.name, subnetID: b.subnetId, vmID: b.vmId })) };
    },
    'platform.getBlockchainStatus': (params) => ({ status: blockchainStatus(netOf(), stringArg(argsOf(params), 'blockchainID')) }),
    'platform.getCurrentSupply': (params) => {
      const net = netOf();
      const subnetId = idArg(argsOf(params), 'subnetID');
      if (subnetId !== EMPTY_ID) throw serverError('fetching current supply failed: not found');
      return { supply: net.p.currentSupply.toString(), height: String(net.p.blocks.length - 1) };
    },
    'platform.getCurrentValidators': (params) => {
      const args = argsOf(params);
      return { validators: currentValidators(netOf(), idArg(args, 'subnetID'), nodeIdsArg(args, 'nodeIDs')) };
    },
    'platform.getHeight': () => ({ height: String(netOf().p.blocks.length - 1) }),
    'platform.getTxStatus': (params) => ({ status: netOf().p.txsById.has(idArg(argsOf(params), 'txID')) ? 'Committed' : 'Unknown' }),
    'platform.getUTXOs': (params) => getUtxos(netOf(), 'P', argsOf(params)),
  };
}
