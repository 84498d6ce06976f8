/**
 * Starts the simulated upstreams and a gateway over them, and queries the gateway.
 *
 * Two tiers. By default everything runs in process (`startHarness`, `useHarness`): the sandbox opens
 * no listener, the gateway's upstream calls reach the services' handlers through an in-process
 * undici dispatcher (test/support/sandbox-dispatcher.ts), and operations go to the yoga server's
 * `fetch`; upstream call counts, faults and latency behave as over sockets. The HTTP tier
 * (`startSocketHarness`, `useSocketHarness`) listens on loopback ports as production does, for what
 * only a socket shows: request limits, CORS, SSE, processes, shutdown, a browser, Redis.
 */
import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import { print, type GraphQLFormattedError } from 'graphql';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { loadConfig, type Config } from '../../src/config/index.js';
import { createGatewayLogger, createLogger, type Logger } from '../../src/observability/logger.js';
import { dataApiAccessFromEnv, startSandbox, upstreamVariables, type SandboxService, type Sandbox } from '@avalanche-graph/sandbox';
import { createRuntime, startServer, type GatewayRuntime, type RunningServer } from '../../src/http/server.js';

export interface GraphQLResponse<T> {
  data?: T | null;
  errors?: Array<GraphQLFormattedError & { extensions?: Record<string, any> }>;
  extensions?: Record<string, any>;
}

export interface Harness {
  sandbox: Sandbox;
  /** The gateway and what it runs on (its upstreams, metrics, subscriptions). */
  server: GatewayRuntime;
  config: Config;
  /** The gateway's GraphQL endpoint (in process: an origin only `fetch` reaches). */
  url: string;
  /** Sends a request to a path of the gateway (e.g. `/ready`), in process or over its socket. */
  fetch(path: string, init?: RequestInit): Promise<Response>;
  /** Sends an operation (typed document or text) and returns the parsed answer. */
  query<T, V extends Record<string, unknown> = Record<string, never>>(
    document: TypedDocumentNode<T, V> | string,
    variables?: V,
    headers?: Record<string, string>,
  ): Promise<GraphQLResponse<T>>;
  /** Like `query`, plus the HTTP status. */
  request<T>(document: TypedDocumentNode<T, any> | string, variables?: Record<string, unknown>, headers?: Record<string, string>): Promise<{ status: number; body: GraphQLResponse<T> }>;
  close(): Promise<void>;
}

/** A harness whose gateway and sandbox listen on loopback ports. */
export interface SocketHarness extends Harness {
  server: RunningServer;
}

/** Where a gateway's log lines go in a test: each JSON line as written, through the gateway's own logger (LOG_LEVEL, redaction). */
export type LogSink = (line: string) => void;

export interface InProcessOptions {
  /** More simulated services the gateway reaches in process, each at its `serveAt` origin (e.g. one on a clock of its own). */
  services?: SandboxService[];
  /** A logger of the test's own, or a sink for the gateway's lines; silent by default. */
  logger?: Logger | LogSink;
}

/** The logger a test gateway gets: the given one, the gateway's own writing to a sink, or a silent one. */
function testLogger(config: Config, logger: Logger | LogSink | undefined): Logger {
  if (logger === undefined) return createLogger('silent');
  return typeof logger === 'function' ? createGatewayLogger(config, logger) : logger;
}

/** Where an in-process gateway answers: an origin nothing resolves, reached only through `yoga.fetch`. */
const IN_PROCESS_GATEWAY = 'http://gateway.invalid';

/** The gateway's configuration over a sandbox: `env` wins. */
function harnessConfig(sandbox: Sandbox, env: Record<string, string>): Config {
  return loadConfig({
    ...upstreamVariables(sandbox.urls),
    HOST: '127.0.0.1',
    PORT: '0',
    LOG_LEVEL: 'silent',
    // Tests inject runs of upstream failures; a breaker opened by one test would fail the next.
    // The breaker's own tests set a threshold.
    BREAKER_THRESHOLD: '1000',
    // Tests count upstream calls of repeated reads; the response cache's own tests turn it on.
    RESPONSE_CACHE_MAX_ENTRIES: '0',
    // A test worker holds many gateways, sandboxes and clients: its resident size is not one
    // gateway's, and the pressure guard would shed every request against the 512 MiB default. The
    // overload tests (test/http/overload.test.ts) run the gateway in a process of its own, at the default.
    MEMORY_LIMIT_MB: '16384',
    // A busy test worker's loop can lag (a type-check, a browser beside it); the guard's own tests set it.
    MAX_EVENT_LOOP_DELAY_MS: '0',
    // Every request of a test comes from one client (loopback, or no address in process), whatever
    // key it sends: the per-client rate's own tests set it.
    CLIENT_UPSTREAM_CALLS_PER_SECOND: '1000000',
    ...env,
  });
}

/** `query` and `request` over a fetch to the gateway's GraphQL endpoint. */
function operations(send: (path: string, init: RequestInit) => Promise<Response>): Pick<Harness, 'query' | 'request'> {
  const request = async <T,>(document: TypedDocumentNode<T, any> | string, variables?: Record<string, unknown>, headers: Record<string, string> = {}) => {
    const response = await send('/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/graphql-response+json, application/json', ...headers },
      body: JSON.stringify({ query: typeof document === 'string' ? document : print(document), variables }),
    });
    return { status: response.status, body: (await response.json()) as GraphQLResponse<T> };
  };
  return { request, query: async (document, variables, headers) => (await request(document, variables, headers)).body };
}

/**
 * A sandbox and a gateway in this process, without sockets. `env` configures the gateway and,
 * through its `SANDBOX_*` key and rate variables, the simulated Data API.
 */
export async function startHarness(env: Record<string, string> = {}, options: InProcessOptions = {}): Promise<Harness> {
  const sandbox = await startSandbox({ listen: false, dataApiAccess: dataApiAccessFromEnv(env) });
  const extra = new Map((options.services ?? []).map((service) => [service.url, service]));
  const config = harnessConfig(sandbox, env);
  // Loaded here, not at the top: it loads undici's index, which the socket tier's files (each in a
  // process of its own) would pay for without using it.
  const { sandboxDispatchers } = await import('./sandbox-dispatcher.js');
  const runtime = await createRuntime(config, testLogger(config, options.logger), {
    dispatcher: sandboxDispatchers((origin) => sandbox.serviceAt(origin) ?? extra.get(origin)),
  });
  runtime.accepting = true;
  const fetch = (path: string, init: RequestInit = {}) => Promise.resolve(runtime.gateway.fetch(new URL(path, IN_PROCESS_GATEWAY), init));
  return {
    sandbox,
    server: runtime,
    config,
    url: `${IN_PROCESS_GATEWAY}/graphql`,
    fetch,
    ...operations(fetch),
    close: async () => {
      await runtime.close();
      await sandbox.close();
    },
  };
}

/** A sandbox and a gateway listening on free loopback ports: the HTTP tier. */
export async function startSocketHarness(env: Record<string, string> = {}, logger?: Logger | LogSink): Promise<SocketHarness> {
  const sandbox = await startSandbox({ port: 0, dataApiAccess: dataApiAccessFromEnv(env) });
  const gateway = await startGateway(sandbox, env, logger);
  return {
    ...gateway,
    close: async () => {
      await gateway.close();
      await sandbox.close();
    },
  };
}

/**
 * A listening gateway in front of an existing listening sandbox (e.g. a second replica of a
 * harness's): `close` stops the gateway only.
 */
export async function startGateway(sandbox: Sandbox, env: Record<string, string> = {}, logger?: Logger | LogSink): Promise<SocketHarness> {
  const config = harnessConfig(sandbox, env);
  const server = await startServer(config, testLogger(config, logger));
  const fetchPath = (path: string, init?: RequestInit) => fetch(new URL(path, server.url), init);
  return {
    sandbox,
    server,
    config,
    url: server.url,
    fetch: fetchPath,
    ...operations(fetchPath),
    close: () => server.close(),
  };
}

/** What `useHarness` gives a test file. */
export interface SharedHarness<H extends Harness = Harness> {
  /** The file's harness: a stable handle to the one started in `beforeAll`, so it can be destructured at the top of the file. */
  readonly h: H;
  /**
   * The current test's headers: `{ 'x-data-api-key': '<keyPerTest>-<n>' }`, or `{}` without keyPerTest.
   * One object for the whole file, updated in place before each test, so it can be destructured too.
   */
  readonly headers: Record<string, string>;
  /** `h.query` with the current test's headers. */
  query<T, V extends Record<string, unknown> = Record<string, never>>(document: TypedDocumentNode<T, V> | string, variables?: V): Promise<GraphQLResponse<T>>;
  /** Moves the current test to the next fresh Data API key (a cache partition nothing has read into). Needs keyPerTest. */
  freshKey(): void;
  /**
   * Reads the chain list (which `chain(id:)` reads once per cache partition) into the current test's
   * partition, then resets the sandbox's counters: the test counts only the calls of its own reads.
   */
  warmChains(): Promise<void>;
  /** The sandbox's services (read them inside hooks and tests: the harness starts in `beforeAll`). */
  readonly dataApi: SandboxService;
  /** The mainnet node RPC. */
  readonly node: SandboxService;
  readonly nodeFuji: SandboxService;
  readonly metrics: SandboxService;
}

export interface SharedHarnessOptions {
  /** The gateway's environment (over the sandbox's URLs). */
  env?: Record<string, string>;
  /** Gives each test a fresh Data API key `<keyPerTest>-<n>`. */
  keyPerTest?: string;
  /** Where the gateway's log lines go (through its own logger, at the env's LOG_LEVEL); none by default. */
  log?: LogSink;
  /** Before each test, after its fresh key: `warmChains()`. */
  warmChains?: boolean;
}

/**
 * One in-process harness for all the tests of a file, with exact upstream call counts per test:
 * registers the vitest hooks that start it once (`beforeAll`, with `env` over the sandbox's URLs),
 * close it (`afterAll`) and, before each test, reset the sandbox's counters and faults. The
 * gateway's cache outlives a test but is partitioned by Data API key, so with `keyPerTest` each test
 * also gets a fresh key `<keyPerTest>-<n>`: nothing an earlier test read can hide a call. With
 * `warmChains`, that partition already holds the chain list when the test starts, with the counters
 * reset after reading it. Call it at the top level of the file, before the file's own hooks (which
 * then run after these).
 */
export function useHarness(options: SharedHarnessOptions = {}): SharedHarness {
  return shareHarness(() => startHarness(options.env, { logger: options.log }), options);
}

/** `useHarness` for the HTTP tier: the gateway and the sandbox listen on loopback ports. */
export function useSocketHarness(options: SharedHarnessOptions = {}): SharedHarness<SocketHarness> {
  return shareHarness(() => startSocketHarness(options.env, options.log), options);
}

function shareHarness<H extends Harness>(start: () => Promise<H>, options: SharedHarnessOptions): SharedHarness<H> {
  let started: H | undefined;
  let run = 0;
  const current = (): H => {
    if (!started) throw new Error('useHarness: the harness starts in beforeAll; use it inside hooks and tests');
    return started;
  };
  const headers: Record<string, string> = {};
  const freshKey = () => {
    if (options.keyPerTest === undefined) throw new Error('useHarness: freshKey needs the keyPerTest option');
    headers['x-data-api-key'] = `${options.keyPerTest}-${++run}`;
  };
  const warmChains = async () => {
    const { errors } = await current().query('{ chains { chainId } }', {}, headers);
    if (errors) throw new Error(`useHarness: the chain list did not load: ${JSON.stringify(errors)}`);
    current().sandbox.reset();
  };
  const h = {
    get sandbox() {
      return current().sandbox;
    },
    get server() {
      return current().server;
    },
    get config() {
      return current().config;
    },
    get url() {
      return current().url;
    },
    fetch: (path, init) => current().fetch(path, init),
    query: (document, variables, extra) => current().query(document, variables, extra),
    request: (document, variables, extra) => current().request(document, variables, extra),
    close: () => current().close(),
  } as Harness as H;

  beforeAll(async () => {
    started = await start();
  });
  afterAll(async () => {
    await started?.close();
    started = undefined;
  });
  beforeEach(async () => {
    if (options.keyPerTest !== undefined) freshKey();
    current().sandbox.reset();
    if (options.warmChains) await warmChains();
  });

  return {
    h,
    headers,
    query: (document, variables) => current().query(document, variables, headers),
    freshKey,
    warmChains,
    get dataApi() {
      return current().sandbox.services.dataApi;
    },
    get node() {
      return current().sandbox.services.nodeMainnet;
    },
    get nodeFuji() {
      return current().sandbox.services.nodeFuji;
    },
    get metrics() {
      return current().sandbox.services.metrics;
    },
  };
}
