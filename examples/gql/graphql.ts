/* eslint-disable */
/** Internal type. DO NOT USE DIRECTLY. */
type Exact<T extends { [key: string]: unknown }> = { [K in keyof T]: T[K] };
/** Internal type. DO NOT USE DIRECTLY. */
export type Incremental<T> = T | { [P in keyof T]?: P extends ' $fragmentName' | '__typename' ? T[P] : never };
import type { TypedDocumentNode as DocumentNode } from '@graphql-typed-document-node/core';
/** What a transaction does, as the indexer classifies it. */
export type CallType =
  /** Calls a contract. */
  | 'CONTRACT_CALL'
  /** Deploys a contract. */
  | 'CONTRACT_CREATION'
  /** Moves native tokens to an address without calling code. */
  | 'NATIVE_TRANSFER'
  /** A kind this gateway does not know yet. */
  | 'UNKNOWN';

/** A fiat currency for prices and values. */
export type Currency =
  /** Australian dollar. */
  | 'AUD'
  /** Canadian dollar. */
  | 'CAD'
  /** Swiss franc. */
  | 'CHF'
  /** Chilean peso. */
  | 'CLP'
  /** Chinese yuan. */
  | 'CNY'
  /** Czech koruna. */
  | 'CZK'
  /** Danish krone. */
  | 'DKK'
  /** Euro. */
  | 'EUR'
  /** Pound sterling. */
  | 'GBP'
  /** Hong Kong dollar. */
  | 'HKD'
  /** Hungarian forint. */
  | 'HUF'
  /** Japanese yen. */
  | 'JPY'
  /** New Zealand dollar. */
  | 'NZD'
  /** US dollar. */
  | 'USD';

/** Where a delegation stands: waiting to start, staking now, or finished. */
export type DelegationStatus =
  /** In its staking period now. */
  | 'ACTIVE'
  /** Its staking period has ended and its reward (if any) was paid. */
  | 'COMPLETED'
  /** Accepted on the P-Chain; its staking period has not started yet. */
  | 'PENDING'
  /** A status this gateway does not know yet (not accepted as a filter). */
  | 'UNKNOWN';

/** Where an interchain message is on its way. */
export type InterchainMessageStatus =
  /** Delivered on the destination chain. */
  | 'DELIVERED'
  /** Delivered; the Data API does not index the source chain, so the source transaction is unknown. */
  | 'DELIVERED_SOURCE_NOT_INDEXED'
  /** Sent on the source chain, not yet delivered. */
  | 'PENDING'
  /** A status this gateway does not know yet. */
  | 'UNKNOWN';

/** How far the Data API's indexer got reading a token's metadata from its token URI. */
export type NftMetadataStatus =
  /** The metadata was read and indexed. */
  | 'INDEXED'
  /** The metadata document does not follow the metadata standard. */
  | 'INVALID_METADATA'
  /** The metadata document is not valid JSON. */
  | 'INVALID_METADATA_JSON'
  /** The token URI is not a valid URI. */
  | 'INVALID_TOKEN_URI'
  /** The token URI uses a scheme the indexer does not read. */
  | 'INVALID_TOKEN_URI_SCHEME'
  /** The metadata document is too large to index. */
  | 'METADATA_CONTENT_TOO_LARGE'
  /** The contract does not know the token (e.g. burnt). */
  | 'MISSING_TOKEN'
  /** The token URI's host throttled the indexer. */
  | 'THROTTLED_TOKEN_URI'
  /** The metadata has not been read yet. */
  | 'UNINDEXED'
  /** Unknown status (as the upstream reports it, or a status this gateway does not know yet). */
  | 'UNKNOWN'
  /** The token URI could not be fetched. */
  | 'UNREACHABLE_TOKEN_URI';

/** Why a staking reward was paid. */
export type RewardType =
  /** For delegating: paid to the delegator's reward owner (net of the validator's fee). */
  | 'DELEGATOR'
  /** A reward type this gateway does not know yet. */
  | 'UNKNOWN'
  /** For validating: paid to the validator's reward owner. */
  | 'VALIDATOR'
  /** The validator's fee on a delegation to it. */
  | 'VALIDATOR_FEE';

/** Outcome of a transaction. */
export type TransactionStatus =
  /** Reverted: its value moves and events were undone; the fee was still paid. */
  | 'FAILED'
  /** Executed successfully. */
  | 'SUCCESS'
  /** A status this gateway does not know yet. */
  | 'UNKNOWN';

export type BlockExplorerQueryVariables = Exact<{
  chainId: string;
}>;


export type BlockExplorerQuery = { chain: { chainName: string, blocks: { nodes: Array<{ number: string, hash: string, timestamp: number, txCount: number, gasUsed: string, baseFee: string, parent: { number: string, hash: string } | null, transactions: { nodes: Array<{ hash: string, value: string, gasUsed: string, status: TransactionStatus, from: { address: string, nativeBalance: { balance: string, symbol: string } | null }, to: { address: string } | null }> } | null }>, pageInfo: { hasNextPage: boolean, endCursor: string | null } } | null } | null };

export type IcmTrackerQueryVariables = Exact<{
  address: string;
}>;


export type IcmTrackerQuery = { icmMessages: { nodes: Array<{ messageId: string, status: InterchainMessageStatus, sourceChain: { chainId: string, chainName: string } | null, destinationChain: { chainId: string, chainName: string } | null, from: { address: string }, to: { address: string }, sourceTransaction: { txHash: string, timestamp: number } | null, destinationTransaction: { txHash: string, timestamp: number } | null, rewardDetails: { address: string, value: string } }>, pageInfo: { hasNextPage: boolean, endCursor: string | null } } | null };

export type StakingPageQueryVariables = Exact<{
  nodeId: string;
}>;


export type StakingPageQuery = { network: { pChain: { height: string | null, currentSupply: string | null }, validator: { nodeId: string, weight: string | null, startTime: number | null, endTime: number | null, uptime: number | null, connected: boolean | null, delegationFee: number | null, potentialReward: string | null, delegatorCount: number | null, validationRewardOwner: { threshold: number | null, addresses: Array<string> } | null, delegators: { nodes: Array<{ txHash: string, amountDelegated: string, delegationStatus: DelegationStatus, startTimestamp: number, endTimestamp: number, estimatedNetReward: string | null }>, pageInfo: { hasNextPage: boolean, endCursor: string | null } } | null, rewards: { nodes: Array<{ txHash: string, rewardType: RewardType, amountStaked: string, reward: { amount: string } }> } | null } | null } };

export type WalletPageQueryVariables = Exact<{
  chainId: string;
  address: string;
}>;


export type WalletPageQuery = { chain: { chainName: string, latestBlockNumber: string | null, networkToken: { symbol: string, decimals: number }, address: { address: string, nativeBalance: { balance: string, symbol: string, decimals: number, price: { value: number, currencyCode: Currency | null } | null, balanceValue: { value: number, currencyCode: Currency | null } | null } | null, transactions: { nodes: Array<{ hash: string, blockNumber: string, blockTimestamp: number, status: TransactionStatus, value: string, method: { callType: CallType, methodName: string | null } | null, from: { address: string }, to: { address: string } | null }>, pageInfo: { hasNextPage: boolean, endCursor: string | null } } | null, erc20Transfers: { nodes: Array<{ txHash: string, value: string, from: { address: string }, to: { address: string }, token: { address: string, symbol: string | null, decimals: number | null } }> } | null, erc721Balances: { nodes: Array<{ tokenId: string, name: string, collection: { address: string }, metadata: { name: string | null, imageUri: string | null, indexStatus: NftMetadataStatus } }> } | null } } | null };


export const BlockExplorerDocument = {"__meta__":{"hash":"sha256:17e3a71fbbb92f0cd49706185ca0926a90c441f5b80abe12e6f41065a4eced1a"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"BlockExplorer"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"chainId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"chain"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"chainId"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"chainName"}},{"kind":"Field","name":{"kind":"Name","value":"blocks"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"IntValue","value":"3"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"nodes"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"number"}},{"kind":"Field","name":{"kind":"Name","value":"hash"}},{"kind":"Field","name":{"kind":"Name","value":"timestamp"}},{"kind":"Field","name":{"kind":"Name","value":"txCount"}},{"kind":"Field","name":{"kind":"Name","value":"gasUsed"}},{"kind":"Field","name":{"kind":"Name","value":"baseFee"}},{"kind":"Field","name":{"kind":"Name","value":"parent"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"number"}},{"kind":"Field","name":{"kind":"Name","value":"hash"}}]}},{"kind":"Field","name":{"kind":"Name","value":"transactions"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"IntValue","value":"3"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"nodes"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"hash"}},{"kind":"Field","name":{"kind":"Name","value":"value"}},{"kind":"Field","name":{"kind":"Name","value":"gasUsed"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"from"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"address"}},{"kind":"Field","name":{"kind":"Name","value":"nativeBalance"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"balance"}},{"kind":"Field","name":{"kind":"Name","value":"symbol"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"to"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"address"}}]}}]}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"pageInfo"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"hasNextPage"}},{"kind":"Field","name":{"kind":"Name","value":"endCursor"}}]}}]}}]}}]}}]} as unknown as DocumentNode<BlockExplorerQuery, BlockExplorerQueryVariables>;
export const IcmTrackerDocument = {"__meta__":{"hash":"sha256:5671e84177fd0807d3bd5c0093b34bcc666c9d5913b549b4e268b0419e17b3ac"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"IcmTracker"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"address"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"icmMessages"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"address"},"value":{"kind":"Variable","name":{"kind":"Name","value":"address"}}},{"kind":"Argument","name":{"kind":"Name","value":"network"},"value":{"kind":"EnumValue","value":"MAINNET"}},{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"IntValue","value":"5"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"nodes"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"messageId"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"sourceChain"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"chainId"}},{"kind":"Field","name":{"kind":"Name","value":"chainName"}}]}},{"kind":"Field","name":{"kind":"Name","value":"destinationChain"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"chainId"}},{"kind":"Field","name":{"kind":"Name","value":"chainName"}}]}},{"kind":"Field","name":{"kind":"Name","value":"from"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"address"}}]}},{"kind":"Field","name":{"kind":"Name","value":"to"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"address"}}]}},{"kind":"Field","name":{"kind":"Name","value":"sourceTransaction"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"txHash"}},{"kind":"Field","name":{"kind":"Name","value":"timestamp"}}]}},{"kind":"Field","name":{"kind":"Name","value":"destinationTransaction"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"txHash"}},{"kind":"Field","name":{"kind":"Name","value":"timestamp"}}]}},{"kind":"Field","name":{"kind":"Name","value":"rewardDetails"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"address"}},{"kind":"Field","name":{"kind":"Name","value":"value"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"pageInfo"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"hasNextPage"}},{"kind":"Field","name":{"kind":"Name","value":"endCursor"}}]}}]}}]}}]} as unknown as DocumentNode<IcmTrackerQuery, IcmTrackerQueryVariables>;
export const StakingPageDocument = {"__meta__":{"hash":"sha256:26be6497ca991f2b982c866987146bf692186e03a084f5b7258968b63aeb34da"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"StakingPage"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"nodeId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"network"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"name"},"value":{"kind":"EnumValue","value":"MAINNET"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"pChain"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"height"}},{"kind":"Field","name":{"kind":"Name","value":"currentSupply"}}]}},{"kind":"Field","name":{"kind":"Name","value":"validator"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"nodeId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"nodeId"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"nodeId"}},{"kind":"Field","name":{"kind":"Name","value":"weight"}},{"kind":"Field","name":{"kind":"Name","value":"startTime"}},{"kind":"Field","name":{"kind":"Name","value":"endTime"}},{"kind":"Field","name":{"kind":"Name","value":"uptime"}},{"kind":"Field","name":{"kind":"Name","value":"connected"}},{"kind":"Field","name":{"kind":"Name","value":"delegationFee"}},{"kind":"Field","name":{"kind":"Name","value":"potentialReward"}},{"kind":"Field","name":{"kind":"Name","value":"delegatorCount"}},{"kind":"Field","name":{"kind":"Name","value":"validationRewardOwner"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"threshold"}},{"kind":"Field","name":{"kind":"Name","value":"addresses"}}]}},{"kind":"Field","name":{"kind":"Name","value":"delegators"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"IntValue","value":"5"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"nodes"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"txHash"}},{"kind":"Field","name":{"kind":"Name","value":"amountDelegated"}},{"kind":"Field","name":{"kind":"Name","value":"delegationStatus"}},{"kind":"Field","name":{"kind":"Name","value":"startTimestamp"}},{"kind":"Field","name":{"kind":"Name","value":"endTimestamp"}},{"kind":"Field","name":{"kind":"Name","value":"estimatedNetReward"}}]}},{"kind":"Field","name":{"kind":"Name","value":"pageInfo"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"hasNextPage"}},{"kind":"Field","name":{"kind":"Name","value":"endCursor"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"rewards"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"IntValue","value":"5"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"nodes"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"txHash"}},{"kind":"Field","name":{"kind":"Name","value":"rewardType"}},{"kind":"Field","name":{"kind":"Name","value":"amountStaked"}},{"kind":"Field","name":{"kind":"Name","value":"reward"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"amount"}}]}}]}}]}}]}}]}}]}}]} as unknown as DocumentNode<StakingPageQuery, StakingPageQueryVariables>;
export const WalletPageDocument = {"__meta__":{"hash":"sha256:b70b67d92db74e37a4fbb8ef2245bab20546b511d76e3734769d66d50b677888"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"WalletPage"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"chainId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"address"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"chain"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"chainId"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"chainName"}},{"kind":"Field","name":{"kind":"Name","value":"networkToken"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"symbol"}},{"kind":"Field","name":{"kind":"Name","value":"decimals"}}]}},{"kind":"Field","name":{"kind":"Name","value":"latestBlockNumber"}},{"kind":"Field","name":{"kind":"Name","value":"address"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"address"},"value":{"kind":"Variable","name":{"kind":"Name","value":"address"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"address"}},{"kind":"Field","name":{"kind":"Name","value":"nativeBalance"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"currency"},"value":{"kind":"EnumValue","value":"USD"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"balance"}},{"kind":"Field","name":{"kind":"Name","value":"symbol"}},{"kind":"Field","name":{"kind":"Name","value":"decimals"}},{"kind":"Field","name":{"kind":"Name","value":"price"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"value"}},{"kind":"Field","name":{"kind":"Name","value":"currencyCode"}}]}},{"kind":"Field","name":{"kind":"Name","value":"balanceValue"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"value"}},{"kind":"Field","name":{"kind":"Name","value":"currencyCode"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"transactions"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"IntValue","value":"5"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"nodes"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"hash"}},{"kind":"Field","name":{"kind":"Name","value":"blockNumber"}},{"kind":"Field","name":{"kind":"Name","value":"blockTimestamp"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"value"}},{"kind":"Field","name":{"kind":"Name","value":"method"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"callType"}},{"kind":"Field","name":{"kind":"Name","value":"methodName"}}]}},{"kind":"Field","name":{"kind":"Name","value":"from"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"address"}}]}},{"kind":"Field","name":{"kind":"Name","value":"to"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"address"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"pageInfo"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"hasNextPage"}},{"kind":"Field","name":{"kind":"Name","value":"endCursor"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"erc20Transfers"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"IntValue","value":"5"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"nodes"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"txHash"}},{"kind":"Field","name":{"kind":"Name","value":"value"}},{"kind":"Field","name":{"kind":"Name","value":"from"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"address"}}]}},{"kind":"Field","name":{"kind":"Name","value":"to"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"address"}}]}},{"kind":"Field","name":{"kind":"Name","value":"token"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"address"}},{"kind":"Field","name":{"kind":"Name","value":"symbol"}},{"kind":"Field","name":{"kind":"Name","value":"decimals"}}]}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"erc721Balances"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"IntValue","value":"3"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"nodes"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"tokenId"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"collection"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"address"}}]}},{"kind":"Field","name":{"kind":"Name","value":"metadata"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"imageUri"}},{"kind":"Field","name":{"kind":"Name","value":"indexStatus"}}]}}]}}]}}]}}]}}]}}]} as unknown as DocumentNode<WalletPageQuery, WalletPageQueryVariables>;