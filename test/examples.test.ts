/**
 * The four example operations of examples/ (what a frontend page sends), run against the sandbox:
 * each answers without errors, agrees with the simulated world, and costs the upstream calls its
 * data needs.
 */
import { describe, expect, it } from 'vitest';
import { BlockExplorerDocument, IcmTrackerDocument, StakingPageDocument, WalletPageDocument } from './gql/graphql.js';
import { useHarness } from './support/harness.js';

const { h } = useHarness();
const WALLET = '0xF724DA949F47F4730090Aa7dC8fB77d87A5d24C9';
const ICM_SENDER = '0x57a46B3B5c8b598d1f986eaaE198137590862624';
const VALIDATOR = 'NodeID-D2yAcZCZEJxPw9eYVarmFPkeudybbcorQ';

const cChain = () => h.sandbox.world.evm.chain(43114)!;
const total = (service: 'dataApi' | 'nodeMainnet') => h.sandbox.services[service].total();

describe('examples', () => {
  it('wallet page: balance, history, transfers and NFTs of one address in one request', async () => {
    const { data, errors } = await h.query(WalletPageDocument, { chainId: '43114', address: WALLET }, { 'x-data-api-key': 'wallet-example' });
    expect(errors).toBeUndefined();
    const account = data!.chain!.address;
    expect(account.nativeBalance!.balance).toBe(cChain().nativeBalance(WALLET).toString());
    expect(data!.chain!.latestBlockNumber).toBe(String(cChain().latestBlockNumber()));
    const history = [...cChain().addressTransactions(WALLET)].sort((a, b) => b.blockNumber - a.blockNumber || b.index - a.index);
    expect(account.transactions!.nodes.map((t) => t.hash)).toEqual(history.slice(0, 5).map((t) => t.hash));
    expect(account.transactions!.pageInfo.hasNextPage).toBe(history.length > 5);
    // chain list, native balance, transactions, ERC-20 transfers, ERC-721 balances; one RPC batch.
    expect(total('dataApi')).toBe(5);
    expect(h.sandbox.services.nodeMainnet.total('POST /ext/bc/{blockchainId}/rpc eth_')).toBe(1);
  });

  it('block explorer: latest blocks with transactions and each sender balance, parents linked', async () => {
    const { data, errors } = await h.query(BlockExplorerDocument, { chainId: '43114' }, { 'x-data-api-key': 'explorer-example' });
    expect(errors).toBeUndefined();
    const blocks = data!.chain!.blocks!.nodes;
    const latest = cChain().latestBlockNumber();
    expect(blocks.map((b) => Number(b.number))).toEqual([latest, latest - 1, latest - 2]);
    for (const block of blocks) {
      expect(block.parent!.number).toBe(String(Number(block.number) - 1));
      for (const tx of block.transactions!.nodes) {
        expect(tx.from.nativeBalance!.balance).toBe(cChain().nativeBalance(tx.from.address).toString());
      }
    }
    const senders = new Set(blocks.flatMap((b) => b.transactions!.nodes.map((t) => t.from.address.toLowerCase())));
    const withTxs = blocks.filter((b) => b.txCount > 0).length;
    // chain list + block list + transactions of non-empty blocks + the one parent not in the page
    // (the others were listed) + one balance per sender.
    expect(total('dataApi')).toBe(1 + 1 + withTxs + 1 + senders.size);
  });

  it('ICM tracker: the messages of an address with chains, status and both transactions', async () => {
    const { data, errors } = await h.query(IcmTrackerDocument, { address: ICM_SENDER });
    expect(errors).toBeUndefined();
    const messages = data!.icmMessages!.nodes;
    expect(messages.length).toBeGreaterThan(0);
    for (const m of messages) {
      const world = h.sandbox.world.evm.icmMessage(m.messageId)!;
      expect(world.network).toBe('mainnet');
      expect(m.sourceChain!.chainId).toBe(String(world.sourceEvmChainId));
      expect(m.destinationChain!.chainId).toBe(String(world.destinationEvmChainId));
      expect(m.sourceTransaction!.txHash).toBe(world.source.txHash);
      expect(m.status).toBe(world.status === 'delivered' ? 'DELIVERED' : 'PENDING');
      expect(m.destinationTransaction?.txHash ?? null).toBe(world.destination?.txHash ?? null);
    }
  });

  it('staking page: a validator from the P-Chain with its delegators and rewards from the Data API', async () => {
    const { data, errors } = await h.query(StakingPageDocument, { nodeId: VALIDATOR });
    expect(errors).toBeUndefined();
    const mainnet = h.sandbox.world.primary.networks.mainnet;
    const validator = data!.network.validator!;
    expect(validator.nodeId).toBe(VALIDATOR);
    expect(validator.weight).toBe(mainnet.validators.find((v) => v.nodeId === VALIDATOR)!.current.stake.toString());
    const delegations = mainnet.delegations.filter((d) => d.nodeId === VALIDATOR);
    expect(validator.delegators!.nodes.length).toBe(Math.min(5, delegations.length));
    for (const d of validator.delegators!.nodes) expect(delegations.map((x) => x.txId)).toContain(d.txHash);
    expect(data!.network.pChain.currentSupply).toBe(mainnet.p.currentSupply.toString());
    // P-Chain: height, supply, validator (no batch on /ext/bc/P); Data API: delegators, rewards.
    expect(h.sandbox.services.nodeMainnet.total('POST /ext/bc/P platform.')).toBe(3);
    expect(total('dataApi')).toBe(2);
  });
});
