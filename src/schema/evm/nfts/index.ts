/** NFT balances and collections: the types, then the fields that list them. */
import './types.js';
import './fields.js';
