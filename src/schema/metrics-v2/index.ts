/** The metrics service's v2 routes in the graph (one file per area). */
import './enums.js';
import './shared.js';
import './chains.js';
import './validators.js';
import './icm.js';
import './looking-glass.js';
