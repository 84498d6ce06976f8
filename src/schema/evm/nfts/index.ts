/** NFT balances and collections: the types, then the fields that list and read them. */
import './types.js';
import './fields.js';
import './collectibles.js';
import './token-details.js';
