/** Imports every domain (each registers its types on the builder) and builds the schema. */
import { builder } from '../builder.js';
import './enums.js';
import './connection.js';
import './chain.js';
import './network.js';
import './evm/block.js';
import './evm/account.js';

export const schema = builder.toSchema({ sortSchema: false });
