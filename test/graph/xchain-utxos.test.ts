import { describe, expect, it } from 'vitest';
import { bytesToHex } from '@avalanche-graph/identity';
import {
  amountOf,
  compareBytes,
  hexWithChecksum,
  inSharedMemory,
  inUtxoSet,
  type PrimaryNetwork,
  type UtxoRecord,
  type Wallet,
} from '@avalanche-graph/sandbox';
import { firstMeetings } from '../../src/schema/utxo/xchain-utxos.js';
import { decodeUtxo } from '../../src/upstream/node-rpc/codec.js';
import { XChainUtxoLinksDocument, XChainUtxosDocument, type XChainUtxosQuery, type XChainUtxosQueryVariables } from '../gql/graphql.js';
import { useHarness } from '../support/harness.js';
import { walkConnection } from '../support/walk.js';

const shared = useHarness();
const { h } = shared;

type Node = NonNullable<XChainUtxosQuery['network']['xChain']['utxos']>['edges'][number]['node'];

const mainnet = (): PrimaryNetwork => h.sandbox.world.primary.networks.mainnet;
const pages = () => shared.node.counts()['POST /ext/bc/X avm.getUTXOs'] ?? 0;
const ownedByAny = (wallets: Wallet[]) => (u: UtxoRecord) => u.output.owners.addrs.some((a) => wallets.some((w) => w.key.hex === a.hex));

const walk = (vars: Omit<XChainUtxosQueryVariables, 'first' | 'after'>, first: number): Promise<Node[]> =>
  walkConnection((after) => h.query(XChainUtxosDocument, { ...vars, first, after }), (d) => d.network.xChain.utxos);

describe('X-Chain UTXOs (avm.getUTXOs)', () => {
  // Wallets 0-2 share multi-owner outputs (1-of-2, 2-of-2): the walk must list each once.
  const wallets = () => mainnet().wallets.slice(0, 3);

  it('walks every UTXO of several addresses once, in small pages, with no gaps or duplicates', async () => {
    const expected = mainnet().utxos.filter((u) => inUtxoSet(u, 'X') && ownedByAny(wallets())(u));
    expect(expected.some((u) => u.output.owners.addrs.length > 1)).toBe(true);
    const all = await walk({ addresses: wallets().map((w) => w.x) }, 2);
    const ids = all.map((n) => n.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(new Set(ids)).toEqual(new Set(expected.map((u) => u.id)));
    const one = await walk({ addresses: wallets().map((w) => w.x) }, 1024);
    expect(one.map((n) => n.id)).toEqual(ids);
  });

  it('decodes each UTXO as the world holds it', async () => {
    const net = mainnet();
    const all = await walk({ addresses: wallets().map((w) => w.bare) }, 1024);
    for (const n of all) {
      const u = net.utxosById.get(n.id)!;
      expect(n).toMatchObject({ txId: u.txId, outputIndex: u.outputIndex, assetId: u.assetId, raw: bytesToHex(u.bytes) });
      expect(n.amount).toBe(u.output.type === 'secpTransfer' ? amountOf(u.output).toString() : null);
      expect(n.owners).toEqual({
        locktime: u.output.owners.locktime.toString(),
        threshold: u.output.owners.threshold,
        addresses: u.output.owners.addrs.map((a) => net.walletsByHex.get(a.hex)!.x),
      });
    }
    const kinds = new Set(all.map((n) => n.kind));
    expect(kinds.has('SECP256K1_TRANSFER')).toBe(true);
  });

  it('resumes after a cursor in the middle of an upstream page and fills the rest from the next page', async () => {
    const addresses = wallets().map((w) => w.x);
    const all = await walk({ addresses }, 1024);
    h.sandbox.reset();
    const head = await h.query(XChainUtxosDocument, { addresses, first: 5 });
    const middle = head.data!.network.xChain.utxos!.edges[2]!.cursor;
    const rest = await h.query(XChainUtxosDocument, { addresses, first: 4, after: middle });
    expect(rest.data!.network.xChain.utxos!.edges.map((e) => e.node.id)).toEqual(all.slice(3, 7).map((n) => n.id));
    // The first page; then the cursor's page again (resumed at its 4th UTXO) and the next one.
    expect(pages()).toBe(3);
  });

  it('pages the node with startIndex: one call for the first page, two (the cursor\'s page and the next) after', async () => {
    const addresses = wallets().map((w) => w.x);
    const all = await walk({ addresses }, 1024);
    h.sandbox.reset();
    await walk({ addresses }, 3);
    // Node pages of 3 until a short one (an empty one when the total is a multiple of 3).
    const nodePages = Math.floor(all.length / 3) + 1;
    expect(pages()).toBe(2 * nodePages - 1);
  });

  it('reads atomic UTXOs another chain exported, with no creating X-Chain tx', async () => {
    const expected = mainnet().utxos.filter((u) => inSharedMemory(u, 'X', 'C') && ownedByAny(wallets())(u));
    expect(expected.length).toBeGreaterThan(0);
    const all = await walk({ addresses: wallets().map((w) => w.x), sourceChain: 'C' }, 1024);
    expect(new Set(all.map((n) => n.id))).toEqual(new Set(expected.map((u) => u.id)));
    const links = await h.query(XChainUtxoLinksDocument, { addresses: wallets().map((w) => w.x), sourceChain: 'C', first: 10 });
    expect(links.data!.network.xChain.utxos!.nodes.every((n) => n.tx === null && n.asset!.symbol === 'AVAX')).toBe(true);
  });

  it('links UTXOs to their asset and creating tx, one description call per asset', async () => {
    const net = mainnet();
    const { data, errors } = await h.query(XChainUtxoLinksDocument, { addresses: wallets().map((w) => w.x), first: 20 });
    expect(errors).toBeUndefined();
    const nodes = data!.network.xChain.utxos!.nodes;
    for (const n of nodes) {
      expect(n.tx!.txHash).toBe(n.txId);
      expect(n.asset!.assetId).toBe(net.utxosById.get(n.id)!.assetId);
    }
    const assets = new Set(nodes.map((n) => n.asset!.assetId));
    expect(h.sandbox.services.nodeMainnet.counts()['POST /ext/bc/X avm.getAssetDescription'] ?? 0).toBeLessThanOrEqual(assets.size);
    expect(h.sandbox.services.nodeMainnet.counts()['POST /ext/bc/X avm.getTx'] ?? 0).toBeLessThanOrEqual(new Set(nodes.map((n) => n.txId)).size);
  });

  it('refuses bad arguments and foreign cursors before any call', async () => {
    const addresses = wallets().map((w) => w.x);
    const cases: XChainUtxosQueryVariables[] = [
      { addresses: [] },
      { addresses: [mainnet().wallets[0]!.p] },
      { addresses, sourceChain: 'Z' },
      { addresses, first: 1025 },
      { addresses, first: 0 },
      { addresses, after: 'bm90IGEgY3Vyc29y' },
    ];
    for (const vars of cases) {
      const { errors } = await h.query(XChainUtxosDocument, vars);
      expect(errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    }
    expect(pages()).toBe(0);
    const other = await h.query(XChainUtxosDocument, { addresses: [mainnet().wallets[7]!.x], first: 1 });
    const foreign = other.data!.network.xChain.utxos!.pageInfo.endCursor!;
    const { errors } = await h.query(XChainUtxosDocument, { addresses, after: foreign });
    expect(errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', argument: 'after' });
  });

  it('reads Fuji UTXOs from the Fuji node with Fuji addresses', async () => {
    const fuji = h.sandbox.world.primary.networks.fuji;
    const wallet = fuji.wallets[0]!;
    const expected = fuji.utxos.filter((u) => inUtxoSet(u, 'X') && ownedByAny([wallet])(u));
    const all = await walk({ network: 'FUJI', addresses: [wallet.x] }, 1024);
    expect(new Set(all.map((n) => n.id))).toEqual(new Set(expected.map((u) => u.id)));
    expect(all.every((n) => n.owners!.addresses.every((a) => a.startsWith('X-fuji1')))).toBe(true);
    expect(h.sandbox.services.nodeFuji.total('POST /ext/bc/X avm.getUTXOs')).toBe(1);
    expect(pages()).toBe(0);
  });
});

describe('pages of a real node, which repeats multi-owner UTXOs under each owner', () => {
  it('keeps a UTXO only on the page where the walk meets it first', () => {
    const net = h.sandbox.world.primary.networks.mainnet;
    const shared = net.utxos.find((u) => inUtxoSet(u, 'X') && u.output.owners.addrs.length === 2)!;
    const [low, high] = [...shared.output.owners.addrs].sort((a, b) => compareBytes(a.bytes, b.bytes)).map((a) => net.walletsByHex.get(a.hex)!);
    const queried = new Map([low!, high!].map((w) => [w.x, w.key.bytes]));
    const decoded = decodeUtxo(hexWithChecksum(shared.bytes), 'X', 'avax');
    const zeroId = '11111111111111111111111111111111LpoYY';
    // First page: kept. A page that resumes within the first owner's run, before the UTXO: kept.
    expect(firstMeetings([decoded], queried, undefined)).toHaveLength(1);
    expect(firstMeetings([decoded], queried, { address: low!.x, utxo: zeroId })).toHaveLength(1);
    // Resumed after it in the first owner's run, or in the second owner's run: already listed.
    expect(firstMeetings([decoded], queried, { address: low!.x, utxo: shared.id })).toHaveLength(0);
    expect(firstMeetings([decoded], queried, { address: high!.x, utxo: zeroId })).toHaveLength(0);
    // A UTXO of the second owner alone is met under that owner.
    const own = net.utxos.find((u) => inUtxoSet(u, 'X') && u.output.owners.addrs.length === 1 && u.output.owners.addrs[0]!.hex === high!.key.hex)!;
    expect(firstMeetings([decodeUtxo(hexWithChecksum(own.bytes), 'X', 'avax')], queried, { address: high!.x, utxo: zeroId })).toHaveLength(1);
  });
});
