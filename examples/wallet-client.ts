/**
 * A small typed client of the graph, as a frontend would write it: urql's core client and the
 * documents codegen typed from examples/*.graphql (examples/gql, made with the scalar shapes of
 * codegen.ts: BigInt → string, Timestamp → number). Amounts stay exact decimal strings; the page
 * turns them into bigint itself.
 */
import { Client, fetchExchange } from '@urql/core';
import { WalletPageDocument, type WalletPageQuery } from './gql/graphql.js';

export interface WalletPage {
  chainName: string;
  symbol: string;
  /** Native balance in the token's smallest unit, exact. */
  balance: bigint | null;
  /** The latest transactions: hash, when (Unix seconds) and value (exact). */
  transactions: Array<{ hash: string; at: Date; value: bigint }>;
}

export function walletClient(url: string, apiKey?: string): Client {
  return new Client({
    url,
    exchanges: [fetchExchange],
    // POST with JSON passes the gateway's CSRF prevention; a key goes in its own header.
    preferGetMethod: false,
    fetchOptions: (): RequestInit => ({ headers: apiKey ? { 'x-data-api-key': apiKey } : {} }),
  });
}

/** Loads the wallet page of `address` on `chainId`; throws the first GraphQL error, if any. */
export async function loadWalletPage(client: Client, chainId: string, address: string): Promise<WalletPage | null> {
  const result = await client.query(WalletPageDocument, { chainId, address }).toPromise();
  if (result.error) throw result.error;
  const chain: WalletPageQuery['chain'] = result.data?.chain ?? null;
  if (!chain) return null;
  return {
    chainName: chain.chainName,
    symbol: chain.networkToken.symbol,
    balance: chain.address.nativeBalance ? BigInt(chain.address.nativeBalance.balance) : null,
    transactions: (chain.address.transactions?.nodes ?? []).map((tx) => ({ hash: tx.hash, at: new Date(tx.blockTimestamp * 1000), value: BigInt(tx.value) })),
  };
}
