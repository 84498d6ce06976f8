/** eth_* methods of one EVM chain; the implementation lives in ./evm/. */
export { evmMethods } from './evm/index.js';
