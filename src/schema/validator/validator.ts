/**
 * Validator: a current validator of the primary network or of an L1, as the P-Chain reports it
 * (`platform.getCurrentValidators`). Lookups by node id made anywhere in one operation are batched
 * into one call per (network, subnet) through the `nodeIDs` parameter.
 */
import { builder } from '../../builder.js';
import type { Context } from '../../context.js';
import { isNetworkKey, type NetworkKey, PRIMARY_NETWORK_SUBNET_ID, isCb58Id, isNodeId } from '@avalanche-graph/identity';
import type { NodeBlsSigner, PDelegator, PValidator } from '../../upstream/node-rpc/staking.js';
import { NetworkName } from '../common/enums.js';
import { networkKey, networkName } from '../common/network-names.js';
import { Network } from '../network/network.js';
import { cb58Id, list, nodeId as nodeIdArg } from '../common/validate.js';
import { OutputOwners } from '../common/outputs.js';
import { fieldGuard, maxItems, typeGuard } from '../common/guards.js';
import { entity, keyString, optionalKeyString } from '../common/federation.js';
import { keyNetwork } from '../blockchain/blockchain.js';
import { nodeIdOf, validatorKey, type ValidatorShape } from './keys.js';
import { refLoad } from '../common/each-key.js';
import { currentValidatorsByNodeId } from '../loaders/validators.js';

const MAX_NODE_IDS = 100;

export const Validator = builder.loadableNodeRef<ValidatorShape, string, string>('Validator', {
  id: { resolve: (v) => validatorKey(v.network, v.subnetId, nodeIdOf(v)) },
  // Through the validator loader: one `platform.getCurrentValidators` per network and subnet for all the node ids of a tick.
  load: refLoad(currentValidatorsByNodeId),
});

/**
 * The P-Chain's record of the validator's current validation: the one it holds, else read through
 * the validator loader (one `platform.getCurrentValidators` per network and subnet for all the
 * validators of the operation). Null when the node is not a current validator of the subnet.
 */
export async function pChainRecord(v: ValidatorShape, ctx: Context): Promise<PValidator | null> {
  if (v.node) return v.node;
  const loaded = await Validator.getDataloader(ctx).load(validatorKey(v.network, v.subnetId, nodeIdOf(v)));
  return loaded?.node ?? null;
}

/** A resolver of a P-Chain member: null when the node is not a current validator. */
const fromPChain =
  <T>(pick: (node: PValidator) => T) =>
  async (v: ValidatorShape, _args: object, ctx: Context): Promise<T | null> => {
    const node = await pChainRecord(v, ctx);
    return node ? pick(node) : null;
  };

export const BlsSigner = builder.objectRef<NodeBlsSigner>('BlsSigner').implement({
  description: 'A validator\'s BLS key, used to sign Warp messages.',
  fields: (t) => ({
    publicKey: t.exposeString('publicKey', { description: 'Compressed BLS public key (0x hex, 48 bytes).' }),
    proofOfPossession: t.string({
      nullable: true,
      description: 'Signature proving possession of the key (0x hex, 96 bytes).',
      resolve: (s) => s.proofOfPossession ?? null,
    }),
  }),
});

interface DelegatorShape {
  network: NetworkKey;
  subnetId: string;
  node: PDelegator;
}

export const CurrentDelegator = builder.objectRef<DelegatorShape>('CurrentDelegator').implement({
  description: 'A current delegation to a primary-network validator, as the P-Chain reports it.',
  fields: (t) => ({
    txId: t.string({ description: 'Id of the delegation transaction (cb58).', resolve: (d) => d.node.txId }),
    nodeId: t.string({ description: 'Node id of the validator delegated to.', resolve: (d) => d.node.nodeId }),
    startTime: t.field({ type: 'Timestamp', nullable: true, description: 'Start of the delegation, Unix seconds.', resolve: (d) => d.node.startTime }),
    endTime: t.field({ type: 'Timestamp', nullable: true, description: 'End of the delegation, Unix seconds.', resolve: (d) => d.node.endTime }),
    weight: t.field({ type: 'BigInt', nullable: true, description: 'Amount delegated, in nAVAX.', resolve: (d) => d.node.weight }),
    rewardOwner: t.field({ type: OutputOwners, nullable: true, description: 'Who receives the delegation reward.', resolve: (d) => d.node.rewardOwner }),
    potentialReward: t.field({
      type: 'BigInt',
      nullable: true,
      description: 'Reward, in nAVAX, if the validator stays up enough until the end.',
      resolve: (d) => d.node.potentialReward,
    }),
    validator: t.field({
      type: Validator,
      nullable: true,
      description: 'The validator delegated to.',
      resolve: (d) => validatorKey(d.network, d.subnetId, d.node.nodeId),
    }),
  }),
});

/** A percentage of the Data API's list row (a decimal string). */
const percent = (value: string | undefined) => {
  const n = value === undefined ? NaN : Number(value);
  return Number.isFinite(n) ? n : null;
};

Validator.implement({
  // Lookups by node id batch into one `platform.getCurrentValidators` per network and subnet.
  extensions: typeGuard({
    loadBatch: MAX_NODE_IDS,
    checkId: (key) => {
      const [network, subnetId, nodeId, extra] = key.split(':');
      if (!isNetworkKey(network) || extra !== undefined) return 'expected <network>:<subnetId>:<nodeId>';
      if (!subnetId || !isCb58Id(subnetId)) return 'the subnet id is not a cb58 id';
      return nodeId && isNodeId(nodeId) ? null : 'the node id is not NodeID- and cb58';
    },
  }),
  description:
    'A validator of the primary network or of an L1, joining the P-Chain\'s view (`platform.getCurrentValidators`: weight, uptime, owners, ...) and the Data API\'s (validation status, stake share, delegation capacity, uptime performance, health, location, rewards). Each source is read only when one of its fields is selected. Read from the P-Chain it is the node\'s current validation; read from `Network.validatorList` it is the listed validation, and the P-Chain fields are those of the node\'s current one (null when it no longer validates). Staking members are null for L1 validators; balance and owner members are null for primary-network ones.',
  fields: (t) => ({
    nodeId: t.string({ description: 'The validator\'s node id (NodeID-...).', resolve: nodeIdOf }),
    subnetId: t.exposeString('subnetId', { description: 'The subnet validated (cb58); the primary network\'s id is 11111111111111111111111111111111LpoYY.' }),
    network: t.field({ type: NetworkName, description: 'The network.', resolve: (v) => networkName(v.network) }),
    txId: t.string({ nullable: true, description: 'Id of the transaction that added the validator (cb58); null for L1 validators.', resolve: fromPChain((w) => w.txId) }),
    validationId: t.string({ nullable: true, description: 'Id of an L1 validation (cb58).', resolve: fromPChain((w) => w.validationId) }),
    startTime: t.field({ type: 'Timestamp', nullable: true, description: 'When it started validating, Unix seconds.', resolve: fromPChain((w) => w.startTime) }),
    endTime: t.field({ type: 'Timestamp', nullable: true, description: 'When it stops validating, Unix seconds; null for L1 validators.', resolve: fromPChain((w) => w.endTime) }),
    weight: t.field({ type: 'BigInt', nullable: true, description: 'Consensus weight (the stake, in nAVAX, on the primary network).', resolve: fromPChain((w) => w.weight) }),
    stakeAmount: t.field({ type: 'BigInt', nullable: true, description: 'Stake as older nodes report it; newer ones report `weight` only.', resolve: fromPChain((w) => w.stakeAmount) }),
    publicKey: t.string({ nullable: true, description: 'Compressed BLS public key of an L1 validator (0x hex).', resolve: fromPChain((w) => w.publicKey) }),
    remainingBalanceOwner: t.field({ type: OutputOwners, nullable: true, description: 'Who receives an L1 validator\'s remaining balance.', resolve: fromPChain((w) => w.remainingBalanceOwner) }),
    deactivationOwner: t.field({ type: OutputOwners, nullable: true, description: 'Who may deactivate an L1 validator.', resolve: fromPChain((w) => w.deactivationOwner) }),
    minNonce: t.field({ type: 'BigInt', nullable: true, description: 'Smallest nonce a weight change of an L1 validator may use.', resolve: fromPChain((w) => w.minNonce) }),
    balance: t.field({ type: 'BigInt', nullable: true, description: 'An L1 validator\'s balance left for its continuous fee, in nAVAX.', resolve: fromPChain((w) => w.balance) }),
    validationRewardOwner: t.field({ type: OutputOwners, nullable: true, description: 'Who receives the validation reward.', resolve: fromPChain((w) => w.validationRewardOwner) }),
    delegationRewardOwner: t.field({ type: OutputOwners, nullable: true, description: 'Who receives the delegation fees.', resolve: fromPChain((w) => w.delegationRewardOwner) }),
    potentialReward: t.field({ type: 'BigInt', nullable: true, description: 'Reward, in nAVAX, if it stays up enough until the end.', resolve: fromPChain((w) => w.potentialReward) }),
    accruedDelegateeReward: t.field({ type: 'BigInt', nullable: true, description: 'Delegation fees earned so far, in nAVAX.', resolve: fromPChain((w) => w.accruedDelegateeReward) }),
    delegationFee: t.float({
      nullable: true,
      description: 'Fee charged on delegators\' rewards, in percent (of the validation the validator was read with: the P-Chain\'s current one, or a Data API list row).',
      resolve: (v, _, ctx) => (v.node || !v.details ? fromPChain((w) => w.delegationFee)(v, _, ctx) : percent(v.details.delegationFee)),
    }),
    uptime: t.float({ nullable: true, description: 'Uptime the answering node observed, in percent.', resolve: fromPChain((w) => w.uptime) }),
    connected: t.boolean({ nullable: true, description: 'True when the answering node is connected to it.', resolve: fromPChain((w) => w.connected) }),
    signer: t.field({
      type: BlsSigner,
      nullable: true,
      description: 'Its BLS key, when it registered one (from the P-Chain, or the Data API\'s `blsCredentials` for a list row).',
      resolve: (v) => (v.node ? v.node.signer : (v.details?.blsCredentials ?? null)),
    }),
    delegatorCount: t.int({
      nullable: true,
      description: 'Number of delegations to the validation it was read with: current ones on the P-Chain; for a Data API list row, those of that validation.',
      resolve: (v) => (v.node ? v.node.delegatorCount : (v.details?.delegatorCount ?? null)),
    }),
    delegatorWeight: t.field({ type: 'BigInt', nullable: true, description: 'Total delegated to it, in nAVAX.', resolve: fromPChain((w) => w.delegatorWeight) }),
    currentDelegators: t.field({
      type: [CurrentDelegator],
      nullable: true,
      description:
        'Its current delegations as the node lists them (the node lists them only for one node id at a time: a validator read with others costs one more call). Null for L1 validators.',
      resolve: async (v, _, ctx) => {
        const node = await pChainRecord(v, ctx);
        if (!node) return null;
        let list = node.delegators;
        if (list === undefined && v.subnetId === PRIMARY_NETWORK_SUBNET_ID) {
          const [alone] = await ctx.upstreams.nodeRpc.pChain(v.network).getCurrentValidators({ nodeIDs: [node.nodeId] });
          list = alone?.delegators;
        }
        return list ? list.map((delegator) => ({ network: v.network, subnetId: v.subnetId, node: delegator })) : null;
      },
    }),
  }),
});

// Federation: a validator is current on one network and one subnet. By `nodeId` alone it is the
// primary-network validator on mainnet; `nodeId subnetId network` names an L1's or Fuji's. Either way
// through the validator loader, so a batch of them is one `platform.getCurrentValidators` per
// network and subnet, as `Network.validators(nodeIds:)` and delegators' links read them.
entity(Validator, {
  keys: ['nodeId', 'nodeId subnetId network'],
  read: (rep, at) => {
    const subnetId = optionalKeyString(rep, 'subnetId', at);
    return validatorKey(
      keyNetwork(rep, at),
      subnetId == null ? PRIMARY_NETWORK_SUBNET_ID : cb58Id(`${at}.subnetId`, subnetId),
      nodeIdArg(`${at}.nodeId`, keyString(rep, 'nodeId', at)),
    );
  },
  resolve: (key, ctx) => Validator.getDataloader(ctx).load(key),
});

builder.objectFields(Network, (t) => ({
  validators: t.checkedField({
    type: [Validator],
    nullable: true,
    description: 'Current validators of the primary network or of an L1 (`platform.getCurrentValidators`), optionally only some node ids (unknown ones are left out).',
    args: {
      subnetId: t.arg.string({ required: false, description: 'Subnet (L1) id (cb58); the primary network when omitted.' }),
      nodeIds: t.arg.stringList({ required: false, extensions: maxItems(MAX_NODE_IDS), description: `Only these node ids (NodeID-...), at most ${MAX_NODE_IDS}.` }),
    },
    // One call lists the whole set (mainnet has about 1,500 primary-network validators).
    extensions: fieldGuard({
      upstreamCost: 1,
      upstreamCostPerItem: 0,
      listSize: (args) => args.nodeIds?.length ?? 2000,
    }),
    check: (args) => ({
      subnetId: args.subnetId != null ? cb58Id('subnetId', args.subnetId) : PRIMARY_NETWORK_SUBNET_ID,
      nodeIds: args.nodeIds != null ? [...new Set(list('nodeIds', args.nodeIds, MAX_NODE_IDS, nodeIdArg))] : null,
    }),
    resolve: async (n, { subnetId, nodeIds }, _args, ctx) => {
      const network = networkKey(n.name);
      if (nodeIds != null) {
        const keys = nodeIds.map((id) => validatorKey(network, subnetId, id));
        const found = await Validator.getDataloader(ctx).loadMany(keys);
        const failed = found.find((v): v is Error => v instanceof Error);
        if (failed) throw failed;
        return found.filter((v): v is ValidatorShape => v !== null);
      }
      const all = await ctx.upstreams.nodeRpc.pChain(network).getCurrentValidators({ subnetID: subnetId === PRIMARY_NETWORK_SUBNET_ID ? undefined : subnetId });
      // Later lookups of these node ids in the same operation need no call.
      return all.map((node) => {
        const shape = { network, subnetId, node };
        Validator.getDataloader(ctx).prime(validatorKey(network, subnetId, node.nodeId), shape);
        return shape;
      });
    },
  }),
  validator: t.checkedField({
    type: Validator,
    nullable: true,
    description: 'A current validator by node id (`platform.getCurrentValidators`); null when the node id is not a current validator of the subnet.',
    args: {
      nodeId: t.arg.string({ required: true, description: 'Node id (NodeID-...).' }),
      subnetId: t.arg.string({ required: false, description: 'Subnet (L1) id (cb58); the primary network when omitted.' }),
    },
    check: (args) => ({
      nodeId: nodeIdArg('nodeId', args.nodeId),
      subnetId: args.subnetId != null ? cb58Id('subnetId', args.subnetId) : PRIMARY_NETWORK_SUBNET_ID,
    }),
    resolve: (n, { nodeId, subnetId }) => validatorKey(networkKey(n.name), subnetId, nodeId),
  }),
}));
