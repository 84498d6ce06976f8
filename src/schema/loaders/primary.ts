/**
 * Primary-network records of the Data API shared within a request, each by the local id its node
 * id carries (`<network>:...`): transactions, blocks, blockchains, subnets and X-Chain asset
 * details. The service has no batch read of any of them: one call per distinct id, cached long
 * upstream (a hash never changes meaning). An id that names nothing loads as null.
 */
import type { DataApiSchema } from '@avalanche-graph/wire-types';
import DataLoader from 'dataloader';
import type { Context } from '../../context.js';
import { isCb58Id, NETWORKS, isNetworkKey, type NetworkKey } from '@avalanche-graph/identity';
import { checkAssetDetailsKey } from '../asset/keys.js';
import type { BlockchainShape } from '../blockchain/keys.js';
import { parseBlockKey, type PrimaryBlockShape } from '../block/keys.js';
import type { SubnetShape } from '../subnet/keys.js';
import { parseTxKey, shapeTx, type TxShape } from '../transaction/primary-keys.js';
import { dataApiNetwork, networkName } from '../common/network-names.js';
import { eachKey, type BatchRead } from '../common/each-key.js';

/** P-, X- and C-Chain transactions by `<network>:<p|x|c>:<txHash>` (`getTxByHash`). */
export const primaryTransactionByHash = (ctx: Context) =>
  new DataLoader<string, TxShape | null>((keys) =>
    eachKey(keys, async (key) => {
      const parsed = parseTxKey(key);
      if (!parsed) return null;
      const wire = await ctx.upstreams.dataApi.primaryNetworkTransactions.getTxByHash(parsed.network, NETWORKS[parsed.network].blockchainIds[parsed.chain], parsed.txHash);
      return wire ? shapeTx(parsed.network, parsed.chain, wire) : null;
    }),
  );

/** P-, X- and C-Chain blocks by `<network>:<p|x|c>:<blockHash>` (`getBlockById`), the `PrimaryNetworkBlock` ref's read. */
export const primaryBlocksByHash: BatchRead<PrimaryBlockShape> = (keys, ctx) =>
    eachKey(keys, async (key) => {
      const parsed = parseBlockKey(key);
      if (!parsed) return null;
      const wire = await ctx.upstreams.dataApi.primaryNetworkBlocks.getBlockById(parsed.network, NETWORKS[parsed.network].blockchainIds[parsed.chain], parsed.hash);
      return wire ? { network: parsed.network, chain: parsed.chain, wire } : null;
    });

/** Blockchains by `<network>:<blockchainId>` (`getBlockchainById`), the `Blockchain` ref's read; a malformed id is an error in its slot. */
export const blockchainsById: BatchRead<BlockchainShape> = (keys, ctx) =>
    eachKey(keys, async (key) => {
      const [network, blockchainId] = key.split(':');
      if (!isNetworkKey(network) || !blockchainId || !isCb58Id(blockchainId)) throw new Error(`Malformed blockchain id ${key}`);
      const wire = await ctx.upstreams.dataApi.primaryNetwork.getBlockchainById(network, blockchainId);
      return wire && { ...wire, network };
    });

/** Subnets by `<network>:<subnetId>` (`getSubnetById`), the `Subnet` ref's read. */
export const subnetsById: BatchRead<SubnetShape> = (keys, ctx) =>
    eachKey(keys, async (key) => {
      const [network, subnetId] = key.split(':') as [NetworkKey, string];
      const wire = await ctx.upstreams.dataApi.primaryNetwork.getSubnetById(dataApiNetwork(networkName(network)), subnetId);
      return wire && { ...wire, network };
    });

/** X-Chain assets as the Data API describes them, by `<network>:<assetId>` (`getAssetDetails`). */
export const assetDetailsById = (ctx: Context) =>
  new DataLoader<string, DataApiSchema<'XChainAssetDetails'> | null>((keys) =>
    eachKey(keys, async (key) => {
      if (checkAssetDetailsKey(key) !== null) return null;
      const [network, assetId] = key.split(':') as [NetworkKey, string];
      return ctx.upstreams.dataApi.primaryNetwork.getAssetDetails(network, NETWORKS[network].blockchainIds.X, assetId);
    }),
  );
