/**
 * Validators shared within a request: the P-Chain's current validators (batched by node ids), the
 * Data API's active validations of a node, and its records of L1 validations (read by subnet).
 */
import DataLoader from 'dataloader';
import type { Context } from '../../context.js';
import { PRIMARY_NETWORK_SUBNET_ID, type NetworkKey } from '@avalanche-graph/identity';
import type { WireL1ValidatorDetails, WireValidatorDetails } from '../../upstream/data-api/types/validators.js';
import type { PValidator } from '../../upstream/node-rpc/staking.js';
import { dataApiNetwork, networkName } from '../common/network-names.js';
import type { ValidatorShape } from '../validator/keys.js';
import { eachKey, type BatchRead } from '../common/each-key.js';

/**
 * Current validators by `<network>:<subnetId>:<nodeId>`: one `platform.getCurrentValidators` per
 * (network, subnet) for all the node ids asked in one tick, through its `nodeIDs` parameter. Null
 * for a node id that is not a current validator of the subnet. The `Validator` ref's read.
 */
export const currentValidatorsByNodeId: BatchRead<ValidatorShape> = async (keys, ctx) => {
    const groups = new Map<string, { network: NetworkKey; subnetId: string; nodeIds: Set<string> }>();
    const parsed = keys.map((key) => {
      const [network, subnetId, nodeId] = key.split(':') as [NetworkKey, string, string];
      const group = `${network}:${subnetId}`;
      if (!groups.has(group)) groups.set(group, { network, subnetId, nodeIds: new Set() });
      groups.get(group)!.nodeIds.add(nodeId);
      return { group, nodeId };
    });
    const answers = new Map<string, Promise<Map<string, PValidator>>>();
    for (const [name, g] of groups) {
      answers.set(
        name,
        ctx.upstreams.nodeRpc
          .pChain(g.network)
          .getCurrentValidators({ subnetID: g.subnetId === PRIMARY_NETWORK_SUBNET_ID ? undefined : g.subnetId, nodeIDs: [...g.nodeIds] })
          .then((validators) => new Map(validators.map((v) => [v.nodeId, v]))),
      );
    }
    return eachKey(parsed, async ({ group, nodeId }) => {
      const g = groups.get(group)!;
      const node = (await answers.get(group)!).get(nodeId);
      return node ? { network: g.network, subnetId: g.subnetId, node } : null;
    });
  };

/** A node's active validations by `<network>|<nodeId>`: one `getSingleValidatorDetails` per node. */
export const activeValidationsByNodeId = (ctx: Context) =>
  new DataLoader<string, WireValidatorDetails[]>((keys) =>
    eachKey(keys, async (key) => {
      const [network, nodeId] = key.split('|') as [NetworkKey, string];
      const page = await ctx.upstreams.dataApi.primaryNetwork.getSingleValidatorDetails(dataApiNetwork(networkName(network)), nodeId, {
        validationStatus: 'active',
        pageSize: 100,
      });
      return page.validators;
    }),
  );

/** Pages of a subnet's L1 validators read to find the validators of an operation. */
const MAX_SUBNET_PAGES = 5;

/**
 * The Data API's records of L1 validations by `<network>|<subnetId>|<validationId>`: one list of
 * the subnet's validators (`listL1Validators`, up to a few pages) per subnet of the batch. With no
 * subnet (`<network>||<validationId>`, a refetch by global id), one list filtered by the validation
 * id. Null for a validation the list does not hold.
 */
export const l1ValidationById = (ctx: Context) =>
  new DataLoader<string, WireL1ValidatorDetails | null>(async (keys) => {
    const bySubnet = new Map<string, Promise<Map<string, WireL1ValidatorDetails>>>();
    const read = async (network: NetworkKey, subnetId: string) => {
      const found = new Map<string, WireL1ValidatorDetails>();
      let pageToken: string | undefined;
      for (let pages = 0; pages < MAX_SUBNET_PAGES; pages++) {
        const page = await ctx.upstreams.dataApi.primaryNetwork.listL1Validators(dataApiNetwork(networkName(network)), {
          subnetId,
          includeInactiveL1Validators: true,
          pageSize: 100,
          pageToken,
        });
        for (const v of page.validators) found.set(v.validationId, v);
        pageToken = page.nextPageToken || undefined;
        if (!pageToken) break;
      }
      return found;
    };
    const alone = async (network: NetworkKey, l1ValidationId: string) => {
      const page = await ctx.upstreams.dataApi.primaryNetwork.listL1Validators(dataApiNetwork(networkName(network)), { l1ValidationId, includeInactiveL1Validators: true });
      return page.validators.find((v) => v.validationId === l1ValidationId) ?? null;
    };
    return eachKey(keys, async (key) => {
      const [network, subnetId, validationId] = key.split('|') as [NetworkKey, string, string];
      if (!subnetId) return alone(network, validationId);
      const group = `${network}|${subnetId}`;
      if (!bySubnet.has(group)) bySubnet.set(group, read(network, subnetId));
      return (await bySubnet.get(group)!).get(validationId) ?? null;
    });
  });
