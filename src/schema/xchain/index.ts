/** The X-Chain domain (AvalancheGo `avm.*`): imports each file so its types and fields register. */
import './shared.js';
import './chain.js';
import './io.js';
import './asset.js';
import './tx.js';
import './block.js';
import './balances.js';
import './utxos.js';
