/**
 * Transaction types of the primary network's chains and the checks of the filters that name them:
 * one enum for the P-, X- and C-Chain (the Data API's `PrimaryNetworkTxType`), with UNKNOWN for a
 * type this gateway does not know yet (output only), and which types each chain has.
 */
import { badInput } from '../../errors.js';
import type { PrimaryChainAlias } from '@avalanche-graph/identity';
import { enumName, upstreamEnum } from '../common/enums.js';

/** Wire value → what it is, in the description's order; each value's GraphQL name is its `enumName`. */
const TX_TYPES = {
  AddValidatorTx: 'P-Chain: adds a primary-network validator (before Durango).',
  AddSubnetValidatorTx: 'P-Chain: adds a validator to a permissioned subnet.',
  AddDelegatorTx: 'P-Chain: delegates stake to a primary-network validator (before Durango).',
  CreateChainTx: 'P-Chain: creates a blockchain in a subnet.',
  CreateSubnetTx: 'P-Chain: creates a subnet.',
  ImportTx: 'Imports UTXOs another chain exported to this one.',
  ExportTx: 'Exports UTXOs to another chain of the primary network.',
  AdvanceTimeTx: 'P-Chain: advances the chain time (before Banff).',
  RewardValidatorTx: 'P-Chain: ends a staking period and pays its rewards.',
  RemoveSubnetValidatorTx: 'P-Chain: removes a validator from a permissioned subnet.',
  TransformSubnetTx: 'P-Chain: makes a subnet permissionless (elastic).',
  AddPermissionlessValidatorTx: 'P-Chain: adds a validator to the primary network or an elastic subnet.',
  AddPermissionlessDelegatorTx: 'P-Chain: delegates to a validator of the primary network or an elastic subnet.',
  BaseTx: 'A plain transfer of assets.',
  TransferSubnetOwnershipTx: 'P-Chain: hands a subnet to new owners.',
  ConvertSubnetToL1Tx: 'P-Chain: converts a subnet into an L1 with its first validators.',
  RegisterL1ValidatorTx: 'P-Chain: registers a validator of an L1.',
  SetL1ValidatorWeightTx: 'P-Chain: changes (or zeroes) an L1 validator\'s weight.',
  DisableL1ValidatorTx: 'P-Chain: disables an L1 validator and returns its balance.',
  IncreaseL1ValidatorBalanceTx: 'P-Chain: tops up an L1 validator\'s balance.',
  CreateAssetTx: 'X-Chain: creates an asset.',
  OperationTx: 'X-Chain: mints more of an asset or NFTs.',
} as const;

export type WireTxType = keyof typeof TX_TYPES;
const WIRE_TX_TYPES = Object.keys(TX_TYPES) as WireTxType[];

export const PrimaryNetworkTxType = upstreamEnum('PrimaryNetworkTxType', {
  description: 'The type of a transaction of the P-, X- or C-Chain.',
  values: TX_TYPES,
  unknown: 'A type this gateway does not know yet (not accepted as a filter).',
});

const X_TX_TYPES: readonly WireTxType[] = ['BaseTx', 'CreateAssetTx', 'OperationTx', 'ImportTx', 'ExportTx'];
const C_TX_TYPES: readonly WireTxType[] = ['ImportTx', 'ExportTx'];
const P_TX_TYPES: readonly WireTxType[] = WIRE_TX_TYPES.filter((t) => t !== 'CreateAssetTx' && t !== 'OperationTx');

/** The types a chain's transactions have. */
export const TX_TYPES_OF: Record<PrimaryChainAlias, readonly WireTxType[]> = { P: P_TX_TYPES, X: X_TX_TYPES, C: C_TX_TYPES };

/** Most types one filter names (every type of the P-Chain). */
export const MAX_TX_TYPES = WIRE_TX_TYPES.length;

/** A `txTypes` filter for one chain: no UNKNOWN, no type the chain does not have; undefined when empty. */
export function txTypesArg(argument: string, values: readonly string[] | null | undefined, chain: PrimaryChainAlias): WireTxType[] | undefined {
  if (values == null) return undefined;
  if (values.length === 0) throw badInput(argument, 'give at least one type, or omit the argument for every type');
  const allowed = TX_TYPES_OF[chain];
  return [...new Set(values)].map((value, i) => {
    if (value === 'UNKNOWN') throw badInput(`${argument}[${i}]`, 'UNKNOWN is not a type to filter by');
    if (!(allowed as readonly string[]).includes(value)) {
      throw badInput(`${argument}[${i}]`, `${enumName(value)} is not a transaction type of the ${chain}-Chain (one of ${allowed.map(enumName).join(', ')})`);
    }
    return value as WireTxType;
  });
}

/** A `startTimestamp`/`endTimestamp` pair: the end not before the start. */
export function timeRangeArg(args: { startTimestamp?: number | null; endTimestamp?: number | null }): { startTimestamp?: number; endTimestamp?: number } {
  const startTimestamp = args.startTimestamp ?? undefined;
  const endTimestamp = args.endTimestamp ?? undefined;
  if (startTimestamp !== undefined && endTimestamp !== undefined && endTimestamp < startTimestamp) {
    throw badInput('endTimestamp', `must not be before startTimestamp (${startTimestamp}), got ${endTimestamp}`);
  }
  return { startTimestamp, endTimestamp };
}
