/**
 * What a field or type tells the operation guard (src/plugins/operation-guard.ts), which reads the whole
 * document before execution: argument checks that must run before any upstream call (a parent
 * field such as `chain(id:)` would otherwise call an upstream before a child's arguments are
 * looked at), list bounds, and the upstream requests a field may cost, for the operation's estimate.
 * Declared beside the fields as Pothos `extensions`.
 */

/** What the guard knows of a field's ancestors before execution. */
export interface GuardScope {
  /** The network of the nearest `network(name:)` above the field (MAINNET when none). */
  network: NetworkNameValue;
}

import { DEFAULT_NETWORK_NAME, type NetworkNameValue } from './network-names.js';

/** The scope of a field with no `network(name:)` above it. */
export const DEFAULT_SCOPE: GuardScope = { network: DEFAULT_NETWORK_NAME };

/** Extensions of a field. */
export interface FieldGuard {
  /**
   * Checks the field's coerced arguments; throws a BAD_USER_INPUT error naming the argument. Set by
   * `t.checkedField` (checked-field.ts) from its `check`; written by hand only for a field no resolver
   * of ours serves (the federation plugin's `_entities`).
   */
  checkArgs?: (args: Record<string, any>, scope: GuardScope) => unknown;
  /**
   * Upstream requests one evaluation of this field may send (default: 1 for a connection, else 0).
   * A list field that one call fills (e.g. `Network.validators`) costs 1, not 1 per item.
   */
  upstreamCost?: number;
  /**
   * Upstream requests per item the field returns (default: 1 when it returns a loaded node type and
   * is not the node of a connection or edge, e.g. `Transaction.block`; else 0).
   */
  upstreamCostPerItem?: number;
  /** Most items a list field returns, for the estimate (default: its list argument's length, else 25). */
  listSize?: (args: Record<string, any>) => number;
  /**
   * For a list of a union (`_entities`): how many items of each member type it returns. The guard
   * then counts loads per type (as links of that type) and walks each type's fragment that many times.
   */
  itemsByType?: (args: Record<string, any>) => Map<string, number>;
}

/** Extensions of an object type. */
export interface TypeGuard {
  /** Every field of this type costs this many upstream requests (the P-Chain and X-Chain RPC views). */
  fieldUpstreamCost?: number;
  /**
   * How loads of this node type batch: `once` (one call per operation, e.g. the chain list), or the
   * most keys one call loads (e.g. 100 validators per `platform.getCurrentValidators`). Default: 1.
   */
  loadBatch?: 'once' | number;
  /** Checks the local id of a global id of this type (`node(id:)`); returns what is wrong, or null. */
  checkId?: (key: string) => string | null;
  /**
   * Upstream requests that loading one object of this node type by its local id costs, before
   * `loadBatch` (default 1): 0 where the id is the whole object (an account is its chain and
   * address), more where the read takes several calls.
   */
  loadCost?: number;
  /**
   * The fields that return this node type return the object itself, never a key to load: such a
   * link costs what the field declares, and only `node(id:)` (or `_entities`) loads the type.
   */
  linksCarryObject?: boolean;
}

/** `extensions` of a field for the guard. */
export const fieldGuard = (guard: FieldGuard) => ({ guard });

/** `extensions` of a type for the guard. */
export const typeGuard = (guard: TypeGuard) => ({ guard });

/** `extensions` of a list argument: the most values it takes (the guard's default is 100). */
export const maxItems = (n: number) => ({ maxItems: n });
