/** What one request, one operation and one client may take; live subscriptions. */
import { whole } from '../parse.js';
import { section, variable } from '../variable.js';

export const limits = section('limits', {
  MAX_DEPTH: variable(whole(1, 100), { default: 12, meaning: 'The most nested selection depth of one operation.' }),
  MAX_ALIASES: variable(whole(1, 1000), { default: 30, meaning: 'The most aliases in one operation.' }),
  MAX_TOKENS: variable(whole(10, 100_000), { default: 2000, meaning: 'The most tokens in one operation document.' }),
  MAX_VALUE_DEPTH: variable(whole(3, 1000), {
    default: 16,
    meaning:
      'The most levels of lists and input objects nested in one value: an argument or default value in the document, a variable\'s type, a variable\'s JSON. Deeper is refused before parsing (`GRAPHQL_PARSE_FAILED`) or, in a variable, before anything reads it (`BAD_USER_INPUT` naming it). The graph\'s own arguments nest at most 3 levels.',
  }),
  MAX_COST: variable(whole(10, 100_000_000), {
    default: 300_000,
    meaning: 'The most cost of one operation, by graphql-armor\'s count (each field weighs more the deeper it is); it sees the query\'s shape, not list sizes.',
  }),
  MAX_BATCH_OPERATIONS: variable(whole(0, 100), {
    default: 10,
    meaning:
      'The most operations in one batched request (a JSON array body, as Apollo\'s `BatchHttpLink` sends); more is refused with HTTP 413. Each operation of a batch is checked, budgeted and rate-limited as if it came alone. `0` turns batching off.',
  }),
  MAX_UPSTREAM_CALLS: variable(whole(1, 100_000), {
    default: 250,
    meaning:
      'The most upstream requests one operation may send while it runs (cache hits are free); past it the remaining fields fail with `UPSTREAM_BUDGET_EXCEEDED` and the rest of the answer is kept.',
  }),
  MAX_ESTIMATED_UPSTREAM_CALLS: variable(whole(1, 10_000_000), {
    default: 2000,
    meaning:
      'The most upstream requests the guard may estimate for an operation before it runs; over it the operation is refused with `UPSTREAM_BUDGET_EXCEEDED` and no call. The estimate is an upper bound (no cache hit, no repeated key), hence larger than `MAX_UPSTREAM_CALLS`.',
  }),
  OPERATION_TIMEOUT_MS: variable(whole(100, 600_000), {
    default: 15_000,
    meaning: 'The deadline of one whole operation; fields still waiting for an upstream then fail with `UPSTREAM_TIMEOUT` and the rest of the answer is returned.',
  }),
  CLIENT_UPSTREAM_CALLS_PER_SECOND: variable(whole(1, 1_000_000), {
    default: 200,
    meaning:
      'The most upstream requests one client (its address: the socket\'s, or behind `TRUST_PROXY` the forwarded one; an IPv6 /64 as one; whatever API keys it sends) may cause per second over all its operations; past it calls are refused unsent with `RATE_LIMITED`. Per process unless `REDIS_URL` is set.',
  }),
  MAX_BODY_BYTES: variable(whole(1024, 100_000_000), {
    default: 1_000_000,
    meaning: 'The most bytes of a request body; past it: 413, and nothing more is read.',
  }),
  MAX_URL_BYTES: variable(whole(256, 1_000_000), { default: 16_384, meaning: 'The most bytes of a request URL (path and query); past it: 414.' }),
  MAX_HEADER_BYTES: variable(whole(1024, 1_000_000), { default: 32_768, meaning: 'The most bytes of a request\'s header section; past it: 431.' }),
  HEADERS_TIMEOUT_MS: variable(whole(1_000, 600_000), {
    default: 10_000,
    meaning:
      'How long a client may take to send a request\'s whole head (request line and headers), counted from its first byte; past it the connection is answered 408 `REQUEST_TIMEOUT` and closed. Checked every second.',
    see: 'operations.md#slow-and-dishonest-clients',
  }),
  BODY_TIMEOUT_MS: variable(whole(1_000, 600_000), {
    default: 10_000,
    meaning:
      'The longest gap between two pieces of a request body; past it the request is answered 408 `REQUEST_TIMEOUT` and its connection closed. A body is read whole before the request is admitted, so a slow one holds no admission slot.',
    see: 'operations.md#slow-and-dishonest-clients',
  }),
  REQUEST_TIMEOUT_MS: variable(whole(1_000, 600_000), {
    default: 30_000,
    meaning:
      'How long a client may take to send a whole request (head and body); past it: 408 `REQUEST_TIMEOUT`, connection closed. Checked every second. Running the operation and sending its answer are not counted.',
    see: 'operations.md#slow-and-dishonest-clients',
  }),
  WRITE_TIMEOUT_MS: variable(whole(1_000, 600_000), {
    default: 10_000,
    meaning:
      'How long a connection may hold answer bytes its client does not take (it stopped reading) before it is closed; checked every second. Also for WebSocket and event-stream connections.',
    see: 'operations.md#slow-and-dishonest-clients',
  }),
});

export const subscriptions = section('subscriptions', {
  SUBSCRIPTION_POLL_MS: variable(whole(10, 600_000), {
    // A block waits at most this long to be seen, then the fan-out: a second keeps a viewer within 2 s of the chain.
    default: 1_000,
    meaning: 'How often a live subscription\'s poller asks its upstream for news (one poller per subject, whatever keys its subscribers send).',
  }),
  MAX_SUBSCRIPTIONS_PER_CLIENT: variable(whole(1, 10_000), {
    default: 20,
    meaning:
      'The most live subscriptions one client (its address, as for `CLIENT_UPSTREAM_CALLS_PER_SECOND`) holds open at once, per process; past it: `TOO_MANY_SUBSCRIPTIONS`.',
  }),
  SSE_RESERVATION_TTL_MS: variable(whole(100, 600_000), {
    default: 30_000,
    meaning:
      'How long a reservation of graphql-sse\'s single connection mode (its `PUT`) waits for its event stream to open; one still not opened is then dropped (its operations are answered 404).',
  }),
  SSE_MAX_RESERVATIONS: variable(whole(1, 1_000_000), {
    default: 1000,
    meaning:
      'The most reservations of graphql-sse\'s single connection mode whose event stream has not opened yet, per process: a `PUT` past it is answered 503 `OVERLOADED` with `Retry-After` (the reservation time-out, in seconds), so a flood of reservations holds no unbounded memory.',
  }),
});
