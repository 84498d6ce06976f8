/**
 * `POST /v1/operations/transactions:export` and `GET /v1/operations/{operationId}`: transaction
 * export jobs of the request's key. A job answers RUNNING when created and is done when next read:
 * COMPLETED, or COMPLETED_WITH_WARNING (truncated, with the follow-up `nextDate`) past 31 days.
 * Chains must be the world's: EVM chain ids it indexes, or its primary-network chains.
 */
import { isEvmAddress, parseBech32Address } from '@avalanche-graph/identity';
import { SandboxResponse, type SandboxService } from '../../http.js';
import type { World } from '../../world/index.js';
import { badRequest, notFound } from '../errors.js';
import type { AccountStore, ExportJob } from './store.js';

const PRIMARY_TYPES = ['TRANSACTION_EXPORT_PRIMARY_NETWORK', 'TRANSACTION_EXPORT_PRIMARY_NETWORK_STAKING', 'TRANSACTION_EXPORT_PRIMARY_NETWORK_SIMPLE'];
const ALIASES = ['p-chain', 'x-chain', 'c-chain'];
/** The longest range one job exports; past it the file is truncated. */
const MAX_DAYS = 31;
const DAY_MS = 86_400_000;

function dateParam(body: Record<string, unknown>, name: string, fallback: string | undefined): string {
  const value = body[name] ?? fallback;
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value) || new Date(`${value}T00:00:00Z`).toISOString().slice(0, 10) !== value) {
    throw badRequest(`${name} must be a date (YYYY-MM-DD)`);
  }
  return value;
}

function stringList(value: unknown, name: string, required: boolean): string[] {
  if (value === undefined && !required) return [];
  if (!Array.isArray(value) || value.some((v) => typeof v !== 'string')) throw badRequest(`${name} must be an array of strings`);
  return value as string[];
}

function status(job: ExportJob, downloadBase: string) {
  const base = {
    operationId: job.operationId,
    operationType: job.operationType,
    createdAtTimestamp: job.createdAtMs,
    updatedAtTimestamp: job.updatedAtMs,
  };
  if (job.reads === 0) return { ...base, operationStatus: 'RUNNING', message: 'The export is running' };
  const days = (Date.parse(job.lastDate) - Date.parse(job.firstDate)) / DAY_MS + 1;
  const downloadUrl = `${downloadBase}/exports/${job.operationId}.csv`;
  if (days > MAX_DAYS) {
    const nextDate = new Date(Date.parse(job.firstDate) + MAX_DAYS * DAY_MS).toISOString().slice(0, 10);
    return {
      ...base,
      operationStatus: 'COMPLETED_WITH_WARNING',
      message: `The export stops after ${MAX_DAYS} days; continue from ${nextDate}`,
      metadata: { code: 'WarnTruncatedExport', downloadUrl, nextDate },
    };
  }
  return { ...base, operationStatus: 'COMPLETED', message: 'The export is ready', metadata: { downloadUrl } };
}

export function operationRoutes(service: SandboxService, world: World, store: AccountStore): void {
  service.route('POST', '/v1/operations/transactions:export', ({ headers, body }) => {
    const account = store.require(headers);
    if (body === null || typeof body !== 'object' || Array.isArray(body)) throw badRequest('body must be an object');
    const request = body as Record<string, unknown>;
    const type = request.type;
    if (type !== 'TRANSACTION_EXPORT_EVM' && !PRIMARY_TYPES.includes(type as string)) {
      throw badRequest(`type must be one of the following values: TRANSACTION_EXPORT_EVM, ${PRIMARY_TYPES.join(', ')}`);
    }
    // The deprecated names are still read when the new ones are absent.
    const firstDate = dateParam(request, 'firstDate', request.startDate as string | undefined);
    const lastDate = dateParam(request, 'lastDate', request.endDate as string | undefined);
    if (firstDate > lastDate) throw badRequest('firstDate must not be after lastDate');
    const options = request.options;
    if (options === null || typeof options !== 'object') throw badRequest('options must be an object');
    const opts = options as Record<string, unknown>;
    const chains = stringList(opts.includeChains, 'includeChains', true);
    if (chains.length === 0) throw badRequest('includeChains must not be empty');
    if (type === 'TRANSACTION_EXPORT_EVM') {
      const addresses = stringList(opts.addresses, 'addresses', true);
      if (addresses.length === 0 || addresses.some((a) => !isEvmAddress(a))) throw badRequest('addresses must contain valid EVM addresses');
      for (const chainId of chains) {
        if (!world.evm.chain(Number(chainId)) || !/^\d+$/.test(chainId)) throw badRequest(`includeChains: chain ${chainId} is not supported`);
      }
    } else {
      const ids = new Set(Object.values(world.primary.networks).flatMap((n) => Object.values(n.chainIds)));
      for (const chain of chains) if (!ALIASES.includes(chain) && !ids.has(chain)) throw badRequest(`includeChains: ${chain} is not a primary-network chain`);
      const addresses = stringList(opts.addresses, 'addresses', false);
      if (addresses.some((a) => !parseBech32Address(a))) throw badRequest('addresses must contain valid bech32 addresses');
      const evm = stringList(opts.cChainEvmAddresses, 'cChainEvmAddresses', false);
      if (evm.some((a) => !isEvmAddress(a))) throw badRequest('cChainEvmAddresses must contain valid EVM addresses');
      if (addresses.length + evm.length === 0) throw badRequest('addresses or cChainEvmAddresses must not be empty');
    }
    const now = Date.now();
    const job = store.addJob(account, { operationType: type as string, firstDate, lastDate, createdAtMs: now, updatedAtMs: now });
    return new SandboxResponse(201, status(job, service.url));
  });

  service.route('GET', '/v1/operations/{operationId}', ({ headers, params }) => {
    const account = store.require(headers);
    const job = account.jobs.get(params.operationId!);
    if (!job) throw notFound(`Operation ${params.operationId} not found`);
    if (job.reads === 0) job.updatedAtMs = Math.max(Date.now(), job.createdAtMs + 1);
    job.reads += 1;
    return status(job, service.url);
  });
}
