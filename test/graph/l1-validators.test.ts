/**
 * Chain.validators over an L1's own validators API, and Blockchain.status over the P-Chain's
 * `platform.getBlockchainStatus`: every field of the node's answer, node-id checks before any call,
 * one call per chain however the list is filtered, and the C-Chain refused with a pointer to the
 * primary network's validators.
 */
import { describe, expect, it } from 'vitest';
import { nodeIdFromBytes } from '@avalanche-graph/identity';
import type { SandboxChain } from '@avalanche-graph/sandbox';
import { BlockchainStatusDocument, ChainL1ValidatorsDocument } from '../gql/graphql.js';
import { useHarness } from '../support/harness.js';

const VALIDATORS = 'POST /{l1}/{network}/validators';
const STATUS = 'POST /ext/bc/P platform.getBlockchainStatus';

const { h } = useHarness();

function chain(evmChainId: number): SandboxChain {
  return h.sandbox.world.chains.find((c) => c.evmChainId === evmChainId)!;
}

/** Asks the node directly (then clears the counters): the expectation. */
async function nodeResult(url: string, method: string, params: unknown): Promise<any> {
  const response = await h.sandbox.fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  const body = (await response.json()) as { result?: any; error?: unknown };
  expect(body.error).toBeUndefined();
  h.sandbox.reset();
  return body.result;
}

/** Beside the L1's own JSON-RPC (the rpcUrl of its chain record). */
const validatorsUrl = (c: SandboxChain) => c.info.rpcUrl.replace(/\/rpc$/, '/validators');

async function nodeValidators(c: SandboxChain): Promise<any[]> {
  const { validators } = await nodeResult(validatorsUrl(c), 'validators.getCurrentValidators', { nodeIDs: [] });
  return validators;
}

function asGraph(v: any) {
  return {
    validationId: v.validationID,
    nodeId: v.nodeID,
    weight: String(v.weight),
    startTimestamp: v.startTimestamp,
    isActive: v.isActive,
    isL1Validator: v.isL1Validator,
    isConnected: v.isConnected,
    uptimePercentage: v.uptimePercentage,
    uptimeSeconds: String(v.uptimeSeconds),
  };
}

describe('Chain.validators', () => {
  it('returns every validator of an L1 with every field its node reports', async () => {
    for (const c of [chain(779672), chain(173750)]) {
      const expected = await nodeValidators(c);
      expect(expected.length).toBeGreaterThan(1);
      const network = c.network === 'mainnet' ? 'MAINNET' : 'FUJI';
      const { data, errors } = await h.query(ChainL1ValidatorsDocument, { id: String(c.evmChainId), network });
      expect(errors).toBeUndefined();
      expect(data!.chain!.validators).toEqual(expected.map(asGraph));
      expect(h.sandbox.services.l1Nodes.counts()[`${VALIDATORS} validators.getCurrentValidators`]).toBe(1);
      expect(h.sandbox.services.l1Nodes.recent.map((r) => r.url)).toEqual([`/${c.slug}/${c.network}/validators`]);
    }
  });

  it('filters by node id, leaving out ids that do not validate, with one call for the whole set', async () => {
    const expected = await nodeValidators(chain(779672));
    const stranger = nodeIdFromBytes(new Uint8Array(20).fill(7));
    const nodeIds = [expected[1].nodeID, stranger, expected[0].nodeID];
    const { data, errors } = await h.query(ChainL1ValidatorsDocument, { id: '779672', nodeIds });
    expect(errors).toBeUndefined();
    expect(data!.chain!.validators!.map((v) => v.nodeId).sort()).toEqual([expected[0].nodeID, expected[1].nodeID].sort());
    expect(h.sandbox.services.l1Nodes.counts()[`${VALIDATORS} validators.getCurrentValidators`]).toBe(1);
  });

  it('refuses a malformed node id before calling the node', async () => {
    const { data, errors } = await h.query(ChainL1ValidatorsDocument, { id: '779672', nodeIds: ['NodeID-2KhBpkpvuA1vseuNTUmjuSRhAFVw8hDgF', 'NodeID-nope'] });
    expect(data).toBeUndefined();
    expect(errors![0]!.extensions).toMatchObject({ code: 'BAD_USER_INPUT', argument: 'nodeIds[1]' });
    expect(h.sandbox.services.l1Nodes.total(VALIDATORS)).toBe(0);
    expect(h.sandbox.services.dataApi.total()).toBe(0);
  });

  it('answers the C-Chain with a clear error pointing to the primary network\'s validators, without a node call', async () => {
    const { data, errors } = await h.query(ChainL1ValidatorsDocument, { id: '43114' });
    expect(data!.chain).toEqual({ chainId: '43114', validators: null });
    expect(errors![0]!.extensions).toMatchObject({ code: 'BAD_USER_INPUT' });
    expect(errors![0]!.message).toMatch(/primary network/);
    expect(errors![0]!.message).toMatch(/Network\.validators/);
    expect(h.sandbox.services.l1Nodes.total(VALIDATORS)).toBe(0);
  });

  it('fails only the list when the node is down', async () => {
    h.sandbox.services.l1Nodes.setFault(VALIDATORS, { status: 502 });
    const { data, errors } = await h.query(ChainL1ValidatorsDocument, { id: '779672' });
    expect(data!.chain).toEqual({ chainId: '779672', validators: null });
    expect(errors![0]!.extensions).toMatchObject({ code: 'UPSTREAM_ERROR', service: 'node-rpc', status: 502 });
  });
});

describe('Blockchain.status', () => {
  it('maps the P-Chain\'s status of the C-Chain and the L1 chains', async () => {
    const cases = [chain(43114), chain(779672), chain(432204), chain(173750)];
    const seen = new Set<string>();
    for (const c of cases) {
      const { status } = await nodeResult(`${c.network === 'mainnet' ? h.sandbox.urls.nodeRpcMainnet : h.sandbox.urls.nodeRpcFuji}/ext/bc/P`, 'platform.getBlockchainStatus', { blockchainID: c.blockchainId });
      const network = c.network === 'mainnet' ? 'MAINNET' : 'FUJI';
      const { data, errors } = await h.query(BlockchainStatusDocument, { network, id: c.blockchainId });
      expect(errors).toBeUndefined();
      const expected = { Validating: 'VALIDATING', Created: 'CREATED', Preferred: 'PREFERRED', Syncing: 'SYNCING', Unknown: 'UNKNOWN' }[status as string];
      expect(data!.network.blockchain).toEqual({ blockchainId: c.blockchainId, status: expected });
      seen.add(expected!);
    }
    // The world mixes validated and merely synced chains: both mappings were exercised.
    expect(seen.size).toBeGreaterThan(1);
  });

  it('fails only the status when the P-Chain call fails', async () => {
    h.sandbox.services.nodeMainnet.setFault(STATUS, { status: 500, body: { code: -32000, message: 'unavailable' } });
    const c = chain(779672);
    const { data, errors } = await h.query(BlockchainStatusDocument, { network: 'MAINNET', id: c.blockchainId });
    expect(data!.network.blockchain).toEqual({ blockchainId: c.blockchainId, status: null });
    expect(errors![0]!.extensions).toMatchObject({ code: 'UPSTREAM_ERROR', rpcCode: -32000 });
  });
});
