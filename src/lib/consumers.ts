/**
 * Consumers: server-to-server callers known by a static key (AUTH_CONSUMERS). The file holds each
 * key's SHA-256, never the key: `{ "consumers": [{ "name", "keySha256", "limits"?, "internal"? }] }`.
 */
import { readFileSync } from 'node:fs';

/** What a consumer may hold at once, where it differs from every client's bound. */
export interface ConsumerLimits {
  /** In place of MAX_OPERATIONS_PER_CLIENT. */
  operationsInFlight?: number;
  /** In place of MAX_SUBSCRIPTIONS_PER_CLIENT. */
  subscriptions?: number;
  /** In place of CLIENT_UPSTREAM_CALLS_PER_SECOND. */
  upstreamCallsPerSecond?: number;
}

export interface Consumer {
  /** A name for logs and metrics: letters, digits, `-`, `_`, `.`, at most 64. */
  name: string;
  /** The SHA-256 of its key, 64 lower-case hex digits. */
  keySha256: string;
  limits: ConsumerLimits;
  /** May run documents outside the trusted documents (an operator's GraphiQL, an internal tool). */
  internal: boolean;
}

const LIMITS: readonly (keyof ConsumerLimits)[] = ['operationsInFlight', 'subscriptions', 'upstreamCallsPerSecond'];

/** A consumers file as read: its path (to read it again) and its consumers. */
export interface Consumers {
  path: string;
  list: Consumer[];
}

/** Reads a consumers file; throws an Error saying what is wrong. */
export function readConsumers(path: string): Consumers {
  return { path, list: readConsumerList(path) };
}

function readConsumerList(path: string): Consumer[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new Error(`cannot read a JSON consumers file at ${path}: ${(error as Error).message.split('\n')[0]}`);
  }
  const list = (parsed as { consumers?: unknown } | null)?.consumers;
  if (!Array.isArray(list) || list.length === 0) throw new Error(`${path}: \`consumers\` must be a list of at least one consumer`);
  const names = new Set<string>();
  const hashes = new Set<string>();
  return list.map((entry: unknown, index) => {
    const { name, keySha256, limits = {}, internal = false } = (entry ?? {}) as { name?: unknown; keySha256?: unknown; limits?: unknown; internal?: unknown };
    if (typeof name !== 'string' || !/^[A-Za-z0-9_.-]{1,64}$/.test(name)) throw new Error(`${path}: consumer ${index} needs a \`name\` of letters, digits, -, _ or . (at most 64)`);
    if (typeof keySha256 !== 'string' || !/^[0-9a-f]{64}$/i.test(keySha256)) throw new Error(`${path}: consumer ${name} needs \`keySha256\`, the 64 hex digits of its key's SHA-256`);
    if (names.has(name) || hashes.has(keySha256.toLowerCase())) throw new Error(`${path}: consumer ${name} repeats a name or a key`);
    names.add(name);
    hashes.add(keySha256.toLowerCase());
    const read = readLimits(limits, `${path}: consumer ${name}`);
    if (typeof internal !== 'boolean') throw new Error(`${path}: consumer ${name}: \`internal\` must be true or false`);
    return { name, keySha256: keySha256.toLowerCase(), limits: read, internal };
  });
}

/** Limits as a file gives them (`{ "operationsInFlight": 4, ... }`); throws naming `where`. */
export function readLimits(limits: unknown, where: string): ConsumerLimits {
  if (typeof limits !== 'object' || limits === null || Array.isArray(limits)) throw new Error(`${where}: \`limits\` must be an object`);
  const read: ConsumerLimits = {};
  for (const [key, value] of Object.entries(limits)) {
    if (!(LIMITS as readonly string[]).includes(key)) throw new Error(`${where}: unknown limit \`${key.slice(0, 40)}\` (${LIMITS.join(', ')})`);
    if (!Number.isInteger(value) || (value as number) < 1 || (value as number) > 100_000) throw new Error(`${where}: \`${key}\` must be a whole number from 1 to 100000`);
    read[key as keyof ConsumerLimits] = value as number;
  }
  return read;
}

/** Whether `text` can name a JWT claim: letters, digits, `_`, `-`, `.`, `:`, `/`, at most 100. */
export function isClaimName(text: string): boolean {
  return /^[A-Za-z0-9_\-.:/]{1,100}$/.test(text);
}

/** Plans: the limits of the callers whose token's `claim` names the plan (AUTH_PLANS), and the file's path. */
export interface Plans {
  path: string;
  claim: string;
  limits: ReadonlyMap<string, ConsumerLimits>;
}

/** Reads a plans file (`{ "claim": "plan", "plans": { "<name>": { <limits> } } }`); throws an Error saying what is wrong. */
export function readPlans(path: string): Plans {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new Error(`cannot read a JSON plans file at ${path}: ${(error as Error).message.split('\n')[0]}`);
  }
  const { claim, plans } = (parsed ?? {}) as { claim?: unknown; plans?: unknown };
  if (typeof claim !== 'string' || !isClaimName(claim)) throw new Error(`${path}: \`claim\` must name the token's claim that carries the plan`);
  if (typeof plans !== 'object' || plans === null || Array.isArray(plans) || Object.keys(plans).length === 0) throw new Error(`${path}: \`plans\` must be an object of at least one plan`);
  const limits = new Map<string, ConsumerLimits>();
  for (const [name, entry] of Object.entries(plans)) limits.set(name, readLimits(entry, `${path}: plan ${name.slice(0, 40)}`));
  return { path, claim, limits };
}
