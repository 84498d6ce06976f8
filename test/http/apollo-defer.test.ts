/**
 * `@defer` as Apollo Client 4 asks for it: its HttpLink, with the incremental handler of the
 * protocol yoga speaks (`Defer20220824Handler`), sends `accept: multipart/mixed;deferSpec=20220824`
 * and shows the page's fast part first: the query's first result has the chain without its
 * deferred head (read from a slow node), the next one has both, in a cache set up with the
 * generated kit (clients/apollo.ts). No console warning on the way.
 */
import { ApolloClient, HttpLink, InMemoryCache, gql } from '@apollo/client';
import { Defer20220824Handler } from '@apollo/client/incremental';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { possibleTypes, typePolicies } from '../../clients/apollo.js';
import { useSocketHarness } from '../support/harness.js';

const DEFERRED_HEAD = gql`
  query ApolloDeferredHead {
    chain(id: "43114") {
      id
      chainId
      chainName
      ...ChainHead @defer
    }
  }
  fragment ChainHead on Chain {
    latestBlockNumber
  }
`;

interface Shown {
  dataState: string;
  chain: { chainId: string; chainName: string; latestBlockNumber?: string } | undefined;
}

const shared = useSocketHarness({ keyPerTest: 'apollo-defer' });
const { h, headers } = shared;

afterEach(() => {
  h.sandbox.setLatency(0);
  vi.restoreAllMocks();
});

describe("Apollo Client's HttpLink with @defer", () => {
  it('receives the initial data first and the deferred fragment after, with no console warning', async () => {
    const warn = vi.spyOn(console, 'warn');
    const error = vi.spyOn(console, 'error');
    shared.node.setLatency(500);
    const client = new ApolloClient({ link: new HttpLink({ uri: h.url, headers }), cache: new InMemoryCache({ possibleTypes, typePolicies }), incrementalHandler: new Defer20220824Handler() });

    const shown: Shown[] = [];
    await new Promise<void>((resolve, reject) => {
      const subscription = client.watchQuery({ query: DEFERRED_HEAD, fetchPolicy: 'network-only' }).subscribe({
        next: (result) => {
          if (result.error) return reject(result.error);
          if (result.dataState === 'empty') return;
          const { __typename, id, ...chain } = (result.data as { chain: Shown['chain'] & { __typename: string; id: string } }).chain;
          shown.push({ dataState: result.dataState, chain });
          if (result.dataState === 'complete') {
            subscription.unsubscribe();
            resolve();
          }
        },
        error: reject,
      });
    });

    const head = String(h.sandbox.world.evm.chain(43114)!.latestBlockNumber());
    expect(shown).toEqual([
      { dataState: 'streaming', chain: { chainId: '43114', chainName: 'Avalanche (C-Chain)' } },
      { dataState: 'complete', chain: { chainId: '43114', chainName: 'Avalanche (C-Chain)', latestBlockNumber: head } },
    ]);
    // One operation: the chain list, then the head from the node.
    expect(shared.dataApi.counts()).toEqual({ 'GET /v1/chains': 1 });
    expect(shared.node.counts()).toEqual({ 'POST /ext/bc/{blockchainId}/rpc': 1, 'POST /ext/bc/{blockchainId}/rpc eth_blockNumber': 1 });
    expect(warn).not.toHaveBeenCalled();
    expect(error).not.toHaveBeenCalled();
  });
});
