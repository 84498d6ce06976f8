/**
 * The simulated Data API's accounts: one per API key (by fingerprint; the key itself is not kept),
 * holding its webhooks, its webhooks' shared secret, its export jobs and the log of the requests
 * made with it. Ids and secrets derive from the key and a counter, so a run is deterministic; state
 * lives in memory for the sandbox's lifetime and is bounded.
 */
import { createHash } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { SandboxRequest } from '../../http.js';
import { SandboxHttpError } from '../../http.js';
import { KEY_HEADERS } from '../access.js';

export type WebhookRecord = Record<string, unknown> & {
  id: string;
  eventType: string;
  status: 'active' | 'inactive';
  metadata: Record<string, unknown> & { addresses?: string[] };
};

export interface ExportJob {
  operationId: string;
  operationType: string;
  firstDate: string;
  lastDate: string;
  createdAtMs: number;
  /** Reads since creation: the job completes on the first one. */
  reads: number;
  updatedAtMs: number;
}

/** One request made with the key, as the service logs it. */
export interface RequestRecord {
  seq: number;
  /** Unix seconds. */
  at: number;
  path: string;
  route: string;
  status: number;
  chainId?: string;
  credits: number;
  durationMs: number;
  host: string;
  userAgent: string;
}

export interface Account {
  fingerprint: string;
  orgId: string;
  apiKeyId: string;
  webhooks: Map<string, WebhookRecord>;
  created: number;
  secretRotations: number;
  jobs: Map<string, ExportJob>;
  jobsCreated: number;
  requests: RequestRecord[];
  requestsSeen: number;
}

/** Most accounts kept, webhooks per account, export jobs per account, and requests logged per account. */
const MAX_ACCOUNTS = 1_000;
export const MAX_WEBHOOKS = 100;
const MAX_JOBS = 100;
const MAX_LOGGED = 5_000;

function hex(...parts: Array<string | number>): string {
  return createHash('sha256').update(parts.join('|')).digest('hex');
}

/** A UUID-shaped id (version 4 layout) derived from its parts. */
export function derivedUuid(...parts: Array<string | number>): string {
  const h = hex(...parts);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

function headerValue(value: string | string[] | undefined): string | undefined {
  const text = (Array.isArray(value) ? value[0] : value)?.trim();
  return text ? text : undefined;
}

/** The key a request carries (under either name), if any. */
export function requestKey(headers: IncomingMessage['headers']): string | undefined {
  for (const name of KEY_HEADERS) {
    const value = headerValue(headers[name]);
    if (value) return value;
  }
  return undefined;
}

/** What each route costs in API credits: lists cost more than single reads, writes most. */
function creditsOf(route: string): number {
  if (!route.startsWith('GET ')) return 5;
  return route.endsWith('}') ? 1 : 2;
}

export class AccountStore {
  private readonly accounts = new Map<string, Account>();

  /** The account of a request's key; 401 without one (the account routes need a key). */
  require(headers: IncomingMessage['headers']): Account {
    const key = requestKey(headers);
    if (!key) throw new SandboxHttpError(401, 'An API key is required: send it in the x-glacier-api-key header');
    return this.of(key);
  }

  private of(key: string): Account {
    const fingerprint = createHash('sha256').update(key).digest('base64url').slice(0, 16);
    let account = this.accounts.get(fingerprint);
    if (!account) {
      if (this.accounts.size >= MAX_ACCOUNTS) this.accounts.delete(this.accounts.keys().next().value!);
      const id = hex('account', fingerprint);
      account = {
        fingerprint,
        orgId: `org_${id.slice(0, 12)}`,
        apiKeyId: `key_${id.slice(12, 24)}`,
        webhooks: new Map(),
        created: 0,
        secretRotations: 0,
        jobs: new Map(),
        jobsCreated: 0,
        requests: [],
        requestsSeen: 0,
      };
      this.accounts.set(fingerprint, account);
    }
    return account;
  }

  /** Logs a request answered for a key (keyless requests belong to no account). */
  record(request: SandboxRequest, status: number): void {
    const key = requestKey(request.headers);
    if (!key) return;
    const account = this.of(key);
    const seq = account.requestsSeen++;
    account.requests.push({
      seq,
      at: Math.floor(Date.now() / 1000),
      path: request.path ?? request.route.replace(/^\S+ /, ''),
      route: request.route,
      status,
      chainId: request.params.chainId,
      credits: status >= 500 ? 0 : creditsOf(request.route),
      // A deterministic duration per route and position, not the machine's timing.
      durationMs: 5 + (parseInt(hex(request.route, seq).slice(0, 4), 16) % 120),
      host: headerValue(request.headers.host) ?? 'data-api.sandbox',
      userAgent: headerValue(request.headers['user-agent']) ?? 'unknown',
    });
    if (account.requests.length > MAX_LOGGED) account.requests.shift();
  }

  newWebhookId(account: Account): string {
    return derivedUuid('webhook', account.fingerprint, account.created++);
  }

  secret(account: Account): string {
    return hex('webhook-secret', account.fingerprint, account.secretRotations).slice(0, 48);
  }

  addJob(account: Account, job: Omit<ExportJob, 'operationId' | 'reads'>): ExportJob {
    if (account.jobs.size >= MAX_JOBS) account.jobs.delete(account.jobs.keys().next().value!);
    const created: ExportJob = { ...job, operationId: derivedUuid('export', account.fingerprint, account.jobsCreated++), reads: 0 };
    account.jobs.set(created.operationId, created);
    return created;
  }
}
