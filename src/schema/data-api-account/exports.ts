/**
 * Transaction export jobs of the caller's key: start one (a mutation) and read its status and the
 * link to its file (a global-id node, `DataApiAccount.exportJob`).
 */
import { builder } from '../../builder.js';
import { badInput } from '../../errors.js';
import type { WireOperationStatus, WireTransactionExportRequest } from '../../upstream/data-api/types/account.js';
import { NetworkName, upstreamEnum } from '../common/enums.js';
import type { NetworkNameValue } from '../common/network-names.js';
import { DEFAULT_NETWORK_NAME, networkKey } from '../common/network-names.js';
import { fieldGuard, maxItems, typeGuard } from '../common/guards.js';
import { serves } from '../common/operations.js';
import { primaryAddresses, primaryChainArg } from '../common/primary-ids.js';
import { evmAddress, evmChainId, list } from '../common/validate.js';
import { DataApiAccount } from './account.js';
import { accountOf, serviceId } from './keys.js';
import { refLoad } from '../common/each-key.js';
import { exportJobsById } from '../loaders/account.js';

const MAX_EXPORT_ADDRESSES = 100;
const MAX_EXPORT_CHAINS = 20;

export const TransactionExportKind = upstreamEnum('TransactionExportKind', {
  description: 'What a transaction export covers.',
  values: {
    TRANSACTION_EXPORT_EVM: { name: 'EVM', description: 'Transactions of EVM addresses on EVM chains.' },
    TRANSACTION_EXPORT_PRIMARY_NETWORK: { name: 'PRIMARY_NETWORK', description: 'All primary-network transactions of the addresses.' },
    TRANSACTION_EXPORT_PRIMARY_NETWORK_STAKING: { name: 'PRIMARY_NETWORK_STAKING', description: 'The addresses\' staking transactions only.' },
    TRANSACTION_EXPORT_PRIMARY_NETWORK_SIMPLE: { name: 'PRIMARY_NETWORK_SIMPLE', description: 'A simplified primary-network export.' },
  },
  unknown: 'A kind of job this gateway does not know yet (not accepted as input).',
});

export const ExportJobStatus = upstreamEnum('ExportJobStatus', {
  description: 'Where an export job stands.',
  values: {
    RUNNING: 'Still running: read it again later.',
    COMPLETED: 'Done: the file is at `downloadUrl`.',
    COMPLETED_WITH_WARNING: 'Done with a warning (see `code`): e.g. truncated, continue from `nextDate`.',
    FAILED: 'Failed (see `code` and `message`).',
  },
  unknown: 'A status this gateway does not know yet.',
});

export const ExportJobCode = upstreamEnum('ExportJobCode', {
  description: 'Why an export job failed or warned.',
  values: {
    ErrInvalidRequest: { name: 'INVALID_REQUEST', description: 'The request could not be served.' },
    ErrInternal: { name: 'INTERNAL', description: 'The service failed.' },
    WarnTruncatedExport: { name: 'TRUNCATED_EXPORT', description: 'The history was too long: the file stops early; continue from `nextDate`.' },
  },
  unknown: 'A code this gateway does not know yet.',
});


export const TransactionExportJob = builder.loadableNodeRef<WireOperationStatus, string, string>('TransactionExportJob', {
  id: { resolve: (job) => job.operationId },
  load: refLoad(exportJobsById),
});

TransactionExportJob.implement({
  extensions: typeGuard({ checkId: (key) => (/^[A-Za-z0-9][A-Za-z0-9_-]{0,99}$/.test(key) ? null : 'not an operation id') }),
  description: 'A transaction export job of the caller\'s key: its status and, once done, the link to its file.',
  fields: (t) => ({
    operationId: t.exposeString('operationId', { description: 'The Data API\'s id of the job (what `DataApiAccount.exportJob` takes).' }),
    kind: t.field({ type: TransactionExportKind, description: 'What the job exports.', resolve: (j) => TransactionExportKind.from(j.operationType) }),
    status: t.field({ type: ExportJobStatus, description: 'Where the job stands.', resolve: (j) => ExportJobStatus.from(j.operationStatus) }),
    code: t.field({
      type: ExportJobCode,
      nullable: true,
      description: 'Why the job failed or warned; null otherwise.',
      resolve: (j) => (j.metadata?.code ? ExportJobCode.from(j.metadata.code) : null),
    }),
    message: t.exposeString('message', { nullable: true, description: 'The service\'s message about the job.' }),
    downloadUrl: t.string({
      nullable: true,
      description: 'Where to download the file, once COMPLETED or COMPLETED_WITH_WARNING.',
      resolve: (j) => j.metadata?.downloadUrl ?? null,
    }),
    nextDate: t.string({
      nullable: true,
      description: 'After a truncated export: the `firstDate` (YYYY-MM-DD) of the follow-up job.',
      resolve: (j) => j.metadata?.nextDate ?? null,
    }),
    createdAtTimestamp: t.field({ type: 'BigInt', description: 'When the job was created, as the service sends it (Unix milliseconds).', resolve: (j) => Math.floor(j.createdAtTimestamp) }),
    updatedAtTimestamp: t.field({ type: 'BigInt', description: 'When the job last changed, as the service sends it (Unix milliseconds).', resolve: (j) => Math.floor(j.updatedAtTimestamp) }),
  }),
});

export const ExportTransactionsInput = builder.inputType('ExportTransactionsInput', {
  description: 'A transaction export: what, of which addresses and chains, over which days.',
  fields: (t) => ({
    kind: t.field({ type: TransactionExportKind, required: true, description: 'What to export (not UNKNOWN).' }),
    firstDate: t.string({ required: true, description: 'The first day exported, YYYY-MM-DD (UTC).' }),
    lastDate: t.string({ required: true, description: 'The last day exported, YYYY-MM-DD (UTC), not before firstDate.' }),
    network: t.field({
      type: NetworkName,
      required: false,
      defaultValue: DEFAULT_NETWORK_NAME,
      description: 'For primary-network exports: the network of the addresses and chains.',
    }),
    chains: t.stringList({
      required: true,
      extensions: maxItems(MAX_EXPORT_CHAINS),
      description: `1 to ${MAX_EXPORT_CHAINS} chains: EVM chain ids for EVM, or p-chain, x-chain, c-chain (or their blockchain ids) for primary-network exports.`,
    }),
    addresses: t.stringList({
      required: false,
      extensions: maxItems(MAX_EXPORT_ADDRESSES),
      description: `Up to ${MAX_EXPORT_ADDRESSES} addresses: EVM addresses for EVM (at least one), bech32 addresses of the network otherwise.`,
    }),
    cChainEvmAddresses: t.stringList({
      required: false,
      extensions: maxItems(MAX_EXPORT_ADDRESSES),
      description: `Primary-network exports: up to ${MAX_EXPORT_ADDRESSES} C-Chain EVM addresses whose atomic transactions are included.`,
    }),
  }),
});

type Maybe<T> = T | null | undefined;

interface ExportArgs {
  kind: string;
  firstDate: string;
  lastDate: string;
  network?: Maybe<NetworkNameValue>;
  chains: string[];
  addresses?: Maybe<string[]>;
  cChainEvmAddresses?: Maybe<string[]>;
}

/** A calendar day, YYYY-MM-DD, that exists. */
function day(argument: string, value: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  const date = match ? new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]))) : undefined;
  if (!date || date.toISOString().slice(0, 10) !== value) throw badInput(argument, `"${value.slice(0, 40)}" is not a day (YYYY-MM-DD)`);
  return value;
}

/** The body of `exportTransactions`, checked whole; the error names the input field at fault. */
export function exportRequest(input: ExportArgs): WireTransactionExportRequest {
  if (input.kind === 'UNKNOWN') throw badInput('input.kind', 'UNKNOWN is not a kind of export to start');
  const firstDate = day('input.firstDate', input.firstDate);
  const lastDate = day('input.lastDate', input.lastDate);
  if (firstDate > lastDate) throw badInput('input.firstDate', `must not be after lastDate (${firstDate} > ${lastDate})`);
  if (!input.chains.length) throw badInput('input.chains', 'give at least one chain');
  if (input.kind === 'TRANSACTION_EXPORT_EVM') {
    if (input.cChainEvmAddresses?.length) throw badInput('input.cChainEvmAddresses', 'is for primary-network exports; list EVM addresses in addresses');
    if (!input.addresses?.length) throw badInput('input.addresses', 'give at least one EVM address');
    return {
      type: 'TRANSACTION_EXPORT_EVM',
      firstDate,
      lastDate,
      options: {
        addresses: list('input.addresses', input.addresses, MAX_EXPORT_ADDRESSES, evmAddress),
        includeChains: list('input.chains', input.chains, MAX_EXPORT_CHAINS, evmChainId),
      },
    };
  }
  const key = networkKey(input.network ?? DEFAULT_NETWORK_NAME);
  const addresses = primaryAddresses('input.addresses', input.addresses ?? [], MAX_EXPORT_ADDRESSES, key, ['P', 'X', 'C']);
  const cChainEvmAddresses = list('input.cChainEvmAddresses', input.cChainEvmAddresses ?? [], MAX_EXPORT_ADDRESSES, evmAddress);
  if (!addresses.length && !cChainEvmAddresses.length) throw badInput('input.addresses', 'give at least one address (addresses or cChainEvmAddresses)');
  const includeChains = list('input.chains', input.chains, MAX_EXPORT_CHAINS, (arg, value) => primaryChainArg(arg, value, key, ['P', 'X', 'C']).blockchainId);
  return {
    type: input.kind as Exclude<WireTransactionExportRequest['type'], 'TRANSACTION_EXPORT_EVM'>,
    firstDate,
    lastDate,
    options: {
      includeChains,
      ...(addresses.length ? { addresses } : {}),
      ...(cChainEvmAddresses.length ? { cChainEvmAddresses } : {}),
    },
  };
}

builder.objectFields(DataApiAccount, (t) => ({
  exportJob: t.checkedField({
    type: TransactionExportJob,
    nullable: true,
    description: 'A transaction export job of the caller\'s key by its `operationId` (`GET /v1/operations/{operationId}`); null when the key has none with this id.',
    args: { operationId: t.arg.string({ required: true, description: 'The id `exportTransactions` answered.' }) },
    extensions: { ...fieldGuard({ upstreamCost: 1 }), ...serves('data:getOperationResult') },
    check: (args) => serviceId('operationId', args.operationId),
    resolve: (_, operationId, _args, ctx) => {
      accountOf(ctx);
      return TransactionExportJob.getDataloader(ctx).load(operationId);
    },
  }),
}));

builder.mutationFields((t) => ({
  exportTransactions: t.checkedField({
    type: TransactionExportJob,
    description:
      'Starts a transaction export job of the caller\'s key (`POST /v1/operations/transactions:export`); read its progress with `dataApiAccount { exportJob(operationId:) }`. The input is checked whole before the one call.',
    args: { input: t.arg({ type: ExportTransactionsInput, required: true, description: 'What to export.' }) },
    extensions: { ...fieldGuard({ upstreamCost: 1 }), ...serves('data:postTransactionExportJob') },
    check: (args) => exportRequest(args.input),
    resolve: (_, request, _args, ctx) => accountOf(ctx).operations.postTransactionExportJob(request),
  }),
}));
