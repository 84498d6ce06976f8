/** avm.*, platform.* and validators.* methods of the simulated node (implemented in ./primary/). */
export { avmMethods, platformMethods, validatorsMethods } from './primary/index.js';
