/**
 * Links between the P-Chain's view of validators (node RPC) and the Data API's staking history:
 * a validator's delegations and rewards, and the (current) validator of a delegation or a reward,
 * looked up through the batched validator loader.
 */
import { builder } from '../../builder.js';
import { parseBech32Address, networkOfHrp, type NetworkKey, PRIMARY_NETWORK_SUBNET_ID } from '@avalanche-graph/identity';
import { connectionArgs } from '../common/connection.js';
import { emptyConnection } from '../common/pagination.js';
import { Delegator, DelegatorConnection } from '../delegator/delegators.js';
import { DELEGATOR_PAGE } from '../delegator/keys.js';
import { validatorDelegators } from '../delegator/delegator-batches.js';
import { Currency, DelegationStatus, delegationStatusArg } from '../common/primary-enums.js';
import { HistoricalReward, HistoricalRewardConnection, REWARD_PAGE, rewardsConnection } from '../reward/rewards.js';
import { Validator } from './validator.js';
import { nodeIdOf, validatorKey } from './keys.js';
import { networkName } from '../common/network-names.js';

const EMPTY = emptyConnection();

/** The network of Data API records, read from the hrp of their (bech32) addresses. */
function networkOfAddresses(addresses: readonly string[]): NetworkKey | null {
  const hrp = addresses.length > 0 ? parseBech32Address(addresses[0]!)?.hrp : undefined;
  return (hrp && networkOfHrp(hrp)) || null;
}

builder.objectFields(Validator, (t) => ({
  delegators: t.checkedField({
    type: DelegatorConnection,
    nullable: true,
    description:
      'Delegations to this validator, past and present, from the Data API (`GET /v1/networks/{network}/delegators`); empty for L1 validators. The first pages of the validators of one operation are read together (one call for up to 64 validators).',
    args: {
      status: t.arg({ type: DelegationStatus, required: false, description: 'Only delegations in this status (not UNKNOWN).' }),
      ...connectionArgs(t, DELEGATOR_PAGE),
    },
    check: (args) => delegationStatusArg('status', args.status),
    resolve: (v, delegationStatus, args, ctx) => {
      if (v.subnetId !== PRIMARY_NETWORK_SUBNET_ID) return EMPTY;
      return validatorDelegators(ctx, v.network, nodeIdOf(v), delegationStatus, args);
    },
  }),
  rewards: t.field({
    type: HistoricalRewardConnection,
    nullable: true,
    description: 'Staking rewards paid for stake on this node, from the Data API (`GET /v1/networks/{network}/rewards`); empty for L1 validators.',
    args: {
      currency: t.arg({ type: Currency, required: false, description: 'Currency of the historical prices; USD when omitted.' }),
      ...connectionArgs(t, REWARD_PAGE),
    },
    resolve: (v, args, ctx) => {
      if (v.subnetId !== PRIMARY_NETWORK_SUBNET_ID) return EMPTY;
      return rewardsConnection(ctx, networkName(v.network), { nodeIds: [nodeIdOf(v)], currency: args.currency ?? undefined }, args);
    },
  }),
}));

builder.objectFields(Delegator, (t) => ({
  validator: t.field({
    type: Validator,
    nullable: true,
    description: 'The validator delegated to, while it is a current primary-network validator (lookups of one operation are batched into one node call).',
    resolve: (d) => validatorKey(d.network, PRIMARY_NETWORK_SUBNET_ID, d.nodeId),
  }),
}));

builder.objectFields(HistoricalReward, (t) => ({
  validator: t.field({
    type: Validator,
    nullable: true,
    description: 'The validator staked on, while it is a current primary-network validator (lookups of one operation are batched into one node call).',
    resolve: (r) => {
      const network = networkOfAddresses(r.addresses);
      return network ? validatorKey(network, PRIMARY_NETWORK_SUBNET_ID, r.nodeId) : null;
    },
  }),
}));
