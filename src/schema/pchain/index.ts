/** The P-Chain domain (AvalancheGo `platform.*`): imports each file so its types and fields register. */
import './chain.js';
import './block.js';
import './validator.js';
import './links.js';
