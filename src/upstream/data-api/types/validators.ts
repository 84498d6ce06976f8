/**
 * Wire shapes of the Data API's validator and subnet endpoints (`/v1/networks/{network}/validators`,
 * `/subnets`, `/l1Validators`), by its official description: amounts as decimal strings, times as
 * Unix seconds, an L1 validator's weight and balance as JSON numbers.
 */
import type { DataApiQuery, DataApiSchema, ListQuery } from '@avalanche-graph/wire-types';
import type { VariantList } from './variants.js';

export type WireValidationStatus = DataApiSchema<'ValidationStatusType'>;
export type WireValidatorSortBy = DataApiSchema<'SortByOption'>;
export type WireValidatorRewards = DataApiSchema<'Rewards'>;
export type WireValidatorHealth = DataApiSchema<'ValidatorHealthDetails'>;

export type WireListValidatorDetailsResponse = VariantList<DataApiSchema<'ListValidatorDetailsResponse'>, 'validators'>;
/**
 * One validation of a node, in the variant of its `validationStatus`: `active` (stake share, uptime,
 * health, capacity, potential rewards), `pending`, `completed` (rewards paid) or `removed` (the
 * transaction that removed a permissioned subnet validator).
 */
export type WireValidatorDetails = WireListValidatorDetailsResponse['validators'][number];

export type WireListValidatorsQuery = ListQuery<DataApiQuery<'listValidators'>, 'nodeIds'>;

export type WireSingleValidatorQuery = DataApiQuery<'getSingleValidatorDetails'>;
export type WireL1ValidatorDetails = DataApiSchema<'L1ValidatorDetailsFull'>;
export type WireListL1ValidatorsQuery = DataApiQuery<'listL1Validators'>;
