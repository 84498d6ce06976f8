/**
 * Staking and L1 validator metrics of the metrics service (v2): a network's daily staking series
 * (`Network.stakingMetrics`), the continuous fees L1 validators pay (in total, per validation, per
 * node, per L1: root fields, and on `L1Validator`), and the reward addresses of the validations of a
 * time range (`Network.validatorRewardAddresses`).
 */
import type { ArgBuilder } from '@pothos/core';
import { builder, type Types } from '../../builder.js';
import { PRIMARY_NETWORK_SUBNET_ID } from '@avalanche-graph/identity';
import type { WirePChainAddressDetails } from '../../upstream/metrics/v2-types.js';
import type { WireMetricPoint } from '../../upstream/metrics/types.js';
import { connectionArgs, connectionType } from '../common/connection.js';
import { dataApiNetwork } from '../common/network-names.js';
import { fieldGuard } from '../common/guards.js';
import { L1Validator, l1NodeIdOf, validationIdOf } from '../validator/l1-validator.js';
import { MetricPoint, MetricPointConnection } from './metrics.js';
import { Network } from '../network/network.js';
import { serves } from '../common/operations.js';
import { cb58Id, nodeId } from '../common/validate.js';
import { L1NodeFeeMetric, L1ValidationFeeMetric, L1ValidatorFeeMetric, StakingMetric, SubnetFeeMetric } from './enums.js';
import { ADDRESS_PAGE, checkRange, rangeArgs, SERIES_PAGE, expiredToken, type RangeArgs } from './shared.js';
import { upstreamList } from '../common/upstream-list.js';


const FEE_SERIES = 'one point per day, newest first; the service sends the whole range at once.';

/** A subnet id argument, defaulting to the primary network's. */
const subnetArg = (t: { arg: ArgBuilder<Types> }, description: string) =>
  t.arg.string({ required: false, defaultValue: PRIMARY_NETWORK_SUBNET_ID, description });

/** The subnet (default the primary network's) and time range of a subnet's series, checked: the range first. */
const subnetRange = (args: RangeArgs & { subnetId?: string | null }) => ({
  range: checkRange(args),
  subnetId: cb58Id('subnetId', args.subnetId ?? PRIMARY_NETWORK_SUBNET_ID),
});

builder.objectFields(Network, (t) => ({
  stakingMetrics: t.checkedField({
    type: MetricPointConnection,
    nullable: true,
    description:
      'A daily staking metric of a subnet of this network, newest day first (metrics service `GET /v2/networks/{network}/metrics/{metric}`). Cursors expire with the service\'s page tokens: an expired `after` or `before` is a BAD_USER_INPUT error asking to start again.',
    args: {
      metric: t.arg({ type: StakingMetric, required: true, description: 'Which metric.' }),
      subnetId: subnetArg(t, 'The subnet (cb58 id); default the primary network.'),
      ...rangeArgs(t),
      ...connectionArgs(t, SERIES_PAGE),
    },
    extensions: serves('metrics:getStakingMetrics'),
    check: subnetRange,
    resolve: (network, { range, subnetId }, args, ctx) =>
      upstreamList(args, {
        name: 'stakingMetrics',
        page: SERIES_PAGE,
        path: [dataApiNetwork(network.name), args.metric],
        query: { ...range, subnetId },
        read: (network, metric, query) => ctx.upstreams.metrics.v2.getStakingMetrics(network, metric, query),
        items: (page) => page.results ?? [],
        readError: expiredToken,
      }),
  }),
  validatorRewardAddresses: t.checkedField({
    type: ValidationRewardAddressesConnection,
    nullable: true,
    description:
      'The validations of a subnet of this network that were validating in a time range, with the addresses set to receive their rewards, oldest AddValidatorTx first (metrics service `GET /v2/subnets/{subnetId}/validators:getAddresses`).',
    args: {
      subnetId: subnetArg(t, 'The subnet (cb58 id); default the primary network.'),
      ...rangeArgs(t),
      ...connectionArgs(t, ADDRESS_PAGE),
    },
    extensions: serves('metrics:getValidatorsByDateRange'),
    check: subnetRange,
    resolve: (network, { range, subnetId }, args, ctx) =>
      upstreamList(args, {
        name: 'validatorRewardAddresses',
        page: ADDRESS_PAGE,
        path: [subnetId],
        query: { ...range, network: dataApiNetwork(network.name) },
        read: (subnetId, query) => ctx.upstreams.metrics.v2.getValidatorsByDateRange(subnetId, query),
        items: (page) => page.addresses ?? [],
        readError: expiredToken,
      }),
  }),
}));

export const ValidationRewardAddresses = builder.objectRef<WirePChainAddressDetails>('ValidationRewardAddresses').implement({
  description: 'A validation of a time range and the P-Chain addresses set to receive its rewards.',
  fields: (t) => ({
    addresses: t.exposeStringList('addresses', { description: 'The reward addresses (bech32, without a chain prefix, e.g. avax1...).' }),
    sortKey: t.exposeString('sortKey', { description: 'The service\'s sort key for this row, as it sent it (the AddValidatorTx time).' }),
    addValidatorTimestamp: t.field({
      type: 'Timestamp',
      nullable: true,
      description: 'When the validation\'s AddValidatorTx was accepted (Unix seconds), read from `sortKey`; null when that is not a timestamp.',
      resolve: (row) => (/^\d{1,15}$/.test(row.sortKey) ? Number(row.sortKey) : null),
    }),
  }),
});

export const ValidationRewardAddressesConnection = connectionType<WirePChainAddressDetails>(
  'ValidationRewardAddresses',
  ValidationRewardAddresses,
  'A page of validations with their reward addresses, oldest first.',
);

const points = async (answer: Promise<{ results?: WireMetricPoint[] }>) => (await answer).results ?? [];

/** The extensions of a fee series field: one call for at most 400 points, and the operation it serves. */
const feeSeries = (operation: Parameters<typeof serves>[0]) => ({
  ...fieldGuard({ upstreamCost: 1, listSize: () => 400 }),
  ...serves(operation),
});

builder.queryFields((t) => ({
  l1ValidatorFeeMetrics: t.checkedField({
    type: [MetricPoint],
    nullable: true,
    description: `A continuous-fee metric over all L1 validators (metrics service \`GET /v2/validators/metrics/{metric}\`), ${FEE_SERIES}`,
    args: { metric: t.arg({ type: L1ValidatorFeeMetric, required: true, description: 'Which metric.' }), ...rangeArgs(t) },
    extensions: feeSeries('metrics:getTotalL1ValidatorMetrics'),
    check: checkRange,
    resolve: (_, range, args, ctx) => points(ctx.upstreams.metrics.v2.getTotalL1ValidatorMetrics(args.metric, range)),
  }),
  l1ValidationFeeMetrics: t.checkedField({
    type: [MetricPoint],
    nullable: true,
    description: `A continuous-fee metric of one L1 validation (metrics service \`GET /v2/validation/{l1ValidationId}/metrics/{metric}\`), ${FEE_SERIES}`,
    args: {
      validationId: t.arg.string({ required: true, description: 'The L1 validation id (cb58).' }),
      metric: t.arg({ type: L1ValidationFeeMetric, required: true, description: 'Which metric.' }),
      ...rangeArgs(t),
    },
    extensions: feeSeries('metrics:getMetricsByValidationId'),
    check: (args) => ({ range: checkRange(args), id: cb58Id('validationId', args.validationId) }),
    resolve: (_, { range, id }, args, ctx) => points(ctx.upstreams.metrics.v2.getMetricsByValidationId(id, args.metric, range)),
  }),
  l1NodeFeeMetrics: t.checkedField({
    type: [MetricPoint],
    nullable: true,
    description: `A continuous-fee metric of one L1 validator node, over its validations (metrics service \`GET /v2/validator/{nodeId}/metrics/{metric}\`), ${FEE_SERIES}`,
    args: {
      nodeId: t.arg.string({ required: true, description: 'The node id (NodeID-...).' }),
      metric: t.arg({ type: L1NodeFeeMetric, required: true, description: 'Which metric.' }),
      ...rangeArgs(t),
    },
    extensions: feeSeries('metrics:getMetricsByNodeId'),
    check: (args) => ({ range: checkRange(args), id: nodeId('nodeId', args.nodeId) }),
    resolve: (_, { range, id }, args, ctx) => points(ctx.upstreams.metrics.v2.getMetricsByNodeId(id, args.metric, range)),
  }),
  subnetFeeMetrics: t.checkedField({
    type: [MetricPoint],
    nullable: true,
    description: `A continuous-fee metric of the validators of one L1 (metrics service \`GET /v2/subnet/{subnetId}/metrics/{metric}\`), ${FEE_SERIES}`,
    args: {
      subnetId: t.arg.string({ required: true, description: 'The L1\'s subnet id (cb58).' }),
      metric: t.arg({ type: SubnetFeeMetric, required: true, description: 'Which metric.' }),
      ...rangeArgs(t),
    },
    extensions: feeSeries('metrics:getMetricsBySubnetId'),
    check: (args) => ({ range: checkRange(args), id: cb58Id('subnetId', args.subnetId) }),
    resolve: (_, { range, id }, args, ctx) => points(ctx.upstreams.metrics.v2.getMetricsBySubnetId(id, args.metric, range)),
  }),
}));

builder.objectFields(L1Validator, (t) => ({
  feeMetrics: t.checkedField({
    type: [MetricPoint],
    nullable: true,
    description: `A continuous-fee metric of this validation (metrics service \`GET /v2/validation/{l1ValidationId}/metrics/{metric}\`), ${FEE_SERIES}`,
    args: { metric: t.arg({ type: L1ValidationFeeMetric, required: true, description: 'Which metric.' }), ...rangeArgs(t) },
    extensions: feeSeries('metrics:getMetricsByValidationId'),
    check: checkRange,
    resolve: (v, range, args, ctx) => points(ctx.upstreams.metrics.v2.getMetricsByValidationId(validationIdOf(v), args.metric, range)),
  }),
  nodeFeeMetrics: t.checkedField({
    type: [MetricPoint],
    nullable: true,
    description: `A continuous-fee metric of this validator's node over all its L1 validations (metrics service \`GET /v2/validator/{nodeId}/metrics/{metric}\`), ${FEE_SERIES}`,
    args: { metric: t.arg({ type: L1NodeFeeMetric, required: true, description: 'Which metric.' }), ...rangeArgs(t) },
    extensions: feeSeries('metrics:getMetricsByNodeId'),
    check: checkRange,
    resolve: (v, range, args, ctx) => points(ctx.upstreams.metrics.v2.getMetricsByNodeId(l1NodeIdOf(v), args.metric, range)),
  }),
}));
