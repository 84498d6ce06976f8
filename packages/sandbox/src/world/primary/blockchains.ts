/**
 * Blockchains registered on the P-Chain: the X- and C-Chain, every L1 of the EVM world, and a
 * couple of dozen other chains (subnet-EVM and custom VMs) so that listings span several pages.
 * A blockchain's id is the id of the CreateChainTx that created it, as on a real network. An L1 of
 * the EVM world has the genesis of the world's one description of its chain config (see
 * evm/chain-config.ts), so the Data API's `genesisData` and its node's chain config agree.
 */
import { bytesToHex, cb58Encode, toChecksumAddress } from '@avalanche-graph/identity';
import { l1Genesis } from '../evm/chain-config.js';
import { ethBlockForks } from '../evm/upgrades.js';
import type { EvmWorld } from '../evm/types.js';
import type { Rng } from '../rng.js';
import { DAY, EMPTY_ID, HISTORY_START, VM_IDS, WORLD_NOW } from './constants.js';
import { timeBetween, type NetworkContext } from './context.js';
import type { BlockchainRecord } from './types.js';

const NAMES = ['Nebula', 'Granite', 'Orchid', 'Harbor', 'Quartz', 'Aurora', 'Summit', 'Cobalt', 'Meadow', 'Falcon', 'Lumen', 'Tundra', 'Vertex', 'Sierra', 'Juniper', 'Atlas', 'Beacon', 'Cinder', 'Delta', 'Ember', 'Fjord', 'Grove'];
const KINDS = ['Testnet', 'Chain', 'Network', 'L1', 'Devnet'];

function hexQuantity(value: bigint | number): string {
  return `0x${BigInt(value).toString(16)}`;
}

/**
 * A subnet-EVM (or coreth) genesis in the shape the Data API returns it, made up for a chain no
 * simulated node runs (and for the C-Chain, whose coreth genesis predates everything the world models).
 */
export function evmGenesis(rng: Rng, chainId: number, time: number, subnetEvm: boolean): Record<string, unknown> {
  const address = () => toChecksumAddress(bytesToHex(rng.bytes(20)));
  const admins = [address()];
  const config: Record<string, unknown> = {
    chainId,
    ...ethBlockForks(),
  };
  if (subnetEvm) {
    Object.assign(config, {
      subnetEVMTimestamp: 0,
      feeConfig: { gasLimit: 15_000_000, targetBlockRate: 2, minBaseFee: 25_000_000_000, targetGas: 15_000_000, baseFeeChangeDenominator: 36, minBlockGasCost: 0, maxBlockGasCost: 1_000_000, blockGasCostStep: 200_000 },
      allowFeeRecipients: false,
      warpConfig: { blockTimestamp: time, quorumNumerator: 67, requirePrimaryNetworkSigners: false },
      contractDeployerAllowListConfig: { blockTimestamp: time, adminAddresses: admins },
      contractNativeMinterConfig: { blockTimestamp: time, adminAddresses: admins },
    });
  }
  const alloc: Record<string, { balance: string }> = {};
  for (let i = 0; i < 3; i++) alloc[address()] = { balance: hexQuantity(rng.bigint(10n ** 20n, 10n ** 24n)) };
  return {
    config,
    alloc,
    nonce: '0x0',
    timestamp: hexQuantity(time),
    extraData: '0x',
    gasLimit: hexQuantity(subnetEvm ? 15_000_000 : 8_000_000),
    difficulty: '0x0',
    mixHash: bytesToHex(new Uint8Array(32)),
    coinbase: bytesToHex(new Uint8Array(20)),
    number: '0x0',
    gasUsed: '0x0',
    parentHash: bytesToHex(new Uint8Array(32)),
    baseFeePerGas: null,
    blobGasUsed: null,
    excessBlobGas: null,
  };
}

export function createBlockchains(ctx: NetworkContext, rng: Rng, xGenesisBytes: Uint8Array, evm: Pick<EvmWorld, 'l1Config'>): BlockchainRecord[] {
  const records: BlockchainRecord[] = [];
  const base = { createBlockHeight: 0 };
  records.push({ ...base, id: ctx.chainIds.X, name: 'X-Chain', subnetId: EMPTY_ID, vmId: VM_IDS.avm, createdTime: HISTORY_START, genesis: bytesToHex(xGenesisBytes), status: 'Validating' });
  const cChain = ctx.chains.find((c) => c.isCChain)!;
  records.push({
    ...base,
    id: ctx.chainIds.C,
    name: 'C-Chain',
    subnetId: EMPTY_ID,
    vmId: VM_IDS.coreth,
    evmChainId: cChain.evmChainId,
    createdTime: HISTORY_START,
    genesis: evmGenesis(rng, cChain.evmChainId, HISTORY_START, false),
    status: 'Validating',
    chain: cChain,
  });
  for (const chain of ctx.chains.filter((c) => !c.isCChain)) {
    const createdTime = HISTORY_START + rng.int(20 * DAY, 150 * DAY);
    // Its genesis is the world's description of its chain config, not drawn here. The made-up
    // genesis such a chain used to get is still drawn (and dropped) so that the blockchains
    // registered after it keep their ids, names and times, and the P-Chain history built on them.
    evmGenesis(rng, chain.evmChainId, createdTime, true);
    records.push({
      ...base,
      id: chain.blockchainId,
      name: chain.info.chainName,
      subnetId: chain.subnetId,
      vmId: VM_IDS.subnetEvm,
      evmChainId: chain.evmChainId,
      createdTime,
      genesis: l1Genesis(evm.l1Config(chain.evmChainId)!),
      status: 'Syncing',
      chain,
    });
  }
  let subnetId = cb58Encode(rng.bytes(32));
  for (let i = 0; i < 24; i++) {
    if (i === 0 || rng.chance(0.75)) subnetId = cb58Encode(rng.bytes(32));
    const createdTime = timeBetween(rng, HISTORY_START + DAY, WORLD_NOW - DAY);
    const name = `${rng.pick(NAMES)} ${rng.pick(KINDS)}`;
    if (rng.chance(0.6)) {
      let evmChainId = rng.int(100_000, 999_999);
      while (ctx.chains.some((c) => c.evmChainId === evmChainId)) evmChainId = rng.int(100_000, 999_999);
      records.push({ ...base, id: cb58Encode(rng.bytes(32)), name, subnetId, vmId: VM_IDS.subnetEvm, evmChainId, createdTime, genesis: evmGenesis(rng, evmChainId, createdTime, true), status: 'Created' });
    } else {
      records.push({ ...base, id: cb58Encode(rng.bytes(32)), name, subnetId, vmId: cb58Encode(rng.bytes(32)), createdTime, genesis: bytesToHex(rng.bytes(rng.int(40, 120))), status: 'Created' });
    }
  }
  return records;
}
