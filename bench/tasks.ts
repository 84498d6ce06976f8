/**
 * The benchmark's three tasks: each a GraphQL operation for the gateway, and the same data fetched
 * with the REST calls a hand-written client makes straight on the Data API (used by the REST client
 * in the bench process and by the hand-written BFF of bench/bff.ts).
 */

export const CHAIN = '43114';
/** Transactions read from the latest block in Q3 (the same page size for the gateway and REST). */
export const Q3_TXS = 25;

/** Reads a JSON answer (throws on a non-200). */
export type GetJson = <T>(url: string) => Promise<T>;

export interface Task {
  name: 'Q1' | 'Q2' | 'Q3';
  query: string;
  /** The task's data through the Data API's REST routes, in as many round trips as its dependencies. */
  rest: (dataApi: string, getJson: GetJson) => Promise<unknown>;
}

interface WireBlock {
  blockNumber: string;
  blockHash: string;
  blockTimestamp: number;
}
interface WireTx {
  txHash: string;
  from: { address: string };
  value: string;
}

const blocksUrl = (base: string, n: number) => `${base}/v1/chains/${CHAIN}/blocks?pageSize=${n}`;
const txsUrl = (base: string, block: string, n: number) => `${base}/v1/chains/${CHAIN}/blocks/${block}/transactions?pageSize=${n}`;

export const TASKS: Task[] = [
  {
    name: 'Q1',
    query: `{ chain(id: "${CHAIN}") { blocks(first: 10) { nodes { number hash timestamp } } } }`,
    rest: async (base, getJson) => {
      const { blocks } = await getJson<{ blocks: WireBlock[] }>(blocksUrl(base, 10));
      return blocks.map((b) => ({ number: b.blockNumber, hash: b.blockHash, timestamp: b.blockTimestamp }));
    },
  },
  {
    name: 'Q2',
    query: `{ chain(id: "${CHAIN}") { blocks(first: 10) { nodes { number transactions(first: 10) { nodes { hash from { address } value } } } } } }`,
    rest: async (base, getJson) => {
      const { blocks } = await getJson<{ blocks: WireBlock[] }>(blocksUrl(base, 10));
      return Promise.all(
        blocks.map(async (b) => {
          const { transactions } = await getJson<{ transactions: WireTx[] }>(txsUrl(base, b.blockNumber, 10));
          return { number: b.blockNumber, transactions: transactions.map((t) => ({ hash: t.txHash, from: t.from.address, value: t.value })) };
        }),
      );
    },
  },
  {
    name: 'Q3',
    query: `{ chain(id: "${CHAIN}") { blocks(first: 1) { nodes { number transactions(first: ${Q3_TXS}) { nodes { hash from { address nativeBalance { balance } } } } } } } }`,
    rest: async (base, getJson) => {
      const { blocks } = await getJson<{ blocks: WireBlock[] }>(blocksUrl(base, 1));
      const { transactions } = await getJson<{ transactions: WireTx[] }>(txsUrl(base, blocks[0]!.blockNumber, Q3_TXS));
      const senders = [...new Set(transactions.map((t) => t.from.address.toLowerCase()))];
      const balances = new Map(
        await Promise.all(
          senders.map(async (a) => {
            const { nativeTokenBalance } = await getJson<{ nativeTokenBalance: { balance: string } }>(`${base}/v1/chains/${CHAIN}/addresses/${a}/balances:getNative`);
            return [a, nativeTokenBalance.balance] as const;
          }),
        ),
      );
      return transactions.map((t) => ({ hash: t.txHash, from: t.from.address, balance: balances.get(t.from.address.toLowerCase()) }));
    },
  },
];
