/**
 * World → Data API wire shapes for EVM resources. Amounts are decimal strings, addresses EIP-55,
 * and optional fields are omitted rather than null (the service does the same).
 */
import type { DataApiSchema } from '@avalanche-graph/wire-types';
import type {
  Erc20Token,
  EvmBlock,
  EvmChainWorld,
  EvmTransaction,
  NftMetadata,
  NftToken,
} from '../../world/evm/index.js';
import { NATIVE_PRICE_USD, USD_RATES } from '../../world/evm/index.js';

export type WireMoney = DataApiSchema<'Money'>;
/** A currency the service prices in. */
export type CurrencyCode = WireMoney['currencyCode'];

export function money(usd: number, currency: CurrencyCode = 'usd'): WireMoney {
  return { currencyCode: currency, value: Math.round(usd * (USD_RATES[currency] ?? 1) * 1e6) / 1e6 };
}

export function wireBlock(block: EvmBlock): DataApiSchema<'EvmBlock'> {
  return {
    chainId: String(block.chainId),
    blockNumber: String(block.number),
    blockTimestamp: block.timestamp,
    blockTimestampMilliseconds: block.timestampMs,
    blockHash: block.hash,
    txCount: block.transactionHashes.length,
    baseFee: block.baseFeePerGas.toString(),
    gasUsed: block.gasUsed.toString(),
    gasLimit: block.gasLimit.toString(),
    gasCost: '0',
    parentHash: block.parentHash,
    feesSpent: block.feesSpent.toString(),
    cumulativeTransactions: String(block.cumulativeTransactions),
  };
}

/** An address with the token facts the indexer knows for contracts it recognizes. */
export function richAddress(chain: EvmChainWorld, address: string): DataApiSchema<'RichAddress'> {
  const token = chain.erc20Token(address);
  if (token) return { name: token.name, symbol: token.symbol, decimals: token.decimals, logoUri: token.logoUri, address: token.address };
  const collection = chain.nftCollection(address);
  if (collection) return { name: collection.name, symbol: collection.symbol, address: collection.address };
  return { address };
}

export function wireMethod(tx: EvmTransaction): DataApiSchema<'Method'> {
  return { callType: tx.method.callType, methodHash: tx.method.methodHash, ...(tx.method.methodName ? { methodName: tx.method.methodName } : {}) };
}

export function wireNativeTransaction(chain: EvmChainWorld, tx: EvmTransaction): DataApiSchema<'NativeTransaction'> {
  const block = chain.blockByNumber(tx.blockNumber)!;
  return {
    blockNumber: String(tx.blockNumber),
    blockTimestamp: tx.blockTimestamp,
    blockTimestampMilliseconds: block.timestampMs,
    blockHash: tx.blockHash,
    chainId: String(tx.chainId),
    blockIndex: tx.index,
    txHash: tx.hash,
    txStatus: tx.status === 'success' ? '1' : '0',
    txType: tx.type,
    gasLimit: tx.gas.toString(),
    gasUsed: tx.gasUsed.toString(),
    gasPrice: tx.gasPrice.toString(),
    nonce: String(tx.nonce),
    from: richAddress(chain, tx.from),
    to: richAddress(chain, tx.to ?? tx.contractAddress!),
    method: wireMethod(tx),
    value: tx.value.toString(),
  };
}

export function wireFullNativeTransaction(chain: EvmChainWorld, tx: EvmTransaction): DataApiSchema<'FullNativeTransactionDetails'> {
  const block = chain.blockByNumber(tx.blockNumber)!;
  return {
    ...wireNativeTransaction(chain, tx),
    input: tx.input,
    baseFeePerGas: block.baseFeePerGas.toString(),
    ...(tx.maxFeePerGas !== undefined ? { maxFeePerGas: tx.maxFeePerGas.toString() } : {}),
    ...(tx.maxPriorityFeePerGas !== undefined ? { maxPriorityFeePerGas: tx.maxPriorityFeePerGas.toString() } : {}),
  };
}

export function wireErc20Token(token: Erc20Token, currency: CurrencyCode = 'usd'): DataApiSchema<'Erc20Token'> {
  return {
    address: token.address,
    name: token.name,
    symbol: token.symbol,
    decimals: token.decimals,
    logoUri: token.logoUri,
    ercType: 'ERC-20',
    price: money(token.priceUsd, currency),
  };
}

function wireMetadata(metadata: NftMetadata, standard: NftToken['standard']): Record<string, unknown> {
  const { attributes, ...rest } = metadata;
  if (!attributes) return { ...rest };
  // The service carries attributes as a JSON string: `attributes` for ERC-721, `properties` for ERC-1155.
  return standard === 'ERC-721' ? { ...rest, attributes: JSON.stringify(attributes) } : { ...rest, decimals: 0, properties: JSON.stringify(attributes) };
}

export function wireNftToken(chain: EvmChainWorld, token: NftToken, withOwner = true): Record<string, unknown> {
  const base = { address: token.address, ercType: token.standard, tokenId: token.tokenId, tokenUri: token.tokenUri, metadata: wireMetadata(token.metadata, token.standard) };
  if (token.standard === 'ERC-1155') return base;
  const collection = chain.nftCollection(token.address)!;
  const owner = withOwner ? chain.nftOwner(token.address, token.tokenId) : undefined;
  return { ...base, name: collection.name, symbol: collection.symbol, ...(owner ? { ownerAddress: owner } : {}) };
}

/** The decoded content of a transaction: token transfers and value-moving internal calls. */
export function wireTransferDetails(chain: EvmChainWorld, tx: EvmTransaction): Record<string, unknown> {
  const erc721 = tx.nftTransfers.filter((t) => t.standard === 'ERC-721');
  const erc1155 = tx.nftTransfers.filter((t) => t.standard === 'ERC-1155');
  const tokenOf = (collection: string, tokenId: string) => chain.nftCollection(collection)!.tokens.find((t) => t.tokenId === tokenId)!;
  return {
    erc20Transfers: tx.erc20Transfers.map((t) => ({
      from: richAddress(chain, t.from),
      to: richAddress(chain, t.to),
      logIndex: t.logIndex,
      value: t.value.toString(),
      erc20Token: wireErc20Token(chain.erc20Token(t.token)!),
    })),
    erc721Transfers: erc721.map((t) => ({
      from: richAddress(chain, t.from),
      to: richAddress(chain, t.to),
      logIndex: t.logIndex,
      erc721Token: wireNftToken(chain, tokenOf(t.collection, t.tokenId), false),
    })),
    erc1155Transfers: erc1155.map((t) => ({
      from: richAddress(chain, t.from),
      to: richAddress(chain, t.to),
      logIndex: t.logIndex,
      value: t.value.toString(),
      erc1155Token: wireNftToken(chain, tokenOf(t.collection, t.tokenId)),
    })),
    internalTransactions: tx.internalCalls.map((c) => ({
      from: richAddress(chain, c.from),
      to: richAddress(chain, c.to),
      internalTxType: c.type,
      value: c.value.toString(),
      isReverted: c.isReverted,
      gasUsed: c.gasUsed.toString(),
      gasLimit: c.gasLimit.toString(),
    })),
  };
}

export function nativePriceUsd(chain: EvmChainWorld): number {
  return NATIVE_PRICE_USD[chain.chain.info.networkToken.symbol] ?? 0;
}

/** The chain's native token with a balance, priced in `currency`. */
export function wireNativeBalance(chain: EvmChainWorld, balance: bigint, currency: CurrencyCode = 'usd'): DataApiSchema<'NativeTokenBalance'> {
  const token = chain.chain.info.networkToken;
  const price = nativePriceUsd(chain);
  const whole = Number(balance / 10n ** 12n) / 1e6;
  return {
    name: token.name,
    symbol: token.symbol,
    decimals: token.decimals,
    ...(token.logoUri ? { logoUri: token.logoUri } : {}),
    chainId: String(chain.evmChainId),
    price: money(price, currency),
    balance: balance.toString(),
    balanceValue: money(whole * price, currency),
  };
}

/** A token transfer in list form (with its block and transaction). */
export function wireListedTransfer(chain: EvmChainWorld, tx: EvmTransaction): Pick<DataApiSchema<'Erc20Transfer'>, 'blockNumber' | 'blockTimestamp' | 'blockTimestampMilliseconds' | 'blockHash' | 'txHash'> {
  return {
    blockNumber: String(tx.blockNumber),
    blockTimestamp: tx.blockTimestamp,
    blockTimestampMilliseconds: chain.blockByNumber(tx.blockNumber)!.timestampMs,
    blockHash: tx.blockHash,
    txHash: tx.hash,
  };
}
