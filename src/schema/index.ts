/** Imports every domain (each registers its types on the builder) and builds the schema. */
import { builder } from '../builder.js';
import './enums.js';
import './connection.js';
import './chain.js';
import './network.js';

export const schema = builder.toSchema({ sortSchema: false });
