/* eslint-disable */
import * as types from './graphql.js';
import type { TypedDocumentNode as DocumentNode } from '@graphql-typed-document-node/core';

/**
 * Map of all GraphQL operations in the project.
 *
 * This map has several performance disadvantages:
 * 1. It is not tree-shakeable, so it will include all operations in the project.
 * 2. It is not minifiable, so the string of a GraphQL query will be multiple times inside the bundle.
 * 3. It does not support dead code elimination, so it will add unused operations.
 *
 * Therefore it is highly recommended to use the babel or swc plugin for production.
 * Learn more about it here: https://the-guild.dev/graphql/codegen/plugins/presets/preset-client#reducing-bundle-size
 */
type Documents = {
    "query ChainsOverview($network: NetworkName, $feature: ChainFeature) {\n  chains(network: $network, feature: $feature) {\n    id\n    chainId\n    chainName\n    description\n    status\n    network\n    isTestnet\n    platformChainId\n    subnetId\n    vmId\n    vmName\n    explorerUrl\n    rpcUrl\n    wsUrl\n    chainLogoUri\n    private\n    enabledFeatures\n    utilityAddresses {\n      multicall\n    }\n    networkToken {\n      name\n      symbol\n      decimals\n      logoUri\n      description\n    }\n  }\n}\n\nquery ChainById($id: String!, $network: NetworkName) {\n  chain(id: $id, network: $network) {\n    id\n    chainId\n    chainName\n    platformChainId\n  }\n}\n\nquery NodeById($id: ID!) {\n  node(id: $id) {\n    id\n    __typename\n    ... on Chain {\n      chainId\n      chainName\n    }\n  }\n}\n\nquery NodesByIds($ids: [ID!]!) {\n  nodes(ids: $ids) {\n    id\n    ... on Chain {\n      chainId\n    }\n  }\n}": typeof types.ChainsOverviewDocument,
};
const documents: Documents = {
    "query ChainsOverview($network: NetworkName, $feature: ChainFeature) {\n  chains(network: $network, feature: $feature) {\n    id\n    chainId\n    chainName\n    description\n    status\n    network\n    isTestnet\n    platformChainId\n    subnetId\n    vmId\n    vmName\n    explorerUrl\n    rpcUrl\n    wsUrl\n    chainLogoUri\n    private\n    enabledFeatures\n    utilityAddresses {\n      multicall\n    }\n    networkToken {\n      name\n      symbol\n      decimals\n      logoUri\n      description\n    }\n  }\n}\n\nquery ChainById($id: String!, $network: NetworkName) {\n  chain(id: $id, network: $network) {\n    id\n    chainId\n    chainName\n    platformChainId\n  }\n}\n\nquery NodeById($id: ID!) {\n  node(id: $id) {\n    id\n    __typename\n    ... on Chain {\n      chainId\n      chainName\n    }\n  }\n}\n\nquery NodesByIds($ids: [ID!]!) {\n  nodes(ids: $ids) {\n    id\n    ... on Chain {\n      chainId\n    }\n  }\n}": types.ChainsOverviewDocument,
};

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 *
 *
 * @example
 * ```ts
 * const query = graphql(`query GetUser($id: ID!) { user(id: $id) { name } }`);
 * ```
 *
 * The query argument is unknown!
 * Please regenerate the types.
 */
export function graphql(source: string): unknown;

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query ChainsOverview($network: NetworkName, $feature: ChainFeature) {\n  chains(network: $network, feature: $feature) {\n    id\n    chainId\n    chainName\n    description\n    status\n    network\n    isTestnet\n    platformChainId\n    subnetId\n    vmId\n    vmName\n    explorerUrl\n    rpcUrl\n    wsUrl\n    chainLogoUri\n    private\n    enabledFeatures\n    utilityAddresses {\n      multicall\n    }\n    networkToken {\n      name\n      symbol\n      decimals\n      logoUri\n      description\n    }\n  }\n}\n\nquery ChainById($id: String!, $network: NetworkName) {\n  chain(id: $id, network: $network) {\n    id\n    chainId\n    chainName\n    platformChainId\n  }\n}\n\nquery NodeById($id: ID!) {\n  node(id: $id) {\n    id\n    __typename\n    ... on Chain {\n      chainId\n      chainName\n    }\n  }\n}\n\nquery NodesByIds($ids: [ID!]!) {\n  nodes(ids: $ids) {\n    id\n    ... on Chain {\n      chainId\n    }\n  }\n}"): (typeof documents)["query ChainsOverview($network: NetworkName, $feature: ChainFeature) {\n  chains(network: $network, feature: $feature) {\n    id\n    chainId\n    chainName\n    description\n    status\n    network\n    isTestnet\n    platformChainId\n    subnetId\n    vmId\n    vmName\n    explorerUrl\n    rpcUrl\n    wsUrl\n    chainLogoUri\n    private\n    enabledFeatures\n    utilityAddresses {\n      multicall\n    }\n    networkToken {\n      name\n      symbol\n      decimals\n      logoUri\n      description\n    }\n  }\n}\n\nquery ChainById($id: String!, $network: NetworkName) {\n  chain(id: $id, network: $network) {\n    id\n    chainId\n    chainName\n    platformChainId\n  }\n}\n\nquery NodeById($id: ID!) {\n  node(id: $id) {\n    id\n    __typename\n    ... on Chain {\n      chainId\n      chainName\n    }\n  }\n}\n\nquery NodesByIds($ids: [ID!]!) {\n  nodes(ids: $ids) {\n    id\n    ... on Chain {\n      chainId\n    }\n  }\n}"];

export function graphql(source: string) {
  return (documents as any)[source] ?? {};
}

export type DocumentType<TDocumentNode extends DocumentNode<any, any>> = TDocumentNode extends DocumentNode<  infer TType,  any>  ? TType  : never;