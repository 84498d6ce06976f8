/**
 * `@avalanche-graph/identity`: Avalanche's public networks and the id and address codecs, one package
 * that the gateway (src/) and the sandbox (packages/sandbox) both import, so neither keeps a copy:
 * networks.ts (network ids, bech32 prefixes, primary-chain ids and aliases, the services' names of
 * each network) and codec.ts (cb58, bech32, EIP-55, hashes).
 */
export * from './networks.js';
export * from './codec.js';
