/**
 * The official Data API client (`@avalanche-sdk/chainkit`) as the conformance tests use it against
 * the simulated services: telemetry off, and per-call options naming the service.
 */
import { Avalanche } from '@avalanche-sdk/chainkit';

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
