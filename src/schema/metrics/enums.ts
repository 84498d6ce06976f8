/**
 * Enums of the metrics service's v2 routes. Input enums list exactly what the service accepts (their
 * values are the wire names); the one output enum has UNKNOWN for values the service adds later.
 */
import { builder } from '../../builder.js';
import { upstreamEnum } from '../common/enums.js';

/** Metrics the service serves at every interval; the others only per day. */
export const ANY_INTERVAL_METRICS: ReadonlySet<string> = new Set(['activeAddresses', 'activeSenders', 'gasUsed', 'txCount']);

export const ChainMetric = builder.enumType('ChainMetric', {
  description: 'A metric of an EVM chain, per time interval. Only TX_COUNT, GAS_USED, ACTIVE_ADDRESSES and ACTIVE_SENDERS are served per hour, week or month; the others per day only.',
  values: {
    ACTIVE_ADDRESSES: { value: 'activeAddresses', description: 'Distinct addresses seen as sender or recipient of a transaction or token transfer in the interval.' },
    ACTIVE_SENDERS: { value: 'activeSenders', description: 'Distinct addresses seen as sender of a transaction or token transfer in the interval.' },
    CUMULATIVE_TX_COUNT: { value: 'cumulativeTxCount', description: 'Transactions since genesis, up to the end of the day.' },
    CUMULATIVE_ADDRESSES: { value: 'cumulativeAddresses', description: 'Distinct addresses since genesis, up to the end of the day.' },
    CUMULATIVE_CONTRACTS: { value: 'cumulativeContracts', description: 'Contracts created since genesis, up to the day.' },
    CUMULATIVE_DEPLOYERS: { value: 'cumulativeDeployers', description: 'Distinct contract deployers since genesis, up to the end of the day.' },
    CONTRACTS: { value: 'contracts', description: 'Contracts created in the day.' },
    DEPLOYERS: { value: 'deployers', description: 'Distinct contract deployers in the day.' },
    GAS_USED: { value: 'gasUsed', description: 'Gas used by the interval\'s transactions.' },
    TX_COUNT: { value: 'txCount', description: 'Transactions in the interval.' },
    AVG_GPS: { value: 'avgGps', description: 'Average gas used per second over the day.' },
    MAX_GPS: { value: 'maxGps', description: 'Highest gas used per second of one block in the day.' },
    AVG_TPS: { value: 'avgTps', description: 'Average transactions per second over the day.' },
    MAX_TPS: { value: 'maxTps', description: 'Highest transactions per second of one block in the day.' },
    AVG_GAS_PRICE: { value: 'avgGasPrice', description: 'Average gas price of the day\'s transaction receipts (wei).' },
    MAX_GAS_PRICE: { value: 'maxGasPrice', description: 'Highest gas price of the day\'s transaction receipts (wei).' },
    FEES_PAID: { value: 'feesPaid', description: 'Transaction fees paid in the day (gas used times gas price, wei).' },
  } as const,
});

export const ChainRollingMetric = builder.enumType('ChainRollingMetric', {
  description: 'A metric of an EVM chain over trailing windows (last hour to all time).',
  values: {
    GAS_USED: { value: 'gasUsed', description: 'Gas used.' },
    TX_COUNT: { value: 'txCount', description: 'Transactions.' },
    AVG_GPS: { value: 'avgGps', description: 'Average gas used per second.' },
    MAX_GPS: { value: 'maxGps', description: 'Highest gas used per second of one block.' },
    AVG_TPS: { value: 'avgTps', description: 'Average transactions per second.' },
    MAX_TPS: { value: 'maxTps', description: 'Highest transactions per second of one block.' },
    AVG_GAS_PRICE: { value: 'avgGasPrice', description: 'Average gas price (wei).' },
    MAX_GAS_PRICE: { value: 'maxGasPrice', description: 'Highest gas price (wei).' },
    FEES_PAID: { value: 'feesPaid', description: 'Transaction fees paid (wei).' },
    CONTRACTS: { value: 'contracts', description: 'Contracts created.' },
    DEPLOYERS: { value: 'deployers', description: 'Distinct contract deployers.' },
    ACTIVE_ADDRESSES: { value: 'activeAddresses', description: 'Distinct active addresses (last hour, day and week only).' },
    ACTIVE_SENDERS: { value: 'activeSenders', description: 'Distinct sending addresses (last hour, day and week only).' },
  } as const,
});

export const MetricTimeInterval = builder.enumType('MetricTimeInterval', {
  description: 'The interval one point of a metric series covers; a point\'s timestamp is the interval\'s start (UTC).',
  values: {
    HOUR: { value: 'hour', description: 'One hour.' },
    DAY: { value: 'day', description: 'One day, from 00:00 UTC.' },
    WEEK: { value: 'week', description: 'One week, from Monday 00:00 UTC.' },
    MONTH: { value: 'month', description: 'One calendar month, from the 1st 00:00 UTC.' },
  } as const,
});

export const StakingMetric = builder.enumType('StakingMetric', {
  description: 'A daily staking metric of a subnet (the primary network by default).',
  values: {
    DELEGATOR_COUNT: { value: 'delegatorCount', description: 'Delegations staking that day.' },
    DELEGATOR_WEIGHT: { value: 'delegatorWeight', description: 'Stake of the delegations staking that day (nAVAX).' },
    VALIDATOR_COUNT: { value: 'validatorCount', description: 'Validators validating that day.' },
    VALIDATOR_WEIGHT: { value: 'validatorWeight', description: 'Weight of the validators validating that day (nAVAX stake on the primary network; the L1\'s own units on an L1).' },
  } as const,
});

export const L1ValidatorFeeMetric = builder.enumType('L1ValidatorFeeMetric', {
  description: 'A daily fee metric over all L1 validators.',
  values: {
    TOTAL_CUMULATIVE_FEES: { value: 'totalCumulativeFeesDaily', description: 'Continuous fees paid by all L1 validators up to the day (nAVAX).' },
    TOTAL_VALIDATOR_FEES: { value: 'totalValidatorFeesDaily', description: 'Continuous fees paid by all L1 validators in the day (nAVAX).' },
    TOTAL_PAYING_VALIDATORS: { value: 'totalPayingValidatorsDaily', description: 'L1 validators that paid the continuous fee in the day.' },
  } as const,
});

export const L1ValidationFeeMetric = builder.enumType('L1ValidationFeeMetric', {
  description: 'A daily fee metric of one L1 validation (by validation id).',
  values: {
    CUMULATIVE_FEES: { value: 'validationCumulativeFeesDaily', description: 'Continuous fees the validation paid up to the day (nAVAX).' },
    DAILY_FEES: { value: 'validationFeesDaily', description: 'Continuous fees the validation paid in the day (nAVAX).' },
  } as const,
});

export const L1NodeFeeMetric = builder.enumType('L1NodeFeeMetric', {
  description: 'A daily fee metric of one L1 validator node (by node id, over its validations).',
  values: {
    CUMULATIVE_FEES: { value: 'perNodeCumulativeFeesPaid', description: 'Continuous fees the node\'s validations paid up to the day (nAVAX).' },
    DAILY_FEES: { value: 'perNodeDailyFeesPaid', description: 'Continuous fees the node\'s validations paid in the day (nAVAX).' },
  } as const,
});

export const SubnetFeeMetric = builder.enumType('SubnetFeeMetric', {
  description: 'A daily fee metric of the validators of one L1 (by subnet id).',
  values: {
    DAILY_FEES: { value: 'perSubnetDailyFeesPaid', description: 'Continuous fees the L1\'s validators paid in the day (nAVAX).' },
    CUMULATIVE_FEES: { value: 'perSubnetCumulativeFeesPaid', description: 'Continuous fees the L1\'s validators paid up to the day (nAVAX).' },
    PAYING_VALIDATORS: { value: 'perSubnetPayingValidators', description: 'The L1\'s validators that paid the continuous fee in the day.' },
  } as const,
});

export const IcmGroupBy = builder.enumType('IcmGroupBy', {
  description: 'How ICM message counts are broken down.',
  values: {
    SOURCE: { value: 'srcBlockchainId', description: 'One count per source blockchain.' },
    DESTINATION: { value: 'destBlockchainId', description: 'One count per destination blockchain.' },
    SOURCE_AND_DESTINATION: { value: 'srcBlockchainId,destBlockchainId', description: 'One count per source and destination pair.' },
  } as const,
});

export const MetricsNetworkType = upstreamEnum('MetricsNetworkType', {
  description: 'The network of a chain the metrics service covers.',
  values: {
    MAINNET: { value: 'mainnet', description: 'Avalanche mainnet.' },
    TESTNET: { value: 'testnet', description: 'The Fuji test network.' },
  },
  unknown: 'A network value this gateway does not know yet.',
});
