/**
 * Fixed facts of the simulated primary network: the real ids users already know (AVAX asset ids,
 * VM and Fx ids, network ids) and the world's clock, so that every generated time is reproducible.
 */
import type { NetworkKey } from '@avalanche-graph/identity';

/** The world's "now": 2026-03-01T00:00:00Z. Nothing in the world happens after it. */
export const WORLD_NOW = 1_772_323_200;
export const DAY = 86_400;
/** Where the simulated history begins (the P-Chain genesis of the world). */
export const HISTORY_START = WORLD_NOW - 400 * DAY;
/** When the X-Chain stopped building DAG vertices and started linear blocks (its "Cortina"). */
export const X_LINEARIZATION_TIME = WORLD_NOW - 240 * DAY;

/** The real AVAX asset ids of mainnet and Fuji. */
export const AVAX_ASSET_IDS: Record<NetworkKey, string> = {
  mainnet: 'FvwEAhmxKfeiG8SnEvq42hc6whRyY3EFYAvebMqDNDGCgxN5Z',
  fuji: 'U8iRqJoiJm8xZHAacmvYyZVwqQx6uDNtQeP3CQ6fcgQk3JqnK',
};

export const VM_IDS = {
  avm: 'jvYyfQTxGMJLuGWa55kdP2p2zSUYsQ5Raupu4TW34ZAUBAbtq',
  coreth: 'mgj786NP7uDwBCcq6YwThhaN8FLyybkCa4zBWTQbNgmK6k9A6',
  subnetEvm: 'srEXiWaHuhNyGwPUi444Tu47ZEDwxTWrbQiuD7FmgSAQ6X7Dy',
} as const;

export const FX_IDS = {
  secp256k1: 'spdxUxVJQbX85MGxMHbKw1sHxMnSqJ3QBzDyDYEP3h6TLuxqQ',
  nft: 'qd2U4HDWUvMrVUeTcCHp6xH3Qpnn1XbU5MDdnBoiifFqvgXwT',
  property: 'rXJsCSEYXg2TehWxCEEGj6JU2PWKTkd6cBdNLjoe2SpsKD9cy',
} as const;

/** 32 zero bytes in cb58: the primary network's subnet id, the P-Chain id and `ids.Empty`. */
export const EMPTY_ID = '11111111111111111111111111111111LpoYY';

/** nAVAX per AVAX. */
export const AVAX = 1_000_000_000n;

/** Static fees the simulated chains charge (nAVAX). */
export const FEES = {
  xTx: 1_000_000n,
  xCreateAsset: 10_000_000n,
  pTx: 1_000_000n,
} as const;

/** Staking bounds per network (nAVAX), as the real networks set them. */
export const STAKING: Record<NetworkKey, { minValidator: bigint; maxValidator: bigint; minDelegator: bigint; maxDelegator: bigint }> = {
  mainnet: { minValidator: 2_000n * AVAX, maxValidator: 400_000n * AVAX, minDelegator: 25n * AVAX, maxDelegator: 25_000n * AVAX },
  fuji: { minValidator: 1n * AVAX, maxValidator: 5_000n * AVAX, minDelegator: 1n * AVAX, maxDelegator: 800n * AVAX },
};

/** Annual reward rate the world applies to stakes (a flat 7%). */
export const REWARD_RATE_PPM = 70_000n;
export const PERCENT_DENOMINATOR = 1_000_000n;
export const YEAR = 365 * DAY;
