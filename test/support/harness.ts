/**
 * Starts the simulated upstreams and the gateway on free loopback ports and queries the gateway
 * over real HTTP. Every HTTP-level test uses this.
 */
import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import { print, type GraphQLFormattedError } from 'graphql';
import { loadConfig, type Config } from '../../src/config.js';
import { createLogger } from '../../src/logger.js';
import { startSandbox, type Sandbox } from '../../src/sandbox/index.js';
import { startServer, type RunningServer } from '../../src/server.js';

export interface GraphQLResponse<T> {
  data?: T | null;
  errors?: Array<GraphQLFormattedError & { extensions?: Record<string, any> }>;
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

export async function startHarness(env: Record<string, string> = {}): Promise<Harness> {
  const sandbox = await startSandbox({ port: 0 });
  const config = loadConfig({
    DATA_API_URL: sandbox.urls.dataApi,
    NODE_RPC_URL_MAINNET: sandbox.urls.nodeRpcMainnet,
    NODE_RPC_URL_FUJI: sandbox.urls.nodeRpcFuji,
    METRICS_URL: sandbox.urls.metrics,
    HOST: '127.0.0.1',
    PORT: '0',
    LOG_LEVEL: 'silent',
    ...env,
  });
  const server = await startServer(config, createLogger('silent'));
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
    close: async () => {
      await server.close();
      await sandbox.close();
    },
  };
}
