/**
 * The documentation says only what the gateway does: every example answer in README.md, CONTRIBUTING.md
 * and docs/ is compared with the gateway's answer over the sandbox, every call count so marked is
 * measured, every id of docs/sandbox.md's table finds data, and every relative link leads to a file and
 * heading that exist.
 *
 * Marks, on the line before a fenced `graphql` block:
 * - `<!-- answer checked by test/docs.test.ts -->`: the next fenced `json` block is the exact answer;
 * - `<!-- calls checked by test/docs.test.ts: data-api=1 node-mainnet=0 -->`: what the operation costs.
 * A fenced `json` block holding a GraphQL answer (`"data"`) without the first mark fails the test.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useHarness } from './support/harness.js';

const ROOT = join(dirname(new URL(import.meta.url).pathname), '..');
const DOCS = ['README.md', 'CONTRIBUTING.md', ...readdirSync(join(ROOT, 'docs')).filter((f) => f.endsWith('.md')).map((f) => `docs/${f}`)];

interface Block {
  lang: string;
  text: string;
  /** Line of the opening fence (0-based). */
  line: number;
  /** The HTML comment on the line before the fence, if any. */
  mark?: string;
}

interface Doc {
  path: string;
  text: string;
  blocks: Block[];
  /** The text outside fenced blocks. */
  prose: string;
}

function read(path: string): Doc {
  const text = readFileSync(join(ROOT, path), 'utf8');
  const lines = text.split('\n');
  const blocks: Block[] = [];
  const prose: string[] = [];
  let open: Block | undefined;
  let body: string[] = [];
  lines.forEach((line, i) => {
    const fence = /^```(\S*)\s*$/.exec(line);
    if (open) {
      if (line.startsWith('```')) {
        blocks.push({ ...open, text: body.join('\n') });
        open = undefined;
      } else body.push(line);
    } else if (fence) {
      const before = lines[i - 1]?.trim() ?? '';
      open = { lang: fence[1] ?? '', text: '', line: i, ...(before.startsWith('<!--') ? { mark: before } : {}) };
      body = [];
    } else prose.push(line);
  });
  return { path, text, blocks, prose: prose.join('\n') };
}

const docs = DOCS.map(read);

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens. */
const slug = (heading: string) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');

function anchors(doc: Doc): Set<string> {
  return new Set(doc.prose.split('\n').flatMap((line) => (/^#{1,6}\s+(.*)$/.exec(line) ? [slug(/^#{1,6}\s+(.*)$/.exec(line)![1]!)] : [])));
}

const ANSWER = '<!-- answer checked by test/docs.test.ts -->';
const CALLS = /^<!-- calls checked by test\/docs\.test\.ts: (.*) -->$/;

/** The answer blocks: each marked query with the `json` block that follows it. */
const answers = docs.flatMap((doc) =>
  doc.blocks.flatMap((block, i) => {
    if (block.mark !== ANSWER) return [];
    const json = doc.blocks.slice(i + 1).find((b) => b.lang === 'json');
    return [{ where: `${doc.path}:${block.line + 1}`, doc, query: block, json }];
  }),
);

const counted = docs.flatMap((doc) =>
  doc.blocks.flatMap((block) => {
    const match = block.mark === undefined ? null : CALLS.exec(block.mark);
    if (!match) return [];
    const expected = Object.fromEntries(match[1]!.split(/\s+/).map((pair) => pair.split('=') as [string, string]).map(([k, v]) => [k, Number(v)]));
    return [{ where: `${doc.path}:${block.line + 1}`, query: block.text, expected }];
  }),
);

const shared = useHarness({ keyPerTest: 'docs' });

describe('documentation', () => {
  it('marks every example answer it shows, and keeps the chains example in the README', () => {
    const unchecked = docs.flatMap((doc) =>
      doc.blocks
        .filter((b) => b.lang === 'json' && /"data"\s*:/.test(b.text))
        .filter((b) => !answers.some((a) => a.json === b))
        .map((b) => `${doc.path}:${b.line + 1}`),
    );
    expect(unchecked, 'example answers no test compares: mark them or show the query alone').toEqual([]);
    expect(answers.some((a) => a.doc.path === 'README.md' && a.query.text.includes('chains('))).toBe(true);
    for (const a of answers) expect(a.query.lang, a.where).toBe('graphql');
  });

  it.each(answers.map((a) => [a.where, a] as const))('%s: the answer shown is the gateway\'s over the sandbox', async (_, a) => {
    expect(a.json, `${a.where}: no json block after the query`).toBeDefined();
    const answer = await shared.query(a.query.text);
    expect(answer).toEqual(JSON.parse(a.json!.text));
  });

  it.each(counted.map((c) => [c.where, c] as const))('%s: the operation costs the upstream calls stated', async (_, c) => {
    const { errors } = await shared.query(c.query);
    expect(errors).toBeUndefined();
    const services: Record<string, () => number> = {
      'data-api': () => shared.dataApi.total(),
      'node-mainnet': () => shared.node.total(),
      'node-fuji': () => shared.nodeFuji.total(),
      metrics: () => shared.metrics.total(),
    };
    for (const [service, n] of Object.entries(c.expected)) {
      expect(services[service], `${c.where}: unknown service ${service}`).toBeDefined();
      expect(services[service]!(), `${c.where}: ${service}`).toBe(n);
    }
  });

  it('links only to files and headings that exist', () => {
    const broken: string[] = [];
    for (const doc of docs) {
      // Inline code may show link syntax: only links in prose count.
      const prose = doc.prose.replace(/`[^`]*`/g, '');
      for (const [, target] of prose.matchAll(/\]\(([^)\s]+)\)/g)) {
        if (/^[a-z]+:/.test(target!)) continue;
        const [file, anchor] = target!.split('#') as [string, string | undefined];
        const path = file === '' ? doc.path : normalize(join(dirname(doc.path), file));
        if (!existsSync(join(ROOT, path))) {
          broken.push(`${doc.path}: ${target} (no file ${path})`);
          continue;
        }
        if (anchor !== undefined && path.endsWith('.md') && !anchors(read(path)).has(anchor)) broken.push(`${doc.path}: ${target} (no heading #${anchor})`);
      }
    }
    expect(broken).toEqual([]);
  });
});

/**
 * docs/sandbox.md's "Ids to try": one GraphQL check per row, by its `what` cell, given the row's ids
 * in order. A row without a check, or a check without a row, fails.
 */
const ID_CHECKS: Record<string, (ids: string[]) => Promise<void>> = {
  'wallet on the C-Chain (43114) with transactions, ERC-20 transfers and NFTs of both standards': async ([wallet]) => {
    const { data } = await ok(`{ chain(id: "43114") { address(address: "${wallet}") {
      transactions(first: 1) { nodes { hash } } erc20Transfers(first: 1) { nodes { txHash } }
      erc721Balances(first: 1) { nodes { tokenId } } erc1155Balances(first: 1) { nodes { tokenId } } } } }`);
    const account = data.chain.address;
    for (const list of ['transactions', 'erc20Transfers', 'erc721Balances', 'erc1155Balances']) expect(account[list].nodes, list).toHaveLength(1);
  },
  'wallet active on every mainnet chain, sending ICM messages': async ([wallet]) => {
    const { data } = await ok(`{ chains(network: MAINNET) { chainId address(address: "${wallet}") { transactions(first: 1) { nodes { hash } } } }
      icmMessages(address: "${wallet}", network: MAINNET, first: 5) { nodes { from { address } } } }`);
    expect(data.chains.length).toBeGreaterThan(1);
    for (const chain of data.chains) expect(chain.address.transactions.nodes, chain.chainId).toHaveLength(1);
    expect(data.icmMessages.nodes.some((m: any) => m.from.address.toLowerCase() === wallet!.toLowerCase())).toBe(true);
  },
  'C-Chain block, by number and by hash': async ([number, hash]) => {
    const { data } = await ok(`{ chain(id: "43114") { byNumber: block(number: ${number}) { hash } byHash: block(hash: "${hash}") { number } } }`);
    expect(data.chain).toEqual({ byNumber: { hash }, byHash: { number } });
  },
  'C-Chain transaction with an internal call and an ERC-20 transfer': async ([hash]) => {
    const { data } = await ok(`{ chain(id: "43114") { transaction(hash: "${hash}") { internalTransactions { __typename } erc20Transfers { __typename } } } }`);
    expect(data.chain.transaction.internalTransactions.length).toBeGreaterThan(0);
    expect(data.chain.transaction.erc20Transfers.length).toBeGreaterThan(0);
  },
  'ERC-20 token (WAVAX)': async ([address]) => {
    const { data } = await ok(`{ chain(id: "43114") { token(address: "${address}") { ercType symbol } } }`);
    expect(data.chain.token).toEqual({ ercType: 'ERC_20', symbol: 'WAVAX' });
  },
  'ERC-721 collection, ERC-1155 contract': async ([erc721, erc1155]) => {
    const { data } = await ok(`{ chain(id: "43114") { a: token(address: "${erc721}") { ercType } b: token(address: "${erc1155}") { ercType } } }`);
    expect(data.chain).toEqual({ a: { ercType: 'ERC_721' }, b: { ercType: 'ERC_1155' } });
  },
  'ICM message, delivered and pending': async ([delivered, pending]) => {
    const { data } = await ok(`{ a: icmMessage(messageId: "${delivered}") { status } b: icmMessage(messageId: "${pending}") { status } }`);
    expect(data).toEqual({ a: { status: 'DELIVERED' }, b: { status: 'PENDING' } });
  },
  'L1 with a fee manager (fee config changed at block 117): chain and blockchain': async ([chainId, blockchainId]) => {
    const { data } = await ok(`{ chain(id: "${chainId}") { blockchain { blockchainId } feeConfig { lastChangedAt } } }`);
    expect(data.chain).toEqual({ blockchain: { blockchainId }, feeConfig: { lastChangedAt: '117' } });
  },
  'primary-network validator with delegators': async ([nodeId]) => {
    const { data } = await ok(`{ network(name: MAINNET) { validator(nodeId: "${nodeId}") { nodeId delegators(first: 1) { nodes { txHash } } } } }`);
    expect(data.network.validator.nodeId).toBe(nodeId);
    expect(data.network.validator.delegators.nodes).toHaveLength(1);
  },
  'L1 validator on 779672': async ([nodeId]) => {
    const { data } = await ok(`{ chain(id: "779672") { validators(nodeIds: ["${nodeId}"]) { nodeId } } }`);
    expect(data.chain.validators).toEqual([{ nodeId }]);
  },
  'P-Chain address with UTXOs and rewards': async ([address]) => {
    const { data } = await ok(`{ network(name: MAINNET) {
      utxos(blockchain: "p-chain", addresses: ["${address}"], first: 1) { nodes { __typename } }
      rewards(addresses: ["${address}"], first: 1) { nodes { txHash } } } }`);
    expect(data.network.utxos.nodes).toHaveLength(1);
    expect(data.network.rewards.nodes).toHaveLength(1);
  },
  'X-Chain address with UTXOs, and an export transaction': async ([address, txHash]) => {
    const { data } = await ok(`{ network(name: MAINNET) {
      utxos(blockchain: "x-chain", addresses: ["${address}"], first: 1) { nodes { __typename } }
      transaction(blockchain: "x-chain", hash: "${txHash}") { txType } } }`);
    expect(data.network.utxos.nodes).toHaveLength(1);
    expect(data.network.transaction.txType).toBe('EXPORT_TX');
  },
  'latest X-Chain vertex': async ([hash]) => {
    const { data } = await ok(`{ network(name: MAINNET) { vertices(first: 1) { nodes { vertexHash } } vertex(hash: "${hash}") { vertexHash } } }`);
    expect(data.network.vertices.nodes).toEqual([{ vertexHash: hash }]);
    expect(data.network.vertex).toEqual({ vertexHash: hash });
  },
  'Fuji: the C-Chain, and an L1 with its blockchain': async ([cChain, l1, blockchainId]) => {
    const { data } = await ok(`{ c: chain(id: "${cChain}") { isTestnet } l1: chain(id: "${l1}") { isTestnet blockchain { blockchainId } } }`);
    expect(data).toEqual({ c: { isTestnet: true }, l1: { isTestnet: true, blockchain: { blockchainId } } });
  },
};

async function ok(query: string): Promise<{ data: any }> {
  const answer = await shared.query(query);
  expect(answer.errors).toBeUndefined();
  return { data: answer.data };
}

/** The rows of the table under `## Ids to try`: the `what` cell, and the backquoted ids of the `id` cell. */
function idRows(): Array<[string, string[]]> {
  const text = readFileSync(join(ROOT, 'docs/sandbox.md'), 'utf8');
  const section = text.split(/^## /m).find((s) => s.startsWith('Ids to try'))!;
  return section
    .split('\n')
    .filter((line) => line.startsWith('| ') && !line.startsWith('| what '))
    .map((line) => {
      const [what, ids] = line.split('|').slice(1, 3).map((cell) => cell.trim()) as [string, string];
      return [what, [...ids.matchAll(/`([^`]+)`/g)].map((m) => m[1]!)];
    });
}

describe('docs/sandbox.md: ids to try', () => {
  const rows = idRows();

  it('has one check per row', () => {
    expect(rows.map(([what]) => what).sort()).toEqual(Object.keys(ID_CHECKS).sort());
  });

  it.each(rows)('%s', async (what, ids) => {
    await ID_CHECKS[what]!(ids);
  });
});
