/** Upstream call counts as tests assert them. */
import type { SandboxService } from '@avalanche-graph/sandbox';

/** The Data API's chain list, which `chain(id:)` reads to resolve a chain (once per cache partition). */
export const CHAIN_LIST = 'GET /v1/chains';

/** The calls a service counted besides those of `routes` (e.g. besides the CHAIN_LIST). */
export function callsBeside(service: SandboxService, ...routes: string[]): number {
  const counts = service.counts();
  return service.total() - routes.reduce((sum, route) => sum + (counts[route] ?? 0), 0);
}
