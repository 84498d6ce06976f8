/** Imports every domain (each registers its types on the builder) and builds the schema. */
import { builder } from '../builder.js';
import './enums.js';
import './connection.js';
import './chain.js';
import './network.js';
import './evm/block.js';
import './evm/account.js';
import './evm/transaction.js';
import './evm/transfers.js';
import './evm/nfts/index.js';
import './icm.js';
import './signatures.js';
import './evm-rpc/index.js';
import './metrics.js';
import './l1-validators.js';
import './primary/index.js';
import './xchain/index.js';
import './pchain/index.js';
import './subscriptions.js';

export const schema = builder.toSchema({ sortSchema: false });
