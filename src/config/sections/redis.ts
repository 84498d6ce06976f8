/** Redis, which replicas share: REDIS_URL in its three forms (one server, Sentinel, Cluster), the key prefix, the command deadline. */
import { printable, whole } from '../parse.js';
import { ConfigError, section, unset, variable, type Parser } from '../variable.js';

/**
 * The Redis replicas share (`REDIS_URL`): one server (`redis://`, `rediss://`, handed to ioredis as
 * written), the master of a Sentinel group (`redis+sentinel://`), or a Cluster (`redis+cluster://`).
 * `username` and `password` are the data nodes' (never logged or echoed in an error).
 */
export type RedisTarget =
  | { mode: 'server'; url: string }
  | ({ mode: 'sentinel'; sentinels: RedisHost[]; masterName: string; db: number; sentinelUsername?: string; sentinelPassword?: string } & RedisCredentials)
  | ({ mode: 'cluster'; nodes: RedisHost[] } & RedisCredentials);

export interface RedisHost {
  host: string;
  port: number;
}

interface RedisCredentials {
  /** `rediss+...`: TLS to every node (and to the sentinels). */
  tls: boolean;
  username?: string;
  password?: string;
}

const REDIS_FORMS = 'redis://, rediss://, redis+sentinel://, rediss+sentinel://, redis+cluster:// or rediss+cluster://';

/**
 * A REDIS_URL, in one of three forms. A value may hold a password: an error names the part that is
 * wrong, never the value.
 */
function redisTarget(value: string, name: string): RedisTarget {
  const scheme = /^([a-z][a-z+]*):\/\//i.exec(value)?.[1]?.toLowerCase();
  if (scheme === 'redis' || scheme === 'rediss') {
    let parsed: URL;
    try {
      parsed = new URL(value);
    } catch {
      throw new ConfigError(name, 'is not a URL (expected e.g. redis://127.0.0.1:6379/0)');
    }
    if (!parsed.hostname) throw new ConfigError(name, 'must name a host');
    return { mode: 'server', url: value };
  }
  const form = scheme === undefined ? null : /^(rediss?)\+(sentinel|cluster)$/.exec(scheme);
  if (!form) throw new ConfigError(name, `must be a ${REDIS_FORMS} URL${scheme ? `, got "${scheme}://"` : ''}`);
  const tls = form[1] === 'rediss';
  const mode = form[2] as 'sentinel' | 'cluster';
  const example = mode === 'sentinel' ? `${form[0]}://:password@10.0.0.1:26379,10.0.0.2:26379/mymaster/0` : `${form[0]}://:password@10.0.0.1:6379,10.0.0.2:6379`;
  // Not WHATWG URL: it takes one host; here the authority is a list of them.
  const rest = value.slice(form[0].length + 3);
  const queryAt = rest.indexOf('?');
  const beforeQuery = queryAt < 0 ? rest : rest.slice(0, queryAt);
  const pathAt = beforeQuery.indexOf('/');
  const authority = pathAt < 0 ? beforeQuery : beforeQuery.slice(0, pathAt);
  const path = pathAt < 0 ? '' : beforeQuery.slice(pathAt + 1);
  const at = authority.lastIndexOf('@');
  const credentials = redisCredentials(name, at < 0 ? undefined : authority.slice(0, at));
  const hosts = (at < 0 ? authority : authority.slice(at + 1)).split(',').map((host, i) => redisHost(name, host, i, mode === 'sentinel' ? 26379 : 6379, example));
  const options = new URLSearchParams(queryAt < 0 ? '' : rest.slice(queryAt + 1));
  const allowed = mode === 'sentinel' ? ['sentinel_username', 'sentinel_password'] : [];
  for (const key of options.keys()) {
    if (!allowed.includes(key)) throw new ConfigError(name, `unknown option "${key.slice(0, 40)}"${allowed.length > 0 ? ` (only ${allowed.join(', ')})` : ''}`);
  }
  if (mode === 'cluster') {
    if (path !== '') throw new ConfigError(name, 'a Redis Cluster has database 0 only: drop the path after the nodes');
    return { mode, nodes: hosts, tls, ...credentials };
  }
  const [masterName, db, ...extra] = path.split('/');
  if (!masterName) throw new ConfigError(name, `must name the master after the sentinels (expected e.g. ${example})`);
  if (!/^[\w.-]{1,128}$/.test(masterName)) throw new ConfigError(name, 'the master name may hold letters, digits, "_", "." and "-" only');
  if (extra.length > 0 || (db !== undefined && !/^\d{1,5}$/.test(db))) throw new ConfigError(name, 'after the master name only a database number may follow (e.g. /mymaster/0)');
  const sentinelUsername = options.get('sentinel_username');
  const sentinelPassword = options.get('sentinel_password');
  return {
    mode,
    sentinels: hosts,
    masterName,
    db: db === undefined ? 0 : Number(db),
    tls,
    ...credentials,
    ...(sentinelUsername ? { sentinelUsername } : {}),
    ...(sentinelPassword ? { sentinelPassword } : {}),
  };
}

/** `[user]:password` before the hosts of a Sentinel or Cluster URL, percent-decoded. */
function redisCredentials(name: string, userinfo: string | undefined): { username?: string; password?: string } {
  if (userinfo === undefined) return {};
  const colon = userinfo.indexOf(':');
  if (colon < 0) throw new ConfigError(name, 'credentials must be written user:password@ or :password@ (the value is not shown)');
  try {
    const username = decodeURIComponent(userinfo.slice(0, colon));
    const password = decodeURIComponent(userinfo.slice(colon + 1));
    return { ...(username ? { username } : {}), ...(password ? { password } : {}) };
  } catch {
    throw new ConfigError(name, 'the credentials are not validly percent-encoded (the value is not shown)');
  }
}

/** The `index`th `host[:port]` of a Sentinel or Cluster URL (an IPv6 address in brackets). */
function redisHost(name: string, text: string, index: number, defaultPort: number, example: string): RedisHost {
  let parsed: URL | undefined;
  try {
    parsed = text === '' ? undefined : new URL(`redis://${text}`);
  } catch {
    parsed = undefined;
  }
  if (!parsed || !parsed.hostname || parsed.pathname !== '' || parsed.username || parsed.password || parsed.search || parsed.hash) {
    // Not echoed: a password with an unencoded "/" or "@" would end up here.
    throw new ConfigError(name, `address ${index + 1} of the list is not a host or host:port (expected e.g. ${example}; percent-encode "/", "?", "#" and "@" in a password)`);
  }
  return { host: parsed.hostname.replace(/^\[(.*)\]$/, '$1'), port: parsed.port ? Number(parsed.port) : defaultPort };
}

const redisUrl: Parser<RedisTarget> = {
  accepts:
    'one server: `redis://[[user]:password@]host:port[/db]`; Sentinel: `redis+sentinel://[[user]:password@]host:port[,host:port...]/<master name>[/db]` (sentinels, port 26379 by default); Cluster: `redis+cluster://[[user]:password@]host:port[,host:port...]` (some of its nodes, port 6379 by default); `rediss` for TLS in each form',
  parse: redisTarget,
};

export const redis = section('redis', {
  REDIS_URL: variable(redisUrl, {
    primary: true,
    key: 'redis',
    default: unset('unset: everything in this process'),
    meaning:
      'The Redis replicas share: the upstream cache, client rate limits, `Retry-After` windows, the response cache and the live pollers. A Redis outage, or a master down, never fails a query.',
  }),
  REDIS_KEY_PREFIX: variable(printable({ min: 1, max: 64 }), {
    default: 'avalanche-graph:',
    meaning: 'The prefix of every Redis key and channel, so that several deployments can share one Redis.',
  }),
  REDIS_COMMAND_TIMEOUT_MS: variable(whole(10, 10_000), {
    default: 200,
    meaning: 'The deadline of one Redis command; past it the gateway goes on without Redis.',
  }),
});
