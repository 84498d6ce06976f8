/**
 * The sandbox without sockets (`startSandbox({ listen: false })`): its services answer at the
 * in-process origins through `sandbox.fetch`, a fetch function a client can take (viem here), with
 * the same counters and faults as over a socket, and the chain records point at those origins.
 */
import { describe, expect, it } from 'vitest';
import { createPublicClient, http } from 'viem';
import { IN_PROCESS_URLS } from '@avalanche-graph/sandbox';
import { useSandbox } from '../support/sandbox.js';

const sandbox = useSandbox({ listen: false });

describe('an in-process sandbox', () => {
  it('answers at the in-process origins, and its chain records point there', () => {
    expect(sandbox.urls).toEqual(IN_PROCESS_URLS);
    const cChain = sandbox.world.chains.find((c) => c.evmChainId === 43114 && c.network === 'mainnet')!;
    const l1 = sandbox.world.chains.find((c) => !c.isCChain)!;
    expect(cChain.info.rpcUrl).toBe(`${IN_PROCESS_URLS.nodeRpcMainnet}/ext/bc/C/rpc`);
    expect(l1.info.rpcUrl).toBe(`${IN_PROCESS_URLS.l1Nodes}/${l1.slug}/${l1.network}/rpc`);
    expect(sandbox.serviceAt(l1.info.rpcUrl)).toBe(sandbox.services.l1Nodes);
    expect(sandbox.serviceAt('http://elsewhere.invalid/v1/chains')).toBeUndefined();
  });

  it('serves a client through sandbox.fetch, counted as over a socket', async () => {
    sandbox.reset();
    const cChain = sandbox.world.chains.find((c) => c.evmChainId === 43114 && c.network === 'mainnet')!;
    const viem = createPublicClient({ transport: http(cChain.info.rpcUrl, { fetchFn: sandbox.fetch, retryCount: 0 }) });
    expect(await viem.getBlockNumber()).toBe(BigInt(sandbox.world.evm.chain(43114)!.latestBlockNumber()));
    expect(sandbox.counts().nodeMainnet).toEqual({ 'POST /ext/bc/{blockchainId}/rpc': 1, 'POST /ext/bc/{blockchainId}/rpc eth_blockNumber': 1 });
  });

  it('fails a reset as a closed connection, and an origin nothing answers as a refused one', async () => {
    sandbox.services.dataApi.setFault('GET /v1/chains', { reset: true, times: 1 });
    const reset = await sandbox.fetch(`${sandbox.urls.dataApi}/v1/chains`).catch((e: unknown) => e);
    expect(reset).toBeInstanceOf(TypeError);
    expect((reset as TypeError & { cause: { code: string } }).cause.code).toBe('UND_ERR_SOCKET');
    expect((await sandbox.fetch(`${sandbox.urls.dataApi}/v1/chains`)).status).toBe(200);
    const refused = await sandbox.fetch('http://elsewhere.invalid/v1/chains').catch((e: unknown) => e);
    expect((refused as TypeError & { cause: { code: string } }).cause.code).toBe('ECONNREFUSED');
  });
});
