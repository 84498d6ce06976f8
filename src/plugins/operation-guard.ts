/**
 * The operation guard: reads a validated operation with its variables before execution and refuses
 * it, with no upstream call, when an argument anywhere in it is bad or when its estimated upstream
 * cost is over the budget.
 *
 * Resolvers check their own arguments too, but a child's check runs only after its parents have
 * resolved, and a parent such as `chain(id:)` calls an upstream first. So each field declares its
 * checks and costs (src/schema/common/guards.ts) and this pass runs them all up front:
 * - a field's own `checkArgs`; the bounds of every list argument (`maxItems`, default 100); `first`,
 *   `after`, `last` and `before` of every connection; the global ids of `node(id:)` / `nodes(ids:)`;
 * - an estimate of upstream requests: connections cost one call (a page read with `before`, the
 *   upstream pages its cursor can go back through), loaded node links and the ids of `node(id:)`
 *   what their type's load costs (one per item, or per batch, unless the type says otherwise),
 *   annotated fields what they declare; a list multiplies what its items select by `first` or
 *   `last` (or its list argument's length, or the field's own `listSize`). The estimate is an upper
 *   bound: it counts no cache hit, no shared call and no dataloader batch beyond what types declare.
 */
import type { Plugin } from 'graphql-yoga';
import { LRUCache } from 'lru-cache';
import {
  GraphQLError,
  Kind,
  getArgumentValues,
  getDirectiveValues,
  getNamedType,
  getNullableType,
  getVariableValues,
  isAbstractType,
  isInterfaceType,
  isListType,
  isObjectType,
  GraphQLIncludeDirective,
  GraphQLSkipDirective,
  type DocumentNode,
  type FieldNode,
  type FragmentDefinitionNode,
  type GraphQLField,
  type GraphQLNamedType,
  type GraphQLObjectType,
  type GraphQLInterfaceType,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type SelectionSetNode,
} from 'graphql';
import { decodeGraphGlobalId } from '../schema/common/global-ids.js';
import type { Context } from '../context.js';
import { badInput, type ErrorCode } from '../errors.js';
import { DEFAULT_SCOPE, type FieldGuard, type GuardScope, type TypeGuard } from '../schema/common/guards.js';
import { pageRequest, pagesToRead, type ConnectionBounds, type PageRequest } from '../schema/common/pagination.js';

/** Most values of a list argument that declares no `maxItems`. */
export const DEFAULT_MAX_ITEMS = 100;
/** Items assumed for a list field that declares no size and has no list argument. */
const DEFAULT_LIST_SIZE = 25;

export interface OperationGuardOptions {
  /** Most estimated upstream requests of one operation (MAX_ESTIMATED_UPSTREAM_CALLS). */
  maxEstimatedUpstreamCalls: number;
  /** Told of each refusal (for metrics). */
  onRefused?: (reason: 'bad-input' | 'estimate') => void;
}

interface Walk {
  schema: GraphQLSchema;
  fragments: Record<string, FragmentDefinitionNode>;
  variables: Record<string, unknown>;
  errors: GraphQLError[];
  cost: number;
  /** Node types loaded once per operation already counted. */
  once: Set<string>;
}

const guardOf = (field: GraphQLField<unknown, unknown>) => (field.extensions as { guard?: FieldGuard } | undefined)?.guard;
const typeGuardOf = (type: GraphQLNamedType) => (type.extensions as { guard?: TypeGuard } | undefined)?.guard;
const isConnection = (type: GraphQLNamedType) => type.name.endsWith('Connection') && isObjectType(type) && 'pageInfo' in type.getFields();
/** A type `node(id:)` loads: the Node interface itself, or an object type implementing it. */
const isNode = (type: GraphQLNamedType) => type.name === 'Node' || (isObjectType(type) && type.getInterfaces().some((i) => i.name === 'Node'));
const isEdge = (type: GraphQLNamedType) => type.name.endsWith('Edge') && isObjectType(type) && 'cursor' in type.getFields();
/** Upstream requests to load one object of `type` by its key: the node type's declared `loadCost` (default 1); 0 for other types. */
const keyLoadCost = (type: GraphQLNamedType) => (isNode(type) ? (typeGuardOf(type)?.loadCost ?? 1) : 0);
/** Upstream requests per item of a link to `type`: its key's load, unless the type's links carry the object. */
const linkCost = (type: GraphQLNamedType) => (typeGuardOf(type)?.linksCarryObject ? 0 : keyLoadCost(type));

/** Runs the checks and the estimate over one operation; returns the errors that refuse it, if any. */
export function guardOperation(
  schema: GraphQLSchema,
  document: DocumentNode,
  operationName: string | null | undefined,
  rawVariables: Record<string, unknown>,
  maxEstimatedCalls: number,
): { errors: GraphQLError[]; cost: number } {
  const fragments: Record<string, FragmentDefinitionNode> = {};
  let operation: OperationDefinitionNode | undefined;
  for (const definition of document.definitions) {
    if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments[definition.name.value] = definition;
    else if (definition.kind === Kind.OPERATION_DEFINITION && (!operationName || definition.name?.value === operationName)) operation ??= definition;
  }
  const root = operation && schema.getRootType(operation.operation);
  if (!operation || !root) return { errors: [], cost: 0 };
  // Arguments are read as the resolvers will see them: variables coerced by their declared types.
  const coerced = getVariableValues(schema, operation.variableDefinitions ?? [], rawVariables);
  // Coercion errors are execution's to report, in its own words.
  if (coerced.errors) return { errors: [], cost: 0 };
  const variables = coerced.coerced;
  const walk: Walk = { schema, fragments, variables, errors: [], cost: 0, once: new Set() };
  selections(walk, operation.selectionSet, { parent: root, instances: 1, spreading: new Set(), scope: DEFAULT_SCOPE });
  if (walk.errors.length === 0 && walk.cost > maxEstimatedCalls) {
    walk.errors.push(
      new GraphQLError(
        `This operation may need up to ${walk.cost} upstream requests, more than the ${maxEstimatedCalls} allowed before it runs (MAX_ESTIMATED_UPSTREAM_CALLS): ask for fewer items (a smaller \`first\`, fewer ids) or fewer nested lists, or split it.`,
        { extensions: { code: 'UPSTREAM_BUDGET_EXCEEDED' satisfies ErrorCode, estimatedUpstreamCalls: walk.cost, maxEstimatedUpstreamCalls: maxEstimatedCalls } },
      ),
    );
  }
  return { errors: walk.errors, cost: walk.cost };
}

function included(walk: Walk, node: { directives?: readonly any[] }): boolean {
  if (!node.directives?.length) return true;
  const skip = getDirectiveValues(GraphQLSkipDirective, node as FieldNode, walk.variables);
  if (skip?.if === true) return false;
  const include = getDirectiveValues(GraphQLIncludeDirective, node as FieldNode, walk.variables);
  return include?.if !== false;
}

/** Where in the operation a selection set is walked. */
interface Position {
  /** The type the selections are on. */
  parent: GraphQLNamedType;
  /** How many times the set is evaluated (the product of the list sizes above it). */
  instances: number;
  /** The `first` or `last` of the connection being walked: its `edges` and `nodes` lists hold that many items. */
  pageSize?: number;
  /** Fragments being spread above (validation refuses cycles; this only keeps a bad document from looping). */
  spreading: Set<string>;
  scope: GuardScope;
  /** Items of a union list by member type (`_entities`): a fragment on a member applies to its items only. */
  byType?: Map<string, number>;
}

/** Within a union list's items, a fragment on `type` is evaluated for the items of that type. */
function narrowed(walk: Walk, at: Position, type: GraphQLNamedType): Partial<Position> {
  if (!at.byType || type === at.parent) return {};
  const byType = new Map([...at.byType].filter(([name]) => {
    const member = walk.schema.getType(name);
    return member !== undefined && (member === type || (isAbstractType(type) && isObjectType(member) && walk.schema.isSubType(type, member)));
  }));
  return { instances: itemsOf(walk, at.byType, type), byType };
}

function selections(walk: Walk, set: SelectionSetNode, at: Position): void {
  for (const selection of set.selections) {
    if (walk.errors.length > 0) return;
    if (!included(walk, selection)) continue;
    if (selection.kind === Kind.INLINE_FRAGMENT) {
      const type = selection.typeCondition ? walk.schema.getType(selection.typeCondition.name.value) : at.parent;
      if (type) selections(walk, selection.selectionSet, { ...at, ...narrowed(walk, at, type), parent: type });
    } else if (selection.kind === Kind.FRAGMENT_SPREAD) {
      const name = selection.name.value;
      const fragment = walk.fragments[name];
      if (!fragment || at.spreading.has(name)) continue;
      const type = walk.schema.getType(fragment.typeCondition.name.value);
      if (type) selections(walk, fragment.selectionSet, { ...at, ...narrowed(walk, at, type), parent: type, spreading: new Set(at.spreading).add(name) });
    } else {
      field(walk, selection, at);
    }
  }
}

function field(walk: Walk, node: FieldNode, { parent, instances, pageSize, spreading, scope }: Position): void {
  const name = node.name.value;
  if (name.startsWith('__')) return;
  if (!isObjectType(parent) && !isInterfaceType(parent)) return;
  const definition = (parent as GraphQLObjectType | GraphQLInterfaceType).getFields()[name];
  if (!definition) return;
  let args: Record<string, any>;
  try {
    args = getArgumentValues(definition, node, walk.variables);
  } catch (error) {
    walk.errors.push(error as GraphQLError);
    return;
  }
  const guard = guardOf(definition);
  // Below `network(name:)`, arguments are checked against that network (address prefixes, aliases).
  const own: GuardScope = definition.name === 'network' && typeof args.name === 'string' ? { ...scope, network: args.name as GuardScope['network'] } : scope;
  let page: PageRequest | undefined;
  try {
    page = checkArguments(walk, definition, args, guard, own);
  } catch (error) {
    walk.errors.push(withLocation(error, node));
    return;
  }

  const type = getNamedType(definition.type);
  const list = isListType(getNullableType(definition.type));
  const connection = isConnection(type);
  const fromPage = isConnection(parent) || isEdge(parent);
  const items = list ? instances * (fromPage && pageSize !== undefined ? pageSize : listSize(definition, args, guard)) : instances;

  // What this field costs.
  const ownType = typeGuardOf(parent);
  walk.cost += (guard?.upstreamCost ?? ownType?.fieldUpstreamCost ?? (connection ? (page ? pagesToRead(page) : 1) : 0)) * instances;
  if (guard?.itemsByType) {
    // Objects of several types by key (`_entities`, `node(id:)`, `nodes(ids:)`): each type loads as
    // that many keys of it, and each type's fragment is evaluated for that type's items only.
    const byType = new Map<string, number>();
    for (const [name, count] of guard.itemsByType(args)) {
      const member = walk.schema.getType(name);
      if (!member) continue;
      byType.set(name, count * instances);
      loadCost(walk, member, count * instances, guard.upstreamCostPerItem ?? keyLoadCost(member));
    }
    const total = [...byType.values()].reduce((a, b) => a + b, 0);
    if (node.selectionSet) selections(walk, node.selectionSet, { parent: type, instances: total, byType, spreading, scope: own });
    return;
  }
  loadCost(walk, type, items, guard?.upstreamCostPerItem ?? (fromPage ? 0 : linkCost(type)));

  if (!node.selectionSet) return;
  const nextPage = connection ? (page?.count ?? DEFAULT_LIST_SIZE) : fromPage ? pageSize : undefined;
  selections(walk, node.selectionSet, { parent: type, instances: items, pageSize: nextPage, spreading, scope: own });
}

/** Adds what loading `items` objects of `type` costs: `perItem` each, in the type's batches. */
function loadCost(walk: Walk, type: GraphQLNamedType, items: number, perItem: number): void {
  if (perItem <= 0 || items <= 0) return;
  const batch = typeGuardOf(type)?.loadBatch ?? 1;
  if (batch === 'once') {
    if (!walk.once.has(type.name)) walk.cost += perItem;
    walk.once.add(type.name);
  } else {
    walk.cost += perItem * Math.ceil(items / batch);
  }
}

/** How many of a union list's items a fragment on `type` applies to. */
function itemsOf(walk: Walk, byType: Map<string, number>, type: GraphQLNamedType): number {
  if (isAbstractType(type)) {
    return walk.schema.getPossibleTypes(type).reduce((n, t) => n + (byType.get(t.name) ?? 0), 0);
  }
  return byType.get(type.name) ?? 0;
}

/** Checks a field's arguments; for a connection field, returns the page its arguments ask for. */
function checkArguments(walk: Walk, definition: GraphQLField<unknown, unknown>, args: Record<string, any>, guard: FieldGuard | undefined, scope: GuardScope): PageRequest | undefined {
  let bounds: ConnectionBounds | undefined;
  for (const arg of definition.args) {
    const value = args[arg.name];
    if (Array.isArray(value)) {
      const max = (arg.extensions as { maxItems?: number } | undefined)?.maxItems ?? DEFAULT_MAX_ITEMS;
      if (value.length > max) throw badInput(arg.name, `at most ${max} values, got ${value.length}`);
    }
    bounds ??= (arg.extensions as { connection?: ConnectionBounds } | undefined)?.connection;
  }
  // A connection's `first`/`after`/`last`/`before`, by the rule `paginate` applies (src/schema/common/connection.ts).
  const page = bounds ? pageRequest(args, bounds) : undefined;
  if (definition.name === 'node' && typeof args.id === 'string') checkGlobalId(walk.schema, 'id', args.id);
  if (definition.name === 'nodes' && Array.isArray(args.ids)) args.ids.forEach((id: string, i: number) => checkGlobalId(walk.schema, `ids[${i}]`, id));
  guard?.checkArgs?.(args, scope);
  return page;
}

/** A global id must name a node type of this graph and carry a well-formed local id for it. */
export function checkGlobalId(schema: GraphQLSchema, argument: string, globalId: string): void {
  let decoded: { typename: string; id: string };
  try {
    decoded = decodeGraphGlobalId(globalId);
  } catch {
    throw badInput(argument, `"${globalId.slice(0, 80)}" is not a global id of this graph (read one from an \`id\` field)`);
  }
  const type = schema.getType(decoded.typename);
  const check = type && isObjectType(type) && type.getInterfaces().some((i) => i.name === 'Node') ? typeGuardOf(type)?.checkId : undefined;
  if (!check) throw badInput(argument, `"${globalId.slice(0, 80)}" is not a global id of this graph (read one from an \`id\` field)`);
  const problem = check(decoded.id);
  if (problem) throw badInput(argument, `"${globalId.slice(0, 80)}" is not a valid ${decoded.typename} id: ${problem}`);
}

function listSize(definition: GraphQLField<unknown, unknown>, args: Record<string, any>, guard: FieldGuard | undefined): number {
  if (guard?.listSize) return guard.listSize(args);
  for (const arg of definition.args) if (Array.isArray(args[arg.name])) return args[arg.name].length;
  return DEFAULT_LIST_SIZE;
}

function withLocation(error: unknown, node: FieldNode): GraphQLError {
  if (error instanceof GraphQLError) return new GraphQLError(error.message, { nodes: node, extensions: error.extensions });
  throw error;
}

/** Verdicts kept of operations that passed: entries at most. */
const PASSED_ENTRIES = 2_048;
/** The longest operation name and variables (as JSON), together, whose verdict is kept; longer ones are checked every time. */
const PASSED_KEY_CHARS = 256;

/**
 * The yoga plugin: runs the guard before execution and answers its errors without executing. It
 * must come before the response cache: an operation it refuses then never reaches the cache, which
 * would otherwise print a warning for an execution it did not see.
 */
export function useOperationGuard(options: OperationGuardOptions): Plugin {
  // The checks are pure: an operation's verdict depends on its document (yoga keeps one parsed
  // document per source text, so a repeated text is the same object), its name and its variables.
  // A verdict of "passed" is kept, so that a repeated operation (a response-cache hit, say) is not
  // walked again: by document, name and variables' JSON, in an LRU of PASSED_ENTRIES keys of at most
  // PASSED_KEY_CHARS (about 1 MiB at worst). Refusals are not kept: a flood of bad operations then
  // cannot push out the verdicts of good ones.
  const serials = new WeakMap<DocumentNode, number>();
  let nextSerial = 0;
  const passed = new LRUCache<string, number>({ max: PASSED_ENTRIES });
  const verdictKey = (document: DocumentNode, name: string, variables: Record<string, unknown>): string | undefined => {
    const json = Object.keys(variables).length === 0 ? '' : JSON.stringify(variables);
    if (json.length + name.length > PASSED_KEY_CHARS) return undefined;
    let serial = serials.get(document);
    if (serial === undefined) serials.set(document, (serial = nextSerial++));
    return `${serial}\n${name}\n${json}`;
  };
  const guard = (args: { schema: GraphQLSchema; document: DocumentNode; operationName?: string | null; variableValues?: unknown }) => {
    const variables = (args.variableValues ?? {}) as Record<string, unknown>;
    const key = verdictKey(args.document, args.operationName ?? '', variables);
    const cost = key === undefined ? undefined : passed.get(key);
    if (cost !== undefined) return { errors: [], cost };
    const verdict = guardOperation(args.schema, args.document, args.operationName, variables, options.maxEstimatedUpstreamCalls);
    if (verdict.errors.length > 0) options.onRefused?.(verdict.errors[0]!.extensions?.code === 'UPSTREAM_BUDGET_EXCEEDED' ? 'estimate' : 'bad-input');
    else if (key !== undefined) passed.set(key, verdict.cost);
    return verdict;
  };
  return {
    onExecute({ args, setResultAndStopExecution }) {
      const { errors, cost } = guard(args);
      if (errors.length > 0) return setResultAndStopExecution({ errors });
      // What it asks for is part of what it costs its client (admission's share of the work): an
      // operation refused its upstream calls still resolves, and fails, every field that asked.
      (args.contextValue as Partial<Context>).ticket?.chargeCalls(cost);
    },
    // Subscriptions do not pass through onExecute: the same checks before their streams open.
    onSubscribe({ args, setResultAndStopExecution }) {
      const { errors, cost } = guard(args);
      if (errors.length > 0) return setResultAndStopExecution({ errors });
      // Whether a subscription reads any upstream decides with whom its events may be shared (event-contexts.ts).
      (args.contextValue as Partial<Context>).estimatedUpstreamCalls = cost;
    },
  };
}
