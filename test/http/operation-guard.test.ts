/**
 * The operation guard: bad arguments anywhere in an operation, malformed global ids, oversized
 * lists and operations whose estimated upstream cost is over budget are refused before execution,
 * with no upstream call at all; the example pages stay well inside the estimate's budget.
 */
import { readFileSync } from 'node:fs';
import { parse } from 'graphql';
import { describe, expect, it } from 'vitest';
import { guardOperation } from '../../src/plugins/operation-guard.js';
import { encodeCursor } from '../../src/schema/common/pagination.js';
import { schema } from '../../src/schema/index.js';
import { upstreamRequests } from '../support/counts.js';
import { useSocketHarness } from '../support/harness.js';

const { h, headers, freshKey } = useSocketHarness({ keyPerTest: 'guard' });

const calls = () => upstreamRequests(h.sandbox);
const b64 = (text: string) => Buffer.from(text).toString('base64');
const VALIDATOR = 'NodeID-D2yAcZCZEJxPw9eYVarmFPkeudybbcorQ';
const WALLET = '0xF724DA949F47F4730090Aa7dC8fB77d87A5d24C9';
/** A well-formed cursor (the guard checks a cursor's form; its list is checked where it is read). */
const CURSOR = encodeCursor({ t: 'b', s: 5, i: 2, h: 'h', p: [[null, 5], ['a', 5]] });
/** A cursor at the start of a page past the first, with no trail: nothing before it is in reach. */
const UNREACHABLE = encodeCursor({ t: 'b', s: 5, i: 0, h: 'h' });

describe('global ids', () => {
  it('refuses malformed global ids naming the argument, with no upstream call', async () => {
    const ids = [
      'Validator:zzz',
      'AssetDescription:zz',
      'Blockchain:zz',
      b64('Validator:zzz'),
      b64('Validator:mainnet:11111111111111111111111111111111LpoYY:NodeID-nope'),
      b64('AssetDescription:zz'),
      b64('AssetDescription:mainnet:../x'),
      b64('Blockchain:zz'),
      b64('Block:43114:0x12'),
      b64('Chain:c-chain/..'),
      b64('InterchainMessage:xyz'),
      b64('Nope:1'),
    ];
    for (const id of ids) {
      const { data, errors } = await h.query(`query ($id: ID!) { node(id: $id) { id } }`, { id }, headers);
      expect(data, id).toBeUndefined();
      expect(errors![0]!.extensions, id).toMatchObject({ code: 'BAD_USER_INPUT', argument: 'id' });
      expect(errors![0]!.message, id).toContain('id');
    }
    const many = await h.query(`query ($ids: [ID!]!) { nodes(ids: $ids) { id } }`, { ids: [b64('Chain:43114'), 'Validator:zzz'] }, headers);
    expect(many.errors![0]!.extensions).toMatchObject({ code: 'BAD_USER_INPUT', argument: 'ids[1]' });
    expect(calls()).toBe(0);
  });

  it('still answers a well-formed id (null when it names nothing)', async () => {
    // A well-formed node id that validates an L1, not the primary network.
    const unknown = b64('Validator:mainnet:11111111111111111111111111111111LpoYY:NodeID-2KhBpkpvuA1vseuNTUmjuSRhAFVw8hDgF');
    const known = b64('Chain:43114');
    const { data, errors } = await h.query(`query ($ids: [ID!]!) { nodes(ids: $ids) { id ... on Chain { chainId } } }`, { ids: [known, unknown] }, headers);
    expect(errors).toBeUndefined();
    expect(data).toEqual({ nodes: [{ id: known, chainId: '43114' }, null] });
  });
});

describe('arguments under a parent that calls an upstream', () => {
  it('refuses them before the parent runs: not even the chain list is read', async () => {
    const cases: Array<[string, string]> = [
      [`{ chain(id: "43114") { block(number: "99999999999999999999999") { hash } } }`, 'number'],
      [`{ chain(id: "43114") { transaction(hash: "../../v1/chains") { hash } } }`, 'hash'],
      [`{ chain(id: "43114") { address(address: "0x123") { nativeBalance { balance } } } }`, 'address'],
      [`{ chain(id: "43114") { address(address: "${WALLET}") { transactions(startBlock: "9", endBlock: "3") { nodes { hash } } } } }`, 'endBlock'],
      [`{ chain(id: "43114") { blocks(first: 1000) { nodes { hash } } } }`, 'first'],
      [`{ chain(id: "43114") { blocks(first: 1) { nodes { transactions(after: "not-a-cursor") { nodes { hash } } } } } }`, 'after'],
      [`{ chain(id: "43114") { blocks(first: 1) { nodes { transactions(before: "not-a-cursor") { nodes { hash } } } } } }`, 'before'],
      [`{ chain(id: "43114") { blocks(first: 1) { nodes { transactions(last: 2) { nodes { hash } } } } } }`, 'last'],
      [`{ chain(id: "43114") { blocks(first: 2, last: 2) { nodes { hash } } } }`, 'last'],
      [`{ chain(id: "43114") { blocks(after: "${CURSOR}", before: "${CURSOR}") { nodes { hash } } } }`, 'before'],
      [`{ chain(id: "43114") { blocks(last: 2, before: "${UNREACHABLE}") { nodes { hash } } } }`, 'before'],
      [`{ chain(id: "779672") { feeConfig(block: "yesterday") { gasLimit } } }`, 'block'],
      [`{ chain(id: "../etc") { chainId } }`, 'id'],
      [`{ network { validator(nodeId: "${VALIDATOR}") { delegators(status: UNKNOWN) { nodes { txHash } } } } }`, 'status'],
      [`{ chain(id: "43114") { address(address: "${WALLET}") { erc1155Balances(blockNumber: "-1") { nodes { tokenId } } } } }`, 'blockNumber'],
    ];
    for (const [document, argument] of cases) {
      const { data, errors } = await h.query(document, {}, headers);
      expect(data, document).toBeUndefined();
      expect(errors![0]!.extensions, document).toMatchObject({ code: 'BAD_USER_INPUT', argument });
    }
    expect(calls()).toBe(0);
  });

  it('checks arguments given as variables and inside fragments too', async () => {
    const document = `query ($n: BigInt) { chain(id: "43114") { ...B } } fragment B on Chain { block(number: $n) { hash } }`;
    const { errors } = await h.query(document, { n: '-5' }, headers);
    expect(errors![0]!.extensions).toMatchObject({ code: 'BAD_USER_INPUT', argument: 'number' });
    expect(calls()).toBe(0);
  });

  it('checks a document again with each new set of variables after it passed once', async () => {
    // A variable-free operation that passed is not walked again; one with variables always is.
    const document = `query ($n: BigInt) { chain(id: "43114") { block(number: $n) { number } } }`;
    const good = await h.query(document, { n: '5' }, headers);
    expect(good.errors).toBeUndefined();
    const before = calls();
    const bad = await h.query(document, { n: '-5' }, headers);
    expect(bad.data).toBeUndefined();
    expect(bad.errors![0]!.extensions).toMatchObject({ code: 'BAD_USER_INPUT', argument: 'number' });
    expect(calls()).toBe(before);
    const fixed = `{ chain(id: "43114") { blocks(first: 2) { nodes { number } } } }`;
    for (let i = 0; i < 2; i++) expect((await h.query(fixed, {}, headers)).errors).toBeUndefined();
    // A bad variable-free operation is refused every time, never remembered as passed.
    for (let i = 0; i < 2; i++) {
      const refused = await h.query(`{ chain(id: "43114") { blocks(first: 1000) { nodes { number } } } }`, {}, headers);
      expect(refused.errors![0]!.extensions).toMatchObject({ code: 'BAD_USER_INPUT', argument: 'first' });
    }
  });
});

describe('arguments beside a field that calls an upstream', () => {
  it('refuses the whole operation, so the sibling `chains` never calls the Data API', async () => {
    const FUJI_P = 'P-fuji1wsk3qdaxv4704v34fjvx88kjgd8vlj7deyemgr';
    const cases: Array<[string, string]> = [
      [`network { blockchain(id: "q-chain") { blockchainId } }`, 'id'],
      [`network { utxos(blockchain: "p-chain", addresses: ["${FUJI_P}"]) { nodes { utxoId } } }`, 'addresses[0]'],
      [`network { rewards(nodeIds: ["NodeID-nope"]) { nodes { txHash } } }`, 'nodeIds[0]'],
      [`network { rewards { nodes { txHash } } }`, 'addresses'],
      [`network { delegators(delegationStatus: UNKNOWN) { nodes { txHash } } }`, 'delegationStatus'],
      [`network { vertices(blockchain: "p-chain") { nodes { vertexHash } } }`, 'blockchain'],
      [`network { signedMessage(txHash: "nope") { signedMessage } }`, 'txHash'],
      [`network { validator(nodeId: "NodeID-nope") { nodeId } }`, 'nodeId'],
      [`network { validators(subnetId: "zz") { nodeId } }`, 'subnetId'],
      [`network { pChain { balance(addresses: ["${FUJI_P}"]) { balance } } }`, 'addresses[0]'],
      [`network { pChain { block(height: "1", id: "x") { id } } }`, 'id'],
      [`network { pChain { blockchainStatus(blockchainId: "zz") } }`, 'blockchainId'],
      [`network { pChain { currentSupply(subnetId: "zz") } }`, 'subnetId'],
      [`network { xChain { tx(id: "zz") { id } } }`, 'id'],
      [`network { xChain { txStatus(id: "zz") } }`, 'id'],
      [`network { xChain { asset(id: "!!") { assetId } } }`, 'id'],
      [`network { xChain { balances(address: "X-fuji1xdvsls285yx6jtxje80peuxun0afl9wvlx2mzm") { balance } } }`, 'address'],
      [`network { xChain { block(height: "-1") { id } } }`, 'height'],
      [`network { xChain { utxos(addresses: ["X-avax1xdvsls285yx6jtxje80peuxun0afl9wvlx2mzm"], sourceChain: "Q") { nodes { __typename } } } }`, 'sourceChain'],
      [`icmMessage(messageId: "xyz") { messageId }`, 'messageId'],
      [`icmMessages(address: "0x12") { nodes { messageId } }`, 'address'],
    ];
    for (const [field, argument] of cases) {
      const document = `{ chains { chainId } ${field} }`;
      const { data, errors } = await h.query(document, {}, headers);
      expect(data, field).toBeUndefined();
      expect(errors![0]!.extensions, field).toMatchObject({ code: 'BAD_USER_INPUT', argument });
    }
    const mutation = await h.query(`mutation { aggregateSignatures(network: FUJI, input: {}) { signedMessage } }`, {}, headers);
    expect(mutation.errors![0]!.extensions).toMatchObject({ code: 'BAD_USER_INPUT' });
    expect(calls()).toBe(0);
  });

  it('checks addresses against the network above them', async () => {
    const fujiAddress = 'P-fuji1wsk3qdaxv4704v34fjvx88kjgd8vlj7deyemgr';
    const mainnet = await h.query(`{ network(name: MAINNET) { pChain { balance(addresses: ["${fujiAddress}"]) { balance } } } }`, {}, headers);
    expect(mainnet.errors![0]!.extensions).toMatchObject({ code: 'BAD_USER_INPUT', argument: 'addresses[0]' });
    expect(calls()).toBe(0);
    const fuji = await h.query(`{ network(name: FUJI) { pChain { balance(addresses: ["${fujiAddress}"]) { balance } } } }`, {}, headers);
    expect(fuji.errors?.[0]?.extensions?.code).not.toBe('BAD_USER_INPUT');
  });
});

describe('list arguments', () => {
  it('bounds every list argument: nodes(ids:) takes at most 100', async () => {
    const ids = Array.from({ length: 600 }, (_, i) => b64(`Block:43114:0x${i.toString(16).padStart(64, '0')}`));
    const { data, errors } = await h.query(`query ($ids: [ID!]!) { nodes(ids: $ids) { id } }`, { ids }, headers);
    expect(data).toBeUndefined();
    expect(errors![0]!.extensions).toMatchObject({ code: 'BAD_USER_INPUT', argument: 'ids' });
    expect(errors![0]!.message).toContain('at most 100');
    const nodeIds = Array.from({ length: 101 }, () => VALIDATOR);
    const validators = await h.query(`query ($nodeIds: [String!]) { network { validators(nodeIds: $nodeIds) { nodeId } } }`, { nodeIds }, headers);
    expect(validators.errors![0]!.extensions).toMatchObject({ code: 'BAD_USER_INPUT', argument: 'nodeIds' });
    expect(calls()).toBe(0);
  });
});

describe('upstream cost estimate', () => {
  it('refuses an operation whose estimate is over MAX_ESTIMATED_UPSTREAM_CALLS before any call', async () => {
    // One validator list, then one delegator page per validator: up to ~2,000 Data API calls.
    const { data, errors } = await h.query(`{ network { validators { nodeId delegators(first: 10) { nodes { txHash } } } } }`, {}, headers);
    expect(data).toBeUndefined();
    expect(errors![0]!.extensions).toMatchObject({ code: 'UPSTREAM_BUDGET_EXCEEDED', maxEstimatedUpstreamCalls: h.config.maxEstimatedUpstreamCalls });
    expect(errors![0]!.extensions!.estimatedUpstreamCalls).toBeGreaterThan(h.config.maxEstimatedUpstreamCalls);
    expect(errors![0]!.message).toContain('MAX_ESTIMATED_UPSTREAM_CALLS');
    expect(calls()).toBe(0);
    // The same list without the nested connection is one call.
    const list = await h.query(`{ network { validators { nodeId } } }`, {}, headers);
    expect(list.errors).toBeUndefined();
    expect(calls()).toBe(1);
  });

  it('counts nested lists by their page sizes, node links per item and the chain list once', () => {
    const estimate = (document: string, variables: Record<string, unknown> = {}) => guardOperation(schema, parse(document), undefined, variables, Infinity).cost;
    // chain list 1 + block page 1 + 5 transaction pages + 5 × 7 sender balances.
    expect(estimate(`{ chain(id: "43114") { blocks(first: 5) { nodes { chain { chainId } transactions(first: 7) { nodes { from { nativeBalance { balance } } } } } } } }`)).toBe(1 + 1 + 5 + 35);
    // Each block's parent is a load of its own (unless the page primed it: the estimate does not know).
    expect(estimate(`{ chain(id: "43114") { blocks(first: 4) { nodes { parent { hash } } } } }`)).toBe(1 + 1 + 4);
    // nodes(ids:) costs one load per id; validators batch 100 to a call.
    expect(estimate(`query ($ids: [ID!]!) { nodes(ids: $ids) { id } }`, { ids: [b64('Block:1:0x' + '0'.repeat(64)), b64('Block:1:0x' + '1'.repeat(64))] })).toBe(2);
    expect(estimate(`{ network { delegators(first: 100) { nodes { validator { nodeId } } } } }`)).toBe(1 + 1);
    // A page read back with `before` costs the upstream pages its cursor can go back through (its own
    // page, when edges precede the cursor there, and its trail), and its items are `last`.
    expect(estimate(`{ chain(id: "43114") { blocks(last: 3, before: "${CURSOR}") { nodes { transactions(first: 7) { nodes { hash } } } } } }`)).toBe(1 + 3 + 3);
    // A skipped field costs nothing.
    expect(estimate(`{ chain(id: "43114") { blocks @skip(if: true) { nodes { hash } } } }`)).toBe(1);
  });

  it('keeps the example pages well inside the budget, and above what they really cost', async () => {
    const examples: Array<[string, Record<string, string>]> = [
      ['wallet-page', { chainId: '43114', address: WALLET }],
      ['block-explorer', { chainId: '43114' }],
      ['staking-page', { nodeId: VALIDATOR }],
      ['icm-tracker', { address: '0x57a46B3B5c8b598d1f986eaaE198137590862624' }],
    ];
    for (const [name, variables] of examples) {
      freshKey();
      h.sandbox.reset();
      const document = readFileSync(new URL(`../../examples/${name}.graphql`, import.meta.url), 'utf8');
      const { cost } = guardOperation(schema, parse(document), undefined, variables, Infinity);
      const { errors } = await h.query(document, variables, headers);
      expect(errors, name).toBeUndefined();
      expect(cost, name).toBeGreaterThanOrEqual(calls());
      expect(cost, name).toBeLessThan(h.config.maxEstimatedUpstreamCalls / 10);
    }
  });
});
