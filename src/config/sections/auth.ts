/** Caller authentication: JWTs verified against the operator's JWKS. Off unless AUTH_JWKS_URL is set. */
import { isClaimName, readConsumers, readPlans } from '../../lib/consumers.js';
import { baseUrl, flag, fromFile, headerName, printable, whole } from '../parse.js';
import { ConfigError, section, unset, variable, type Parser } from '../variable.js';

/** The signature algorithms a token may use; `none` (an unsigned token) is never one of them. */
export const JWT_ALGORITHMS = ['RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512', 'ES256', 'ES384', 'ES512', 'EdDSA'] as const;
export type JwtAlgorithm = (typeof JWT_ALGORITHMS)[number];

const algorithms: Parser<JwtAlgorithm[]> = {
  accepts: `a comma-separated list of ${JWT_ALGORITHMS.join(', ')}`,
  parse(raw, name) {
    const listed = raw.split(',').map((entry) => entry.trim()).filter(Boolean);
    if (listed.length === 0) throw new ConfigError(name, 'must name at least one algorithm');
    for (const entry of listed) {
      if (!(JWT_ALGORITHMS as readonly string[]).includes(entry)) throw new ConfigError(name, `"${entry.slice(0, 20)}" is not one of ${JWT_ALGORITHMS.join(', ')}`);
    }
    return [...new Set(listed)] as JwtAlgorithm[];
  },
};

/** A JWT claim's name. */
const claim: Parser<string> = {
  accepts: 'a claim name (letters, digits, `_`, `-`, `.`, `:`, `/`)',
  parse(raw, name) {
    if (!isClaimName(raw)) throw new ConfigError(name, 'must be a claim name of letters, digits, _, -, ., : or /');
    return raw;
  },
};

/** The consumers' file, and the plans file. */
const consumers = fromFile('the path of a JSON file of consumers (`{ "consumers": [{ "name", "keySha256", "limits" }] }`)', readConsumers);
const plans = fromFile('the path of a JSON file of plans (`{ "claim": "plan", "plans": { "<name>": { <limits> } } }`)', readPlans);

export const auth = section('auth', {
  AUTH_JWKS_URL: variable(baseUrl('https://login.example.com/.well-known/jwks.json'), {
    primary: true,
    default: unset('unset: no caller authentication (clients are their addresses)'),
    meaning:
      'Turns caller authentication on: every GraphQL request (over HTTP, graphql-sse and graphql-ws) must carry a JWT signed by a key of this JSON Web Key Set (`Authorization: Bearer <token>`), else it is answered 401 `UNAUTHENTICATED` with `WWW-Authenticate`, before admission, parsing or any upstream call. The set is fetched when first needed, kept 10 minutes, and fetched again (at most every 5 s, within 5 s) when a token names a key it does not hold. The token\'s subject (`AUTH_IDENTITY_CLAIM`) becomes the client that the per-client bounds count.',
  }),
  AUTH_CONSUMERS: variable(consumers, {
    primary: true,
    default: unset('unset: no consumer keys'),
    meaning:
      'Static keys for server-to-server callers, from a JSON file (read again when it changes and on `SIGHUP`; one that does not read keeps the consumers before it): `{ "consumers": [{ "name": "indexer", "keySha256": "<64 hex digits: the SHA-256 of the key>", "limits": { "operationsInFlight": 4, "subscriptions": 20, "upstreamCallsPerSecond": 100 }, "internal": false }] }` (the file holds hashes, never keys; an `internal` consumer runs documents outside `TRUSTED_DOCUMENTS`). A request carrying a key of it in `AUTH_CONSUMER_HEADER` is that consumer: the client of the per-client bounds, with its own limits where given; one carrying another key is refused (401). Turns caller authentication on, as `AUTH_JWKS_URL` does.',
  }),
  AUTH_CONSUMER_HEADER: variable(headerName, {
    default: 'x-consumer-key',
    meaning: 'The header (over graphql-ws: the `connection_init` entry) that carries a consumer key.',
  }),
  AUTH_ALLOW_CALLER_KEYS: variable(flag, {
    default: false,
    meaning:
      'With caller authentication on, also serve callers without a token or consumer key that bring their own Data API key (`x-data-api-key`, `x-glacier-api-key`): they spend their own key, never `DATA_API_KEY`, and are limited as their address.',
  }),
  AUTH_PLANS: variable(plans, {
    default: unset('unset: every authenticated caller has the per-client limits'),
    meaning:
      'Limits by plan for callers with a JWT, from a JSON file: `{ "claim": "plan", "plans": { "free": { "operationsInFlight": 2 }, "pro": { "operationsInFlight": 16, "subscriptions": 50, "upstreamCallsPerSecond": 400 } } }`. A caller whose token names a plan of the file in that claim gets its limits in place of the per-client ones; any other caller has those. Read again as `AUTH_CONSUMERS` is (a file naming another claim waits for a restart).',
  }),
  AUTH_ISSUER: variable(printable({ max: 512, min: 1 }), {
    default: unset('unset: any issuer'),
    meaning: 'The `iss` a token must carry. Set it whenever the key set signs for more than this gateway.',
  }),
  AUTH_AUDIENCE: variable(printable({ max: 512, min: 1 }), {
    default: unset('unset: any audience'),
    meaning: 'The `aud` a token must carry (one of its audiences).',
  }),
  AUTH_ALGORITHMS: variable(algorithms, {
    default: ['RS256', 'ES256', 'EdDSA'],
    shown: '`RS256,ES256,EdDSA`',
    meaning: 'The signature algorithms accepted; a token signed otherwise (or unsigned: `alg: none`) is refused.',
  }),
  AUTH_CLOCK_SKEW_S: variable(whole(0, 300), {
    default: 30,
    meaning: 'How far the gateway\'s clock may be from the issuer\'s when `exp` and `nbf` are checked, in seconds.',
  }),
  AUTH_IDENTITY_CLAIM: variable(claim, {
    default: 'sub',
    meaning: 'The claim that names the caller: its value (a string or a number) is the client every per-client bound counts; logs and metrics see only its fingerprint.',
  }),
});
