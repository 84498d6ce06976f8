/**
 * The per-request loaders: one named loader per upstream read that fields share, named after what
 * it loads (`blockByHash`, `primaryTransactionByHash`, ...): a DataLoader each, but `chainById` (a
 * lookup in one chain list). They are made on first use in a request (`loadersOf(ctx)`), so two fields
 * asking for the same thing in one operation cost one call, and reads the endpoint can batch
 * (`platform.getCurrentValidators` by node ids, delegators by node ids, an L1's validators by subnet)
 * are batched here. Lists prime them (a link to a listed item costs no call). The loadable refs of
 * the schema (`Block`, `Validator`, ...) load through them, keyed by the same local ids.
 *
 * The cross-request cache and the in-flight dedupe stay in the upstream layer; a loader lives as
 * long as its request (a subscription event gets fresh ones, see `Context.forEvent`).
 */
import { createContextCache } from '@pothos/core';
import type { Context } from '../../context.js';
import { delegatorByTxHash, delegatorFirstPage } from './delegators.js';
import { blockByHash, chainById, transactionByHash } from './evm.js';
import { icmMessageById } from './icm.js';
import { exportJobById, webhookById } from './account.js';
import { erc1155HoldingById, nftTokenById } from './nfts.js';
import { assetDetailsById, blockchainById, primaryBlockByHash, primaryTransactionByHash, subnetById } from './primary.js';
import { activeValidationsByNodeId, currentValidatorByNodeId, l1ValidationById } from './validators.js';
import { assetDescriptionById } from './xchain.js';

const FACTORIES = {
  chainById,
  blockByHash,
  transactionByHash,
  nftTokenById,
  erc1155HoldingById,
  icmMessageById,
  blockchainById,
  subnetById,
  primaryTransactionByHash,
  primaryBlockByHash,
  assetDetailsById,
  assetDescriptionById,
  currentValidatorByNodeId,
  activeValidationsByNodeId,
  l1ValidationById,
  delegatorFirstPage,
  delegatorByTxHash,
  webhookById,
  exportJobById,
} satisfies Record<string, (ctx: Context, loaders: never) => { load(key: never): Promise<unknown> }>;

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
          // A loader that reads through another (a delegation through its transaction) is handed the request's others.
          const loader = make(this[CONTEXT], this as never);
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
