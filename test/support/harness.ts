/**
 * Starts the simulated upstreams and the gateway on free loopback ports and queries the gateway
 * over real HTTP. Every HTTP-level test uses this.
 */
import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import { print, type GraphQLFormattedError } from 'graphql';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { loadConfig, type Config } from '../../src/config.js';
import { createLogger } from '../../src/logger.js';
import { dataApiAccessFromEnv, startSandbox, type SandboxService, type Sandbox } from '@avalanche-graph/sandbox';
import { startServer, type RunningServer } from '../../src/server.js';

export interface GraphQLResponse<T> {
  data?: T | null;
  errors?: Array<GraphQLFormattedError & { extensions?: Record<string, any> }>;
  extensions?: Record<string, any>;
}

export interface Harness {
  sandbox: Sandbox;
  server: RunningServer;
  config: Config;
  /** The gateway's GraphQL endpoint. */
  url: string;
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

/** `env` configures the gateway and, through its `SANDBOX_*` key and rate variables, the simulated Data API. */
export async function startHarness(env: Record<string, string> = {}, logger = createLogger('silent')): Promise<Harness> {
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
 * A gateway in front of an existing sandbox (e.g. a second replica of a harness's): `close` stops
 * the gateway only.
 */
export async function startGateway(sandbox: Sandbox, env: Record<string, string> = {}, logger = createLogger('silent')): Promise<Harness> {
  const config = loadConfig({
    DATA_API_URL: sandbox.urls.dataApi,
    NODE_RPC_URL_MAINNET: sandbox.urls.nodeRpcMainnet,
    NODE_RPC_URL_FUJI: sandbox.urls.nodeRpcFuji,
    METRICS_URL: sandbox.urls.metrics,
    HOST: '127.0.0.1',
    PORT: '0',
    LOG_LEVEL: 'silent',
    // Tests inject runs of upstream failures; a breaker opened by one test would fail the next.
    // The breaker's own tests set a threshold.
    BREAKER_THRESHOLD: '1000',
    // Tests count upstream calls of repeated reads; the response cache's own tests turn it on.
    RESPONSE_CACHE_MAX_ENTRIES: '0',
    ...env,
  });
  const server = await startServer(config, logger);
  const request = async <T,>(document: TypedDocumentNode<T, any> | string, variables?: Record<string, unknown>, headers: Record<string, string> = {}) => {
    const response = await fetch(server.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/graphql-response+json, application/json', ...headers },
      body: JSON.stringify({ query: typeof document === 'string' ? document : print(document), variables }),
    });
    return { status: response.status, body: (await response.json()) as GraphQLResponse<T> };
  };
  return {
    sandbox,
    server,
    config,
    url: server.url,
    request,
    query: async (document, variables, headers) => (await request(document, variables, headers)).body,
    close: () => server.close(),
  };
}

/** What `useHarness` gives a test file. */
export interface SharedHarness {
  /** The file's harness: a stable handle to the one started in `beforeAll`, so it can be destructured at the top of the file. */
  readonly h: Harness;
  /**
   * The current test's headers: `{ 'x-data-api-key': '<keyPerTest>-<n>' }`, or `{}` without keyPerTest.
   * One object for the whole file, updated in place before each test, so it can be destructured too.
   */
  readonly headers: Record<string, string>;
  /** `h.query` with the current test's headers. */
  query<T, V extends Record<string, unknown> = Record<string, never>>(document: TypedDocumentNode<T, V> | string, variables?: V): Promise<GraphQLResponse<T>>;
  /** Moves the current test to the next fresh Data API key (a cache partition nothing has read into). Needs keyPerTest. */
  freshKey(): void;
  /** The sandbox's services (read them inside hooks and tests: the harness starts in `beforeAll`). */
  readonly dataApi: SandboxService;
  /** The mainnet node RPC. */
  readonly node: SandboxService;
  readonly nodeFuji: SandboxService;
  readonly metrics: SandboxService;
}

/**
 * One harness for all the tests of a file, with exact upstream call counts per test: registers the
 * vitest hooks that start it once (`beforeAll`, with `env` over the sandbox's URLs), close it
 * (`afterAll`) and, before each test, reset the sandbox's counters and faults. The gateway's cache
 * outlives a test but is partitioned by Data API key, so with `keyPerTest` each test also gets a fresh
 * key `<keyPerTest>-<n>`: nothing an earlier test read can hide a call. Call it at the top level of the
 * file, before the file's own hooks (which then run after these).
 */
export function useHarness(options: { env?: Record<string, string>; keyPerTest?: string } = {}): SharedHarness {
  let started: Harness | undefined;
  let run = 0;
  const current = (): Harness => {
    if (!started) throw new Error('useHarness: the harness starts in beforeAll; use it inside hooks and tests');
    return started;
  };
  const headers: Record<string, string> = {};
  const freshKey = () => {
    if (options.keyPerTest === undefined) throw new Error('useHarness: freshKey needs the keyPerTest option');
    headers['x-data-api-key'] = `${options.keyPerTest}-${++run}`;
  };
  const h: Harness = {
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
    query: (document, variables, extra) => current().query(document, variables, extra),
    request: (document, variables, extra) => current().request(document, variables, extra),
    close: () => current().close(),
  };

  beforeAll(async () => {
    started = await startHarness(options.env);
  });
  afterAll(async () => {
    await started?.close();
    started = undefined;
  });
  beforeEach(() => {
    if (options.keyPerTest !== undefined) freshKey();
    current().sandbox.reset();
  });

  return {
    h,
    headers,
    query: (document, variables) => current().query(document, variables, headers),
    freshKey,
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
