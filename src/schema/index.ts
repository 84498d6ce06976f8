/**
 * Imports every domain (each registers its types, and its federation entities, on the builder) and
 * builds the schema: an Apollo Federation v2 subgraph (`_service`, `_entities`, `@key`s) that also
 * serves as the gateway's own schema at /graphql.
 */
import { GraphQLDeferDirective, GraphQLStreamDirective } from '@graphql-tools/utils';
import { GraphQLSchema } from 'graphql';
import { builder } from '../builder.js';
import { finishSubgraphSchema } from './common/federation.js';
import './common/enums.js';
import './common/connection.js';
import './chain/chain.js';
import './network/network.js';
import './block/block.js';
import './account/account.js';
import './transaction/transaction.js';
import './block/block-transactions.js';
import './token/transfers.js';
import './block/latest.js';
import './token/reputation.js';
import './history/history.js';
import './nft/nft.js';
import './nft/fields.js';
import './nft/collectibles.js';
import './nft/token-details.js';
import './token/erc20-balances.js';
import './token/contracts.js';
import './account/address-chains.js';
import './message/icm.js';
import './message/signatures.js';
import './chain/fee-config.js';
import './chain/rules.js';
import './account/node-reads.js';
import './metrics/metrics.js';
import './metrics/enums.js';
import './metrics/shared.js';
import './metrics/chains.js';
import './metrics/validators.js';
import './metrics/icm.js';
import './metrics/looking-glass.js';
import './validator/l1-validator.js';
import './common/primary-enums.js';
import './common/money.js';
import './common/chain-info.js';
import './chain/genesis.js';
import './blockchain/blockchain.js';
import './utxo/utxo.js';
import './reward/rewards.js';
import './delegator/delegators.js';
import './block/vertex.js';
import './account/primary-balances.js';
import './account/primary-activity.js';
import './network/network-stats.js';
import './validator/pending-rewards.js';
import './transaction/tx-types.js';
import './asset/asset-details.js';
import './transaction/primary-transaction.js';
import './transaction/primary-lists.js';
import './utxo/utxo-transactions.js';
import './block/primary-block.js';
import './block/vertex-lookup.js';
import './common/outputs.js';
import './xchain/xchain.js';
import './transaction/xchain-io.js';
import './asset/xchain-asset.js';
import './transaction/xchain-transaction.js';
import './block/xchain-block.js';
import './account/xchain-balances.js';
import './utxo/xchain-utxos.js';
import './pchain/pchain.js';
import './block/pchain-block.js';
import './validator/validator.js';
import './validator/links.js';
// The Data API's validators, subnets and L1 validators, joined into the P-Chain's and the L1 nodes' types.
import './validator/validator-details.js';
import './subnet/subnet.js';
import './data-api-account/index.js';
import './subscriptions.js';
import './status/upstream-status.js';

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
