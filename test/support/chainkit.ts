/**
 * The official Data API client (`@avalanche-sdk/chainkit`) as the conformance tests use it against
 * the simulated services: telemetry off, and per-call options naming the service.
 */
import { Avalanche } from '@avalanche-sdk/chainkit';
import type { Sandbox } from '@avalanche-graph/sandbox';
import { beforeAll } from 'vitest';

/**
 * Per-call options: operations carry their own server list, which the constructor's `serverURL`
 * does not override; no retries, so a refused answer is the test's to see.
 */
export interface ChainkitCall {
  serverURL: string;
  retries: { strategy: 'none' };
}

/** A client that sends no telemetry (nothing leaves the machine), with the given API key if any. */
export const chainkitClient = (apiKey?: string) => new Avalanche(apiKey === undefined ? { enableTelemetry: false } : { enableTelemetry: false, apiKey });

/** Per-call options pointing an operation at one simulated service. */
export const callAt = (serverURL: string): ChainkitCall => ({ serverURL, retries: { strategy: 'none' } });

/** What a conformance file asks the sandbox with (`useChainkit`). */
export interface SharedChainkit {
  /** A client without a key. */
  sdk: Avalanche;
  /** Per-call options pointing at the sandbox's Data API. */
  at: ChainkitCall;
  /** Per-call options pointing at the sandbox's metrics service. */
  atMetrics: ChainkitCall;
}

/**
 * A client and the per-call options for a file's sandbox (`useSandbox`): registers a `beforeAll`
 * that sets the options' URLs once the sandbox listens. The options are one object each for the
 * whole file, set in place, so they can be destructured at the top of the file; call this after
 * `useSandbox`, so that its hook runs after the sandbox started.
 */
export function useChainkit(sandbox: Sandbox): SharedChainkit {
  const at = callAt('');
  const atMetrics = callAt('');
  beforeAll(() => {
    at.serverURL = sandbox.urls.dataApi;
    atMetrics.serverURL = sandbox.urls.metrics;
  });
  return { sdk: chainkitClient(), at, atMetrics };
}
