/** Node-backed reads of EVM chains (`eth_*`), all through the per-chain batch loader. */
import './fee-config.js';
import './rules.js';
import './reads.js';
