/**
 * A sandbox that lives (`startSandbox({ life })`): on its timers it mines a block on every EVM chain,
 * delivers the pending ICM messages and changes the validator sets, every service answers from the
 * new state, and the world stays consistent with itself and a function of its seed and its ticks.
 * Without `life` the world does not move. The intervals here are 50 ms; the tests wait for what
 * happened, never for a time.
 */
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { createPublicClient, http } from 'viem';
import {
  DEFAULT_LIFE,
  lifeFromEnv,
  sandboxOptionsFromEnv,
  SandboxConfigError,
  startSandbox,
  type LifeChange,
  type Sandbox,
} from '@avalanche-graph/sandbox';
import { balanceFromHistory, checkBlockTransactions, checkDelegations, checkIcmMessages, dataApiOf, linkedBlocks } from '../support/world-checks.js';
import { useSandbox } from '../support/sandbox.js';

const FAST = { blockIntervalMs: 50, icmIntervalMs: 50, validatorSetIntervalMs: 50 };
const NETWORKS = ['mainnet', 'fuji'] as const;
const PRIMARY = '11111111111111111111111111111111LpoYY';

/** Everything the life changes, as the world holds it: heads, ICM statuses, who is out of which set. */
function fingerprint(sandbox: Sandbox): string[] {
  const { evm, primary } = sandbox.world;
  return [
    ...evm.chainIds.map((id) => `${id}:${evm.chain(id)!.latestBlockNumber()}:${evm.chain(id)!.blocks.at(-1)!.hash}`),
    ...evm.icmMessages().map((m) => `${m.messageId}:${m.status}:${m.destination?.blockNumber ?? ''}:${m.destination?.txHash ?? ''}`),
    ...NETWORKS.map((n) => `${n}:${primary.removedValidators(n).join(',')}`),
  ];
}

/** The node ids of a P-Chain validator set as the node reports them (`platform.getCurrentValidators`). */
async function nodeSet(sandbox: Sandbox, network: (typeof NETWORKS)[number], subnetId = PRIMARY): Promise<string[]> {
  const url = network === 'mainnet' ? sandbox.urls.nodeRpcMainnet : sandbox.urls.nodeRpcFuji;
  const response = await fetch(`${url}/ext/bc/P`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'platform.getCurrentValidators', params: subnetId === PRIMARY ? {} : { subnetID: subnetId } }),
  });
  const body = (await response.json()) as { result: { validators: { nodeID: string }[] } };
  return body.result.validators.map((v) => v.nodeID).sort();
}

/** The same set as the Data API lists it: the primary network's active and pending validations, or an L1's validators. */
async function dataApiSet(sandbox: Sandbox, network: (typeof NETWORKS)[number], subnetId = PRIMARY): Promise<string[]> {
  const { walk } = dataApiOf(sandbox);
  if (subnetId !== PRIMARY) return (await walk(`/v1/networks/${network}/l1Validators?subnetId=${subnetId}&includeInactiveL1Validators=true`, 'validators')).map((v) => v.nodeId as string).sort();
  const rows = [...(await walk(`/v1/networks/${network}/validators?validationStatus=active`, 'validators')), ...(await walk(`/v1/networks/${network}/validators?validationStatus=pending`, 'validators'))];
  return rows.map((v) => v.nodeId as string).sort();
}

describe('a living sandbox', () => {
  const frozen = useSandbox();
  const sandbox = useSandbox({ life: FAST });
  const heads = new Map<number, number>();
  let pending: string[];
  const sets = new Map<string, string[]>();

  beforeAll(async () => {
    // What the world was before it lived (read before its first tick: every interval is 50 ms away).
    for (const id of sandbox.world.evm.chainIds) heads.set(id, frozen.world.evm.chain(id)!.latestBlockNumber());
    pending = frozen.world.evm.icmMessages().filter((m) => m.status === 'pending').map((m) => m.messageId);
    for (const network of NETWORKS) sets.set(network, await nodeSet(frozen, network));
    // It lives until every change happened a few times, then stops so that it can be checked still.
    await vi.waitFor(
      () => {
        const ticks = sandbox.life.ticks();
        if (ticks.blocks < 3 || ticks.icm < 2 || ticks.validatorSets < 2) throw new Error(`not yet: ${JSON.stringify(ticks)}`);
      },
      { timeout: 15_000, interval: 10 },
    );
    sandbox.life.stop();
  });

  it('reports its intervals, and the frozen one none', () => {
    expect(sandbox.life.intervals).toEqual(FAST);
    expect(frozen.life.intervals).toEqual({ blockIntervalMs: 0, icmIntervalMs: 0, validatorSetIntervalMs: 0 });
  });

  it('advanced the head of every EVM chain, as the Data API and the chain\'s node (viem) report it, with linked blocks', async () => {
    const ticks = sandbox.life.ticks();
    expect(sandbox.world.evm.chainIds).toHaveLength(5);
    for (const chain of sandbox.world.chains) {
      const blocks = await linkedBlocks(sandbox, String(chain.evmChainId));
      const tip = blocks.at(-1)!;
      // One block per tick, and one more for each delivery to this chain.
      const deliveries = sandbox.world.evm.icmMessages().filter((m) => pending.includes(m.messageId) && m.status === 'delivered' && m.destinationEvmChainId === chain.evmChainId).length;
      expect(Number(tip.blockNumber), String(chain.evmChainId)).toBe(heads.get(chain.evmChainId)! + ticks.blocks + deliveries);
      const viem = createPublicClient({ transport: http(chain.info.rpcUrl, { retryCount: 0 }) });
      const latest = await viem.getBlock({ blockTag: 'latest' });
      expect(latest.hash).toBe(tip.blockHash);
      expect(latest.parentHash).toBe(blocks.at(-2)!.blockHash);
    }
  });

  it('delivered the oldest pending ICM messages, each by a transaction of its destination chain that every view agrees on', async () => {
    const { icm } = sandbox.life.ticks();
    const delivered = pending.filter((id) => sandbox.world.evm.icmMessage(id)!.status === 'delivered');
    expect(delivered).toEqual(pending.slice(0, Math.min(icm, pending.length)));
    expect(await checkIcmMessages(sandbox)).toContain('delivered');
    const message = sandbox.world.evm.icmMessage(delivered[0]!)!;
    const chainId = String(message.destinationEvmChainId);
    const { ok } = dataApiOf(sandbox);
    const block = await ok(`/v1/chains/${chainId}/blocks/${message.destination!.blockNumber}`);
    expect(block.txCount).toBe(1);
    await checkBlockTransactions(sandbox, chainId, block);
    // The destination chain's node has it too, and viem accepts it.
    const node = createPublicClient({ transport: http(sandbox.world.chains.find((c) => c.evmChainId === message.destinationEvmChainId)!.info.rpcUrl, { retryCount: 0 }) });
    const receipt = await node.getTransactionReceipt({ hash: message.destination!.txHash as `0x${string}` });
    expect(receipt).toMatchObject({ status: 'success', blockHash: block.blockHash, blockNumber: BigInt(message.destination!.blockNumber), gasUsed: message.destination!.gasSpent });
    expect(receipt.logs.map((l) => l.topics[1])).toEqual([`0x${message.messageId}`]);
    // The relayer paid the delivery's gas: its balance still follows from its history.
    const relayer = message.destination!.delivererAddress;
    const head = sandbox.world.evm.chain(message.destinationEvmChainId)!.latestBlockNumber();
    expect(BigInt((await ok(`/v1/chains/${chainId}/addresses/${relayer}/balances:getNative`)).nativeTokenBalance.balance)).toBe(await balanceFromHistory(sandbox, chainId, relayer, head));
  });

  it('changed every validator set at each tick, alike on the node and the Data API, with no delegation to a validator that left', async () => {
    // Each change takes a validator out of every set, or puts back the one that left: odd ticks leave one out.
    if (sandbox.life.ticks().validatorSets % 2 === 0) sandbox.life.tick('validatorSets');
    for (const network of NETWORKS) {
      const out = sandbox.world.primary.removedValidators(network);
      const subnets = [...new Set(frozen.world.primary.networks[network].l1Validators.map((v) => v.subnetId))];
      // The primary network's set and each L1's with two validators or more.
      const changed = subnets.filter((s) => frozen.world.primary.networks[network].l1Validators.filter((v) => v.subnetId === s).length >= 2);
      expect(out).toHaveLength(1 + changed.length);
      const now = await nodeSet(sandbox, network);
      expect(now).toEqual(sets.get(network)!.filter((id) => !out.includes(id)));
      expect(now).toHaveLength(sets.get(network)!.length - 1);
      expect(await dataApiSet(sandbox, network)).toEqual(now);
      for (const subnetId of subnets) {
        const l1 = await nodeSet(sandbox, network, subnetId);
        expect(l1).toEqual((await nodeSet(frozen, network, subnetId)).filter((id) => !out.includes(id)));
        expect(await dataApiSet(sandbox, network, subnetId)).toEqual(l1);
      }
      checkDelegations(sandbox.world.primary.networks[network]);
      const { walk } = dataApiOf(sandbox);
      const delegators = await walk(`/v1/networks/${network}/delegators`, 'delegators');
      expect(delegators.filter((d) => out.includes(d.nodeId))).toEqual([]);
    }
    // The next change puts them all back: the world is the frozen one again, but for its new blocks and deliveries.
    sandbox.life.tick('validatorSets');
    for (const network of NETWORKS) {
      expect(sandbox.world.primary.removedValidators(network)).toEqual([]);
      expect(await nodeSet(sandbox, network)).toEqual(sets.get(network));
      const ids = (s: Sandbox) => [s.world.primary.networks[network].validators.map((v) => v.nodeId), s.world.primary.networks[network].delegations.map((d) => d.txId)];
      expect(ids(sandbox)).toEqual(ids(frozen));
    }
  });

  it('left the frozen sandbox beside it as it was', () => {
    expect(frozen.life.ticks()).toEqual({ blocks: 0, icm: 0, validatorSets: 0 });
    for (const id of frozen.world.evm.chainIds) expect(frozen.world.evm.chain(id)!.latestBlockNumber()).toBe(heads.get(id));
    expect(frozen.world.evm.icmMessages().filter((m) => m.status === 'pending').map((m) => m.messageId)).toEqual(pending);
    for (const network of NETWORKS) expect(frozen.world.primary.removedValidators(network)).toEqual([]);
  });
});

describe('determinism', () => {
  it('the same seed and the same ticks give the same world, whether its timers or `tick` made them', async () => {
    // Blocks and validator sets do not depend on each other's order: a timed run is replayed by counts.
    const timed = await startSandbox({ listen: false, life: { blockIntervalMs: 50, validatorSetIntervalMs: 50 } });
    const replay = await startSandbox({ listen: false });
    try {
      await vi.waitFor(
        () => {
          const ticks = timed.life.ticks();
          if (ticks.blocks < 3 || ticks.validatorSets < 3) throw new Error('not yet');
        },
        { timeout: 15_000, interval: 10 },
      );
      timed.life.stop();
      const ticks = timed.life.ticks();
      expect(ticks.icm).toBe(0);
      for (const change of ['blocks', 'validatorSets'] as const) for (let i = 0; i < ticks[change]; i++) replay.life.tick(change);
      expect(fingerprint(replay)).toEqual(fingerprint(timed));
      expect(replay.life.ticks()).toEqual(ticks);

      // With deliveries, the same sequence of ticks gives the same world.
      const sequence: LifeChange[] = ['icm', 'blocks', 'icm', 'validatorSets', 'icm', 'blocks'];
      for (const sandbox of [replay, timed]) for (const change of sequence) sandbox.life.tick(change);
      expect(fingerprint(replay)).toEqual(fingerprint(timed));
    } finally {
      await Promise.all([timed.close(), replay.close()]);
    }
  });
});

describe('options', () => {
  it('no life, an empty one or zero intervals: frozen; a negative interval is refused', async () => {
    for (const life of [undefined, {}, { blockIntervalMs: 0, icmIntervalMs: 0, validatorSetIntervalMs: 0 }]) {
      const sandbox = await startSandbox({ listen: false, life });
      expect(sandbox.life.intervals).toEqual({ blockIntervalMs: 0, icmIntervalMs: 0, validatorSetIntervalMs: 0 });
      await sandbox.close();
    }
    await expect(startSandbox({ listen: false, life: { blockIntervalMs: -1 } })).rejects.toThrow(/life\.blockIntervalMs/);
  });
});

describe('SANDBOX_BLOCK_INTERVAL_MS, SANDBOX_ICM_INTERVAL_MS, SANDBOX_VALIDATOR_SET_INTERVAL_MS', () => {
  it('default to a living world (2 s, 5 s, 30 s) for the launchers; 0 turns a change off', () => {
    expect(DEFAULT_LIFE).toEqual({ blockIntervalMs: 2_000, icmIntervalMs: 5_000, validatorSetIntervalMs: 30_000 });
    expect(lifeFromEnv({})).toEqual(DEFAULT_LIFE);
    expect(lifeFromEnv({ SANDBOX_BLOCK_INTERVAL_MS: '', SANDBOX_ICM_INTERVAL_MS: ' ' })).toEqual(DEFAULT_LIFE);
    expect(lifeFromEnv({ SANDBOX_BLOCK_INTERVAL_MS: '500', SANDBOX_ICM_INTERVAL_MS: '0', SANDBOX_VALIDATOR_SET_INTERVAL_MS: '3600000' })).toEqual({
      blockIntervalMs: 500,
      icmIntervalMs: 0,
      validatorSetIntervalMs: 3_600_000,
    });
    expect(sandboxOptionsFromEnv({ SANDBOX_VALIDATOR_SET_INTERVAL_MS: '0' }).life).toEqual({ ...DEFAULT_LIFE, validatorSetIntervalMs: 0 });
  });

  it('refuses anything but 0 or a whole number of ms from 100 to 3600000, naming the variable', () => {
    for (const variable of ['SANDBOX_BLOCK_INTERVAL_MS', 'SANDBOX_ICM_INTERVAL_MS', 'SANDBOX_VALIDATOR_SET_INTERVAL_MS']) {
      for (const value of ['-1', '1.5', 'soon', '50', '3600001', '2s']) {
        let error: unknown;
        try {
          sandboxOptionsFromEnv({ [variable]: value });
        } catch (e) {
          error = e;
        }
        expect(error, `${variable}=${value}`).toBeInstanceOf(SandboxConfigError);
        expect((error as SandboxConfigError).variable).toBe(variable);
        expect((error as SandboxConfigError).message).toBe(`${variable}: "${value}" is not 0 (off) or a whole number of ms from 100 to 3600000`);
      }
    }
  });
});
