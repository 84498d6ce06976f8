/**
 * Enums of the metrics service's v2 routes. Input enums list exactly what the service accepts (their
 * values are the wire names); the one output enum has UNKNOWN for values the service adds later.
 */
import { builder } from '../../builder.js';
import { enumValues, upstreamEnum } from '../common/enums.js';

/** Metrics the service serves at every interval; the others only per day. */
export const ANY_INTERVAL_METRICS: ReadonlySet<string> = new Set(['activeAddresses', 'activeSenders', 'gasUsed', 'txCount']);

export const ChainMetric = builder.enumType('ChainMetric', {
  description: 'A metric of an EVM chain, per time interval. Only TX_COUNT, GAS_USED, ACTIVE_ADDRESSES and ACTIVE_SENDERS are served per hour, week or month; the others per day only.',
  values: enumValues({
    activeAddresses: 'Distinct addresses seen as sender or recipient of a transaction or token transfer in the interval.',
    activeSenders: 'Distinct addresses seen as sender of a transaction or token transfer in the interval.',
    cumulativeTxCount: 'Transactions since genesis, up to the end of the day.',
    cumulativeAddresses: 'Distinct addresses since genesis, up to the end of the day.',
    cumulativeContracts: 'Contracts created since genesis, up to the day.',
    cumulativeDeployers: 'Distinct contract deployers since genesis, up to the end of the day.',
    contracts: 'Contracts created in the day.',
    deployers: 'Distinct contract deployers in the day.',
    gasUsed: 'Gas used by the interval\'s transactions.',
    txCount: 'Transactions in the interval.',
    avgGps: 'Average gas used per second over the day.',
    maxGps: 'Highest gas used per second of one block in the day.',
    avgTps: 'Average transactions per second over the day.',
    maxTps: 'Highest transactions per second of one block in the day.',
    avgGasPrice: 'Average gas price of the day\'s transaction receipts (wei).',
    maxGasPrice: 'Highest gas price of the day\'s transaction receipts (wei).',
    feesPaid: 'Transaction fees paid in the day (gas used times gas price, wei).',
  }),
});

export const ChainRollingMetric = builder.enumType('ChainRollingMetric', {
  description: 'A metric of an EVM chain over trailing windows (last hour to all time).',
  values: enumValues({
    gasUsed: 'Gas used.',
    txCount: 'Transactions.',
    avgGps: 'Average gas used per second.',
    maxGps: 'Highest gas used per second of one block.',
    avgTps: 'Average transactions per second.',
    maxTps: 'Highest transactions per second of one block.',
    avgGasPrice: 'Average gas price (wei).',
    maxGasPrice: 'Highest gas price (wei).',
    feesPaid: 'Transaction fees paid (wei).',
    contracts: 'Contracts created.',
    deployers: 'Distinct contract deployers.',
    activeAddresses: 'Distinct active addresses (last hour, day and week only).',
    activeSenders: 'Distinct sending addresses (last hour, day and week only).',
  }),
});

export const MetricTimeInterval = builder.enumType('MetricTimeInterval', {
  description: 'The interval one point of a metric series covers; a point\'s timestamp is the interval\'s start (UTC).',
  values: enumValues({
    hour: 'One hour.',
    day: 'One day, from 00:00 UTC.',
    week: 'One week, from Monday 00:00 UTC.',
    month: 'One calendar month, from the 1st 00:00 UTC.',
  }),
});

export const StakingMetric = builder.enumType('StakingMetric', {
  description: 'A daily staking metric of a subnet (the primary network by default).',
  values: enumValues({
    delegatorCount: 'Delegations staking that day.',
    delegatorWeight: 'Stake of the delegations staking that day (nAVAX).',
    validatorCount: 'Validators validating that day.',
    validatorWeight: 'Weight of the validators validating that day (nAVAX stake on the primary network; the L1\'s own units on an L1).',
  }),
});

export const L1ValidatorFeeMetric = builder.enumType('L1ValidatorFeeMetric', {
  description: 'A daily fee metric over all L1 validators.',
  values: enumValues({
    totalCumulativeFeesDaily: { name: 'TOTAL_CUMULATIVE_FEES', description: 'Continuous fees paid by all L1 validators up to the day (nAVAX).' },
    totalValidatorFeesDaily: { name: 'TOTAL_VALIDATOR_FEES', description: 'Continuous fees paid by all L1 validators in the day (nAVAX).' },
    totalPayingValidatorsDaily: { name: 'TOTAL_PAYING_VALIDATORS', description: 'L1 validators that paid the continuous fee in the day.' },
  }),
});

export const L1ValidationFeeMetric = builder.enumType('L1ValidationFeeMetric', {
  description: 'A daily fee metric of one L1 validation (by validation id).',
  values: enumValues({
    validationCumulativeFeesDaily: { name: 'CUMULATIVE_FEES', description: 'Continuous fees the validation paid up to the day (nAVAX).' },
    validationFeesDaily: { name: 'DAILY_FEES', description: 'Continuous fees the validation paid in the day (nAVAX).' },
  }),
});

export const L1NodeFeeMetric = builder.enumType('L1NodeFeeMetric', {
  description: 'A daily fee metric of one L1 validator node (by node id, over its validations).',
  values: enumValues({
    perNodeCumulativeFeesPaid: { name: 'CUMULATIVE_FEES', description: 'Continuous fees the node\'s validations paid up to the day (nAVAX).' },
    perNodeDailyFeesPaid: { name: 'DAILY_FEES', description: 'Continuous fees the node\'s validations paid in the day (nAVAX).' },
  }),
});

export const SubnetFeeMetric = builder.enumType('SubnetFeeMetric', {
  description: 'A daily fee metric of the validators of one L1 (by subnet id).',
  values: enumValues({
    perSubnetDailyFeesPaid: { name: 'DAILY_FEES', description: 'Continuous fees the L1\'s validators paid in the day (nAVAX).' },
    perSubnetCumulativeFeesPaid: { name: 'CUMULATIVE_FEES', description: 'Continuous fees the L1\'s validators paid up to the day (nAVAX).' },
    perSubnetPayingValidators: { name: 'PAYING_VALIDATORS', description: 'The L1\'s validators that paid the continuous fee in the day.' },
  }),
});

export const IcmGroupBy = builder.enumType('IcmGroupBy', {
  description: 'How ICM message counts are broken down.',
  values: enumValues({
    srcBlockchainId: { name: 'SOURCE', description: 'One count per source blockchain.' },
    destBlockchainId: { name: 'DESTINATION', description: 'One count per destination blockchain.' },
    'srcBlockchainId,destBlockchainId': { name: 'SOURCE_AND_DESTINATION', description: 'One count per source and destination pair.' },
  }),
});

export const MetricsNetworkType = upstreamEnum('MetricsNetworkType', {
  description: 'The network of a chain the metrics service covers.',
  values: {
    mainnet: 'Avalanche mainnet.',
    testnet: 'The Fuji test network.',
  },
  unknown: 'A network value this gateway does not know yet.',
});
