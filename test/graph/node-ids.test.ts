/**
 * Global ids of the entity types a client caches beyond the first nodes: accounts, token contracts,
 * NFT collections, contracts' metadata, ERC-20 and ERC-721 transfers, L1 validators, vertices and
 * delegations. Each id is the same whichever path reached the object, differs between objects, and
 * `node(id:)` refetches the same object with the fewest upstream calls; the operation guard checks
 * the ids and counts each type's cost before any call.
 */
import { parse, print } from 'graphql';
import { describe, expect, it } from 'vitest';
import { guardOperation } from '../../src/plugins/operation-guard.js';
import { schema } from '../../src/schema/index.js';
import {
  NodeIdsAccountsDocument,
  NodeIdsAccountTransfersDocument,
  NodeIdsContractDocument,
  NodeIdsDelegatorsDocument,
  NodeIdsL1ValidatorsDocument,
  NodeIdsMetricsChainsDocument,
  NodeIdsNftTokenDocument,
  NodeIdsNodeDocument,
  NodeIdsNodesDocument,
  NodeIdsTokenTransfersDocument,
  NodeIdsTransactionTransfersDocument,
  NodeIdsValidatorDelegatorsDocument,
  NodeIdsVertexDocument,
  NodeIdsVerticesDocument,
} from '../gql/graphql.js';
import { upstreamRequests } from '../support/counts.js';
import { useHarness } from '../support/harness.js';

const shared = useHarness({ keyPerTest: 'node-ids' });
const { h } = shared;
const q = shared.query;

const C_CHAIN = '43114';
const WALLET = '0xF724DA949F47F4730090Aa7dC8fB77d87A5d24C9';
const GET_TX = 'GET /v1/chains/{chainId}/transactions/{txHash}';
const CONTRACT = 'GET /v1/chains/{chainId}/addresses/{address}';
const L1_VALIDATORS = 'GET /v1/networks/{network}/l1Validators';
const VERTEX = 'GET /v1/networks/{network}/blockchains/{blockchainId}/vertices/{vertexHash}';
const P_TX = 'GET /v1/networks/{network}/blockchains/{blockchainId}/transactions/{txHash}';
const DELEGATORS = 'GET /v1/networks/{network}/delegators';

const globalId = (type: string, local: string) => Buffer.from(`${type}:${local}`).toString('base64');
const lower = (s: string) => s.toLowerCase();
const cChain = () => h.sandbox.world.evm.chain(43114)!;
const allCalls = () => upstreamRequests(h.sandbox);
/** A refetch of one id, counted from a fresh key and reset counters (nothing an earlier read cached can hide a call). */
async function refetch(id: string) {
  shared.freshKey();
  h.sandbox.reset();
  return q(NodeIdsNodeDocument, { id });
}
/** The guard's estimate of a document with its variables. */
const estimate = (document: Parameters<typeof print>[0], variables: Record<string, unknown>) => guardOperation(schema, parse(print(document)), undefined, variables, Infinity);

describe('Account', () => {
  it('has one id however it is reached: from `chain.address` in any spelling, and as a transaction\'s party', async () => {
    const other = cChain().wallets.find((w) => lower(w) !== lower(WALLET))!;
    const { data, errors } = await q(NodeIdsAccountsDocument, { chainId: C_CHAIN, address: WALLET, other });
    expect(errors).toBeUndefined();
    const account = data!.chain!.address;
    expect(account.id).toBe(globalId('Account', `43114:${lower(WALLET)}`));
    const parties = account.transactions!.nodes.flatMap((tx) => [tx.from, ...(tx.to ? [tx.to] : [])]).filter((p) => lower(p.address) === lower(WALLET));
    expect(parties.length).toBeGreaterThan(0);
    for (const party of parties) expect(party.id).toBe(account.id);
    // Two accounts of one chain differ; the same address on another chain is another account.
    expect(data!.chain!.other.id).not.toBe(account.id);
    const lowercase = await q(NodeIdsAccountsDocument, { chainId: C_CHAIN, address: lower(WALLET), other });
    expect(lowercase.data!.chain!.address.id).toBe(account.id);
    const l1 = await q(NodeIdsAccountsDocument, { chainId: '779672', address: WALLET, other });
    expect(l1.data!.chain!.address.id).toBe(globalId('Account', `779672:${lower(WALLET)}`));
  });

  it('refetches from its id alone, with no upstream call, the address checksummed', async () => {
    const other = cChain().wallets.find((w) => lower(w) !== lower(WALLET))!;
    const [a, b] = [globalId('Account', `43114:${lower(WALLET)}`), globalId('Account', `43114:${lower(other)}`)];
    const one = await refetch(a);
    expect(one).toEqual({ data: { node: { __typename: 'Account', id: a, chainId: C_CHAIN, address: WALLET } } });
    const many = await q(NodeIdsNodesDocument, { ids: [a, b] });
    expect(many.data!.nodes.map((n) => n && n.__typename === 'Account' && [n.id, n.address])).toEqual([
      [a, WALLET],
      [b, other],
    ]);
    expect(allCalls()).toBe(0);
  });
});

describe('TokenContract and NftCollection', () => {
  it('a token contract has one id from `chain.token` and from its transfers, refetched with no call', async () => {
    const record = cChain().addressErc20Transfers(WALLET)[0]!;
    const token = record.transfer.token;
    const listed = await q(NodeIdsAccountTransfersDocument, { chainId: C_CHAIN, address: WALLET });
    const fromTransfer = listed.data!.chain!.address.erc20Transfers!.nodes.find((t) => t.txHash === record.tx.hash && t.logIndex === record.transfer.logIndex)!;
    const byAddress = await q(NodeIdsTokenTransfersDocument, { chainId: C_CHAIN, address: token });
    const id = globalId('TokenContract', `43114:${lower(token)}`);
    expect(fromTransfer.token.id).toBe(id);
    expect(byAddress.data!.chain!.token.id).toBe(id);

    expect(await refetch(id)).toEqual({ data: { node: { __typename: 'TokenContract', id, address: token } } });
    expect(allCalls()).toBe(0);
  });

  it('an NFT collection has one id from `chain.nftCollection` and from its tokens, refetched with no call', async () => {
    const collection = cChain().nftCollections[0]!;
    const token = collection.tokens[0]!;
    const byAddress = await q(NodeIdsTokenTransfersDocument, { chainId: C_CHAIN, address: lower(collection.address) });
    const fromToken = await q(NodeIdsNftTokenDocument, { chainId: C_CHAIN, address: collection.address, tokenId: token.tokenId });
    const id = globalId('NftCollection', `43114:${lower(collection.address)}`);
    expect(byAddress.data!.chain!.nftCollection.id).toBe(id);
    expect(fromToken.data!.chain!.nftToken!.collection.id).toBe(id);
    // A token contract and an NFT collection at one address are two objects.
    expect(byAddress.data!.chain!.token.id).not.toBe(id);

    expect(await refetch(id)).toEqual({ data: { node: { __typename: 'NftCollection', id, address: collection.address } } });
    expect(allCalls()).toBe(0);
  });
});

describe('Contract', () => {
  it('refetches the metadata of its kind with one read; an id of another kind is null', async () => {
    const token = cChain().erc20Tokens[0]!;
    const { data } = await q(NodeIdsContractDocument, { chainId: C_CHAIN, address: token.address });
    const id = globalId('Erc20Contract', `43114:${lower(token.address)}`);
    expect(data!.chain!.address.contract).toEqual({ __typename: 'Erc20Contract', id, address: token.address });

    expect(await refetch(id)).toEqual({ data: { node: { __typename: 'Erc20Contract', id, address: token.address, ercType: 'ERC_20', name: token.name } } });
    expect(shared.dataApi.counts()).toEqual({ [CONTRACT]: 1 });

    expect(await refetch(globalId('Erc721Contract', `43114:${lower(token.address)}`))).toEqual({ data: { node: null } });
    expect(shared.dataApi.counts()).toEqual({ [CONTRACT]: 1 });
  });
});

describe('Erc20Transfer and Erc721Transfer', () => {
  it('an ERC-20 transfer has one id from an address\'s list and from its transaction, refetched with one read of the transaction', async () => {
    const record = cChain().addressErc20Transfers(WALLET)[0]!;
    const listed = await q(NodeIdsAccountTransfersDocument, { chainId: C_CHAIN, address: WALLET });
    const fromList = listed.data!.chain!.address.erc20Transfers!.nodes.find((t) => t.txHash === record.tx.hash && t.logIndex === record.transfer.logIndex)!;
    const inTx = await q(NodeIdsTransactionTransfersDocument, { chainId: C_CHAIN, hash: record.tx.hash });
    const fromTx = inTx.data!.chain!.transaction!.erc20Transfers!.find((t) => t.logIndex === record.transfer.logIndex)!;
    const id = globalId('Erc20Transfer', `43114:${lower(record.tx.hash)}:${record.transfer.logIndex}`);
    expect(fromList.id).toBe(id);
    expect(fromTx.id).toBe(id);
    // Every transfer of the transaction has its own id.
    const ids = inTx.data!.chain!.transaction!.erc20Transfers!.map((t) => t.id);
    expect(new Set(ids).size).toBe(ids.length);

    const node = await refetch(id);
    expect(node).toEqual({ data: { node: { __typename: 'Erc20Transfer', id, txHash: record.tx.hash, logIndex: record.transfer.logIndex, value: record.transfer.value.toString() } } });
    expect(shared.dataApi.counts()).toEqual({ [GET_TX]: 1 });

    // Ids of one transaction share its read; a log index it does not have is null.
    const absent = globalId('Erc20Transfer', `43114:${lower(record.tx.hash)}:99999`);
    shared.freshKey();
    h.sandbox.reset();
    const many = await q(NodeIdsNodesDocument, { ids: [...ids, absent] });
    expect(many.data!.nodes.map((n) => n?.id ?? null)).toEqual([...ids, null]);
    expect(shared.dataApi.counts()).toEqual({ [GET_TX]: 1 });
  });

  it('an ERC-721 transfer has one id from its collection\'s list and from its transaction, refetched with one read', async () => {
    const collection = cChain().nftCollections.find((c) => c.standard === 'ERC-721')!;
    const record = cChain().contractTransfers(collection.address).find((r) => r.kind === 'nft')!;
    if (record.kind !== 'nft') throw new Error('the world has no ERC-721 transfer');
    const listed = await q(NodeIdsTokenTransfersDocument, { chainId: C_CHAIN, address: collection.address });
    const fromList = listed.data!.chain!.token.transfers!.nodes.find((t) => t.txHash === record.tx.hash && t.logIndex === record.transfer.logIndex)!;
    const inTx = await q(NodeIdsTransactionTransfersDocument, { chainId: C_CHAIN, hash: record.tx.hash });
    const fromTx = inTx.data!.chain!.transaction!.erc721Transfers!.find((t) => t.logIndex === record.transfer.logIndex)!;
    const id = globalId('Erc721Transfer', `43114:${lower(record.tx.hash)}:${record.transfer.logIndex}`);
    expect(fromList.__typename === 'Erc721Transfer' && fromList.id).toBe(id);
    expect(fromTx.id).toBe(id);

    const node = await refetch(id);
    expect(node).toEqual({
      data: { node: { __typename: 'Erc721Transfer', id, txHash: record.tx.hash, logIndex: record.transfer.logIndex, erc721Token: { tokenId: record.transfer.tokenId } } },
    });
    expect(shared.dataApi.counts()).toEqual({ [GET_TX]: 1 });
    // The same log read as the other kind is no such transfer.
    expect(await refetch(globalId('Erc20Transfer', `43114:${lower(record.tx.hash)}:${record.transfer.logIndex}`))).toEqual({ data: { node: null } });
  });
});

describe('L1Validator', () => {
  it('has one id from the L1\'s node and from the Data API, refetched from the Data API with one call', async () => {
    const l1 = h.sandbox.world.chains.find((c) => c.evmChainId === 779672)!;
    const { data, errors } = await q(NodeIdsL1ValidatorsDocument, { chainId: '779672', network: 'MAINNET', subnetId: l1.subnetId });
    expect(errors).toBeUndefined();
    const fromNode = data!.chain!.validators!;
    const fromDataApi = new Map(data!.network.l1Validators!.nodes.map((v) => [v.validationId, v.id]));
    expect(fromNode.length).toBeGreaterThan(1);
    for (const v of fromNode) {
      expect(v.id).toBe(globalId('L1Validator', `mainnet:${v.validationId}`));
      expect(fromDataApi.get(v.validationId)).toBe(v.id);
    }

    const [first] = fromNode;
    const node = await refetch(first!.id);
    expect(node.data!.node).toMatchObject({ __typename: 'L1Validator', id: first!.id, validationId: first!.validationId, subnetId: l1.subnetId });
    expect(shared.dataApi.counts()).toEqual({ [L1_VALIDATORS]: 1 });
    expect(allCalls()).toBe(1);
    expect(shared.dataApi.recent.at(-1)!.url).toContain(`l1ValidationId=${first!.validationId}`);
  });
});

describe('Vertex', () => {
  it('has one id from the list and from `vertex(hash:)`, refetched with one read by hash', async () => {
    const listed = await q(NodeIdsVerticesDocument, { network: 'MAINNET' });
    const [vertex] = listed.data!.network.vertices!.nodes;
    const byHash = await q(NodeIdsVertexDocument, { network: 'MAINNET', hash: vertex!.vertexHash });
    const id = globalId('Vertex', `mainnet:${vertex!.vertexHash}`);
    expect(vertex!.id).toBe(id);
    expect(byHash.data!.network.vertex!.id).toBe(id);
    const ids = listed.data!.network.vertices!.nodes.map((v) => v.id);
    expect(new Set(ids).size).toBe(ids.length);

    const node = await refetch(id);
    expect(node.data!.node).toMatchObject({ __typename: 'Vertex', id, vertexHash: vertex!.vertexHash });
    expect(shared.dataApi.counts()).toEqual({ [VERTEX]: 1 });
  });
});

describe('MetricsChain', () => {
  it('refetches with one read, and has the same id from the service\'s list and from `Chain.metricsChain`', async () => {
    // Read first: the metrics service's answers are cached for every caller (no key partitions them).
    const id = globalId('MetricsChain', C_CHAIN);
    const node = await q(NodeIdsNodeDocument, { id });
    expect(node.data!.node).toMatchObject({ __typename: 'MetricsChain', id, evmChainId: C_CHAIN, chainName: expect.any(String) });
    expect(shared.metrics.counts()).toEqual({ 'GET /v2/chains/{chainId}': 1 });
    expect(allCalls()).toBe(1);

    const { data, errors } = await q(NodeIdsMetricsChainsDocument, { network: 'MAINNET' });
    expect(errors).toBeUndefined();
    expect(data!.metricsChains!.nodes.find((c) => c.evmChainId === C_CHAIN)!.id).toBe(id);
    expect(data!.chain!.metricsChain!.id).toBe(id);
    const ids = data!.metricsChains!.nodes.map((c) => c.id);
    expect(new Set(ids).size).toBe(ids.length);
  });
});

describe('Delegator', () => {
  it('has one id from the network\'s list and from its validator\'s, refetched by its transaction and its validator\'s delegations', async () => {
    const delegation = h.sandbox.world.primary.networks.mainnet.delegations.find((d) => d.status === 'active')!;
    const byValidator = await q(NodeIdsValidatorDelegatorsDocument, { nodeId: delegation.nodeId });
    const fromValidator = byValidator.data!.network.validator!.delegators!.nodes.find((d) => d.txHash === delegation.txId)!;
    const listed = await q(NodeIdsDelegatorsDocument, { network: 'MAINNET', first: 100 });
    const id = globalId('Delegator', `mainnet:${delegation.txId}`);
    expect(fromValidator.id).toBe(id);
    const ids = listed.data!.network.delegators!.nodes.map((d) => d.id);
    expect(new Set(ids).size).toBe(ids.length);

    const node = await refetch(id);
    expect(node.data!.node).toMatchObject({
      __typename: 'Delegator',
      id,
      txHash: delegation.txId,
      nodeId: delegation.nodeId,
      amountDelegated: delegation.amount.toString(),
      delegationStatus: 'ACTIVE',
    });
    expect(shared.dataApi.counts()).toEqual({ [P_TX]: 1, [DELEGATORS]: 1 });

    // A staking transaction that is no delegation (the validation it delegates to) is null after the one read.
    expect(await refetch(globalId('Delegator', `mainnet:${delegation.period.txId}`))).toEqual({ data: { node: null } });
    expect(shared.dataApi.counts()).toEqual({ [P_TX]: 1 });
  });
});

describe('the operation guard', () => {
  it('refuses a malformed id of each new type, naming the argument, with no upstream call', async () => {
    const hash = `0x${'ab'.repeat(32)}`;
    const ids = [
      globalId('Account', '43114:0x12'),
      globalId('Account', 'c-chain:0xF724DA949F47F4730090Aa7dC8fB77d87A5d24C9'),
      globalId('TokenContract', '43114'),
      globalId('Erc20Contract', '43114:0x12'),
      globalId('Erc20Transfer', `43114:${hash}`),
      globalId('Erc721Transfer', `43114:${hash}:x`),
      globalId('Erc1155Transfer', `43114:${hash}:1`),
      globalId('L1Validator', 'mainnet:nope'),
      globalId('Vertex', 'devnet:2oYMBNV4eNHyqk2fjjV5nVQLDbtmNJzq5s3qs3Lo6ftnC6FByM'),
      globalId('Delegator', 'mainnet'),
    ];
    for (const id of ids) {
      const { data, errors } = await q(NodeIdsNodeDocument, { id });
      expect(data, id).toBeUndefined();
      expect(errors![0]!.extensions, id).toMatchObject({ code: 'BAD_USER_INPUT', argument: 'id' });
    }
    expect(allCalls()).toBe(0);
  });

  it('counts each id at its type\'s cost, and links that carry the object at none', () => {
    const account = globalId('Account', `43114:${lower(WALLET)}`);
    const token = globalId('TokenContract', `43114:${lower(WALLET)}`);
    const transfer = globalId('Erc20Transfer', `43114:0x${'ab'.repeat(32)}:3`);
    const delegator = globalId('Delegator', 'mainnet:2oYMBNV4eNHyqk2fjjV5nVQLDbtmNJzq5s3qs3Lo6ftnC6FByM');
    const chain = globalId('Chain', '43114');
    expect(estimate(NodeIdsNodesDocument, { ids: [account, token, account] }).cost).toBe(0);
    expect(estimate(NodeIdsNodesDocument, { ids: [transfer, transfer] }).cost).toBe(2);
    // A delegation: its transaction, then up to three pages of its validator's delegations.
    expect(estimate(NodeIdsNodeDocument, { id: delegator }).cost).toBe(4);
    // Chains load from one chain list per operation.
    expect(estimate(NodeIdsNodesDocument, { ids: [chain, chain, account] }).cost).toBe(1);
    // The chain (its list) and the transaction list: the accounts, two per transaction, come with it.
    expect(estimate(NodeIdsAccountsDocument, { chainId: C_CHAIN, address: WALLET, other: WALLET }).cost).toBe(2);
  });
});
