/**
 * Imports every domain (each registers its types, and its federation entities, on the builder) and
 * builds the schema: an Apollo Federation v2 subgraph (`_service`, `_entities`, `@key`s) that also
 * serves as the gateway's own schema at /graphql.
 */
import { GraphQLDeferDirective, GraphQLStreamDirective } from '@graphql-tools/utils';
import { GraphQLSchema } from 'graphql';
import { builder } from '../builder.js';
import { finishSubgraphSchema } from './federation.js';
import './enums.js';
import './connection.js';
import './chain.js';
import './network.js';
import './evm/block.js';
import './evm/account.js';
import './evm/transaction.js';
import './evm/transfers.js';
import './evm/latest.js';
import './evm/history.js';
import './evm/nfts/index.js';
import './evm/erc20-balances.js';
import './evm/contracts.js';
import './evm/address-chains.js';
import './icm.js';
import './signatures.js';
import './evm-rpc/index.js';
import './metrics.js';
import './metrics-v2/index.js';
import './l1-validators.js';
import './primary/index.js';
import './xchain/index.js';
import './pchain/index.js';
// The Data API's validators, subnets and L1 validators, joined into the P-Chain's and the L1 nodes' types.
import './primary/validator-details.js';
import './primary/subnets.js';
import './account/index.js';
import './subscriptions.js';
import './upstream-status.js';

const subgraph = finishSubgraphSchema(
  builder.toSubGraphSchema({
    linkUrl: 'https://specs.apollo.dev/federation/v2.6',
    federationDirectives: ['@key'],
  }),
);

/**
 * The schema served, with `@defer` and `@stream` (incremental delivery: yoga's defer-stream plugin
 * validates them and yoga's executor runs them). They are added after the subgraph's SDL was printed
 * for `_service`: a router plans incremental delivery itself, and composition needs only our types.
 */
export const schema = new GraphQLSchema({ ...subgraph.toConfig(), directives: [...subgraph.getDirectives(), GraphQLDeferDirective, GraphQLStreamDirective] });
