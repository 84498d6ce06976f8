/** Listening, logging and shutdown; who is the client behind proxies; the federation secret; the sandbox's port. */
import proxyaddr from 'proxy-addr';
import { flag, oneOf, printable, text, whole } from '../parse.js';
import { ConfigError, section, unset, variable, type Parser } from '../variable.js';

const LOG_LEVELS = ['debug', 'info', 'warn', 'error', 'silent'] as const;
const levels = oneOf(LOG_LEVELS);

/** A log level, lower-cased before the check: a bad one is quoted in lower case, as it always has been. */
const logLevel: Parser<(typeof LOG_LEVELS)[number]> = { ...levels, parse: (raw, name) => levels.parse(raw.toLowerCase(), name) };

/** The most hops of a forwarding header read, nearest first: more trusted hops than that cannot be counted. */
export const MAX_FORWARDED_HOPS = 32;

/** Which proxies are trusted (TRUST_PROXY): the nearest `hops`, or those at `addresses` (addresses, CIDRs, proxy-addr's named ranges). */
export type TrustProxy = { hops: number } | { addresses: string[] };

/** The headers trusted proxies may append the client to (TRUST_PROXY_HEADER). */
export const FORWARDING_HEADERS = ['x-forwarded-for', 'forwarded'] as const;
export type ForwardingHeader = (typeof FORWARDING_HEADERS)[number];

const hopCount = whole(0, MAX_FORWARDED_HOPS);

/** `false`, a hop count, or addresses, CIDRs and proxy-addr's named ranges (as proxy-addr compiles them). */
const trustProxy: Parser<TrustProxy | undefined> = {
  accepts: `\`false\` (or \`0\`); a hop count, 1–${MAX_FORWARDED_HOPS}; or a comma-separated list of addresses and CIDRs (IPv4, IPv6) and \`loopback\`, \`linklocal\`, \`uniquelocal\``,
  parse(raw, name) {
    if (raw.toLowerCase() === 'false') return undefined;
    if (raw.toLowerCase() === 'true') throw new ConfigError(name, 'trusting every proxy would let any client choose its address: give a hop count or the proxies\' addresses');
    if (/^\d+$/.test(raw)) {
      const hops = hopCount.parse(raw, name);
      return hops === 0 ? undefined : { hops };
    }
    const addresses = raw.split(',').map((entry) => entry.trim());
    for (const entry of addresses) {
      try {
        if (!entry) throw new Error('empty entry');
        proxyaddr.compile(entry);
      } catch {
        throw new ConfigError(name, `"${entry.slice(0, 80)}" is not an IP address, a CIDR range or one of loopback, linklocal, uniquelocal`);
      }
    }
    return { addresses };
  },
};

/** A comma-separated list of origins (`https://app.example.com`), or `*` for any origin. */
const origins: Parser<string[] | undefined> = {
  accepts: 'comma-separated origins (`https://app.example.com,https://admin.example.com`), or `*`',
  parse(raw, name) {
    if (raw === '*') return undefined;
    return raw.split(',').map((item) => {
      const value = item.trim();
      let parsed: URL;
      try {
        parsed = new URL(value);
      } catch {
        throw new ConfigError(name, `"${value}" is not an origin (expected e.g. https://app.example.com)`);
      }
      if ((parsed.protocol !== 'http:' && parsed.protocol !== 'https:') || parsed.origin !== value.replace(/\/$/, '')) {
        throw new ConfigError(name, `"${value}" is not an origin: scheme, host and optional port only`);
      }
      return parsed.origin;
    });
  },
};

export const server = section('server', {
  COMPILED_EXECUTION: variable(flag, {
    default: true,
    meaning:
      'Queries run as compiled functions (graphql-jit) from a document\'s second execution, one per document, kept beside the parsed document; subscriptions, mutations, `@defer`/`@stream` and what the compiler refuses run on graphql-js. `false` runs everything on graphql-js.',
    see: 'operations.md#compiled-execution',
  }),
  LOG_LEVEL: variable(logLevel, {
    primary: true,
    default: 'info',
    meaning: 'The least severe log line written (JSON lines on stderr): `info` writes an access line per operation, `debug` adds upstream error bodies, with keys redacted.',
    see: 'operations.md#logs',
  }),
  TRUST_PROXY: variable(trustProxy, {
    primary: true,
    default: unset('unset: no proxy, the client is the socket\'s address'),
    meaning:
      'The proxies (load balancers) whose forwarding header is believed: the client address that per-client limits and the log use is then read from `TRUST_PROXY_HEADER` back through these hops; a hop count trusts that many nearest hops, whatever their address.',
    see: 'operations.md#behind-a-proxy',
  }),
  TRUST_PROXY_HEADER: variable(oneOf(FORWARDING_HEADERS), {
    default: 'x-forwarded-for',
    accepts: '`x-forwarded-for` or `forwarded` (RFC 7239)',
    meaning: 'The one header the trusted proxies write the client into (read only with `TRUST_PROXY`); the other is ignored, as a client could have written it.',
    see: 'operations.md#behind-a-proxy',
  }),
  HOST: variable(text('an interface address or host name'), {
    default: '0.0.0.0',
    shown: '`0.0.0.0` (`127.0.0.1` under `npm run sandbox`)',
    meaning: 'The interface the gateway listens on (and `/metrics` with `METRICS_PORT`).',
  }),
  PORT: variable(whole(0, 65535), {
    primary: true,
    default: 4000,
    meaning: 'The port of GraphQL and GraphiQL (`/graphql`), liveness (`/health`), readiness (`/ready`) and, unless `METRICS_PORT` is set, `/metrics`; `0` picks a free port.',
  }),
  SHUTDOWN_TIMEOUT_MS: variable(whole(0, 600_000), {
    default: 10_000,
    meaning: 'How long SIGTERM waits for in-flight requests; at the deadline they are cut and their upstream calls aborted.',
    see: 'operations.md#shutdown',
  }),
  SHUTDOWN_DRAIN_MS: variable(whole(0, 600_000), {
    default: 5_000,
    meaning:
      'How long SIGTERM keeps serving after `/ready` turns 503, before the listener closes and `SHUTDOWN_TIMEOUT_MS` starts: longer than a load balancer takes to see the replica unready (`deploy/haproxy.cfg`: two checks a second apart). SIGINT does not wait.',
    see: 'operations.md#shutdown',
  }),
  CORS_ORIGINS: variable(origins, {
    primary: true,
    default: unset('any origin'),
    meaning: 'The origins browsers may call the gateway from; credentials are never allowed (the gateway uses no cookies).',
    see: 'operations.md#browsers',
  }),
  METRICS_PORT: variable(whole(0, 65535), {
    default: unset('unset: `/metrics` beside GraphQL'),
    meaning: 'Serve `/metrics` only on this port (same `HOST`), so the scrape endpoint need not be public, with the probes `/health` and `/ready` beside it (they stay on `PORT` too): a balancer\'s checks then reach a listener that a crowd on `PORT` does not hold up (`deploy/haproxy.cfg` checks here); `0` picks a free port.',
    see: 'operations.md#metrics-and-probes',
  }),
});

export const federation = section('federation', {
  FEDERATION_SECRET: variable(printable({ min: 16, max: 256, secret: true }), {
    default: unset('unset: `_entities` and `_service` answer every caller'),
    meaning:
      'A secret shared with the federation router: `_entities` and `_service` then answer only requests carrying it in the `x-federation-secret` header; others are refused with `FORBIDDEN` before any upstream call. Compared in constant time; never logged or echoed.',
    see: 'federation.md#keeping-_entities-and-_service-for-the-router',
  }),
});
