/** Upstream call counts as tests assert them. */
import type { Sandbox, SandboxService } from '@avalanche-graph/sandbox';

/** The Data API's chain list, which `chain(id:)` reads to resolve a chain (once per cache partition). */
export const CHAIN_LIST = 'GET /v1/chains';

/**
 * An operation of four Data API calls (a native balance and three lists of one wallet), after the chain
 * list: the tests of a per-client or per-consumer upstream rate spend a budget with it.
 */
export const FOUR_CALL_WALLET = `{ chain(id: "43114") { address(address: "0xF724DA949F47F4730090Aa7dC8fB77d87A5d24C9") {
  nativeBalance { balance }
  transactions(first: 1) { nodes { hash } }
  erc20Transfers(first: 1) { nodes { txHash } }
  erc721Balances(first: 1) { nodes { tokenId } }
} } }`;

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
