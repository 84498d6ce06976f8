/**
 * How long the shared cache keeps upstream answers, by kind of data: one place for the whole
 * caching policy. Immutable answers (by hash, at a past block) stay long; moving ones (latest
 * blocks, balances) only a moment, enough to share them between concurrent operations.
 */
export const TTL = {
  /** Addressed by hash or at a past block: never changes. */
  immutable: 10 * 60_000,
  /** Immutable and asked for on almost every X-Chain page (asset descriptions): kept a day. */
  immutableLong: 24 * 60 * 60_000,
  /** Registries that change rarely: the chain list, blockchains, fees, signed messages. */
  registry: 60_000,
  /** Lists that change on a scale of minutes (an NFT collection's tokens). */
  slow: 30_000,
  /** The head of a chain and everything that moves with it: latest blocks, balances, messages. */
  moving: 2_000,
} as const;

/**
 * A page of a list: the first moves as the chain grows; a later page is addressed by the upstream's
 * token, which pins its position, so it is kept as long as immutable answers.
 */
export const pageTtl = (query: { pageToken?: string }): number => (query.pageToken ? TTL.immutable : TTL.moving);
