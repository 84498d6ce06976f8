/** The primary-network Data API domain: each file registers its types and Network/Chain fields. */
import './enums.js';
import './assets.js';
import './chain-info.js';
import './genesis.js';
import './blockchain.js';
import './utxo.js';
import './rewards.js';
import './delegators.js';
import './vertex.js';
import './balances.js';
import './activity.js';
import './network-stats.js';
import './pending-rewards.js';
