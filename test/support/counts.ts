/** Upstream call counts as tests assert them. */
import type { Sandbox, SandboxService } from '@avalanche-graph/sandbox';

/** The Data API's chain list, which `chain(id:)` reads to resolve a chain (once per cache partition). */
export const CHAIN_LIST = 'GET /v1/chains';

/** The calls a service counted besides those of `routes` (e.g. besides the CHAIN_LIST). */
export function callsBeside(service: SandboxService, ...routes: string[]): number {
  const counts = service.counts();
  return service.total() - routes.reduce((sum, route) => sum + (counts[route] ?? 0), 0);
}

/** HTTP requests every simulated service received (a node's counters also count each JSON-RPC method: left out). */
export function upstreamRequests(sandbox: Sandbox): number {
  return Object.values(sandbox.counts())
    .flatMap((routes) => Object.entries(routes))
    .filter(([key]) => key.split(' ').length === 2)
    .reduce((sum, [, n]) => sum + n, 0);
}
