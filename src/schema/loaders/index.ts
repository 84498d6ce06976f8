/**
 * The per-request loaders of the reads no single loadable ref owns: the chain list (`chainById`, a
 * lookup in one list), reads several refs share (`primaryTransactionByHash` for the P-, X- and
 * C-Chain transaction refs, `nftTokenById` for ERC-721 and ERC-1155 tokens), and reads fields batch
 * that no ref loads by id (delegators' first pages by node ids, an L1's validations by subnet, a
 * node's active validations). A DataLoader each, made on first use in a request (`loadersOf(ctx)`), so two fields asking for the same thing in
 * one operation cost one call. Lists prime them (a link to a listed item costs no call).
 *
 * A read that belongs to one loadable ref (`Block`, `Transaction`, `Subnet`, `Validator` with its
 * `platform.getCurrentValidators` batched by node ids, ...) is that ref's batch read (`BatchRead`,
 * in these files too, below the builder), run by the ref's own DataLoader: one loader per entity,
 * reached as `Ref.getDataloader(ctx)`.
 *
 * The cross-request cache and the in-flight dedupe stay in the upstream layer; a loader lives as
 * long as its request (a subscription event gets fresh ones, see `Context.forEvent`).
 */
import { createContextCache } from '@pothos/core';
import type { Context } from '../../context.js';
import { delegatorFirstPage } from './delegators.js';
import { chainById } from './evm.js';
import { erc1155HoldingById, nftTokenById } from './nfts.js';
import { assetDetailsById, primaryTransactionByHash } from './primary.js';
import { activeValidationsByNodeId, l1ValidationById } from './validators.js';
import { assetDescriptionById } from './xchain.js';

const FACTORIES = {
  chainById,
  nftTokenById,
  erc1155HoldingById,
  primaryTransactionByHash,
  assetDetailsById,
  assetDescriptionById,
  activeValidationsByNodeId,
  l1ValidationById,
  delegatorFirstPage,
} satisfies Record<string, (ctx: Context) => { load(key: never): Promise<unknown> }>;

export type Loaders = { readonly [K in keyof typeof FACTORIES]: ReturnType<(typeof FACTORIES)[K]> };

const CONTEXT = Symbol('context');

/** Getters that make each loader on first use and keep it on the request's object. */
const LAZY: object = Object.create(
  null,
  Object.fromEntries(
    Object.entries(FACTORIES).map(([name, make]) => [
      name,
      {
        get(this: { [CONTEXT]: Context }) {
          const loader = make(this[CONTEXT]);
          Object.defineProperty(this, name, { value: loader });
          return loader;
        },
      },
    ]),
  ),
);

/** The loaders of one request (or one subscription event). */
function createLoaders(ctx: Context): Loaders {
  const loaders = Object.create(LAZY) as { [CONTEXT]: Context };
  loaders[CONTEXT] = ctx;
  return loaders as unknown as Loaders;
}

/**
 * The loaders of a context, made on its first use and kept as long as it is (Pothos's context
 * cache, a WeakMap): a request's, or a subscription event's (each event runs in a context of its own).
 */
export const loadersOf = createContextCache((ctx: Context) => createLoaders(ctx));
