/**
 * Compiled execution: a query document executed a second time is compiled (graphql-jit) into a
 * function that runs its selection without graphql-js walking the document on every request (a
 * document seen once, as in a flood of distinct documents, never pays for a compilation), and that
 * function is kept beside the parsed document (a WeakMap on the document the document cache keeps, so it goes
 * when the document goes). graphql-js still runs what the compiler does not take, per document, so
 * correctness never depends on the compiler:
 *
 * - subscriptions, mutations, and documents with `@defer` or `@stream` (incremental delivery);
 * - documents the compiler refuses (an argument literal it cannot write, e.g. a BigInt);
 * - a request whose variables do not coerce: graphql-js answers it, with its error and code.
 *
 * Placed before the response cache, which then wraps the compiled function as it wraps any
 * execute function (calling it with its own copy of the document, compiled once too).
 */
import { getOperationAST, GraphQLError, Kind, type DocumentNode, type ExecutionArgs, type ExecutionResult, type FieldNode, type GraphQLSchema, type SelectionSetNode } from 'graphql';
import { compileQuery, isCompiledQuery, type CompiledQuery } from 'graphql-jit';
import type { Plugin } from 'graphql-yoga';
import { usesIncrementalDelivery } from './incremental-delivery.js';

/** A document executed once so far: graphql-js ran it, and it is compiled if it comes again. */
const SEEN_ONCE = Symbol('seen once');

/** What a document compiled to, per operation name: the compiled query, or null where graphql-js runs it. */
type Compiled = Map<string, CompiledQuery | null | typeof SEEN_ONCE>;

/** Whether the compiled executor may run this operation: a query, without incremental delivery. */
function compilable(document: DocumentNode, operationName: string | undefined): boolean {
  const operation = getOperationAST(document, operationName);
  if (!operation || operation.operation !== 'query') return false;
  return !usesIncrementalDelivery(document);
}

function compile(schema: GraphQLSchema, document: DocumentNode, operationName: string | undefined): CompiledQuery | null {
  if (!compilable(document, operationName)) return null;
  try {
    const compiled = compileQuery(schema, document, operationName, { disableLeafSerialization: false });
    return isCompiledQuery(compiled) ? compiled : null;
  } catch {
    return null;
  }
}

/**
 * The field nodes an error's path names, as graphql-js gives them in `locations` (the compiler
 * gives the path only): the path's response keys followed through the operation's selections,
 * fragments included.
 */
function nodesAt(document: DocumentNode, operationName: string | undefined, path: readonly (string | number)[]): FieldNode[] {
  const fragments = new Map(document.definitions.flatMap((d) => (d.kind === Kind.FRAGMENT_DEFINITION ? [[d.name.value, d] as const] : [])));
  const fieldsIn = (set: SelectionSetNode | undefined, key: string, seen = new Set<string>()): FieldNode[] =>
    (set?.selections ?? []).flatMap((s) => {
      if (s.kind === Kind.FIELD) return (s.alias ?? s.name).value === key ? [s] : [];
      if (s.kind === Kind.INLINE_FRAGMENT) return fieldsIn(s.selectionSet, key, seen);
      const fragment = fragments.get(s.name.value);
      if (!fragment || seen.has(s.name.value)) return [];
      return fieldsIn(fragment.selectionSet, key, new Set([...seen, s.name.value]));
    });
  let nodes: FieldNode[] = [];
  let sets: Array<SelectionSetNode | undefined> = [getOperationAST(document, operationName)?.selectionSet];
  for (const segment of path) {
    if (typeof segment === 'number') continue;
    nodes = sets.flatMap((set) => fieldsIn(set, segment));
    sets = nodes.map((n) => n.selectionSet);
  }
  return nodes;
}

/**
 * The compiler's errors with the field nodes graphql-js gives them: the compiler writes an error's
 * `locations` but not its `nodes`, which what turns errors into answers (the error masking) reads.
 */
function withNodes(result: ExecutionResult, document: DocumentNode, operationName: string | undefined): ExecutionResult {
  if (!result.errors?.some((e) => !e.nodes && e.path)) return result;
  const errors = result.errors.map((e) =>
    e.nodes || !e.path
      ? e
      : new GraphQLError(e.message, { nodes: nodesAt(document, operationName, e.path), path: e.path, originalError: e.originalError ?? undefined, extensions: e.extensions }),
  );
  return { ...result, errors };
}

/** A result that only says the variables did not coerce: no field ran. */
const variablesRefused = (result: { data?: unknown; errors?: readonly { message: string }[] }) =>
  result.data === undefined && !!result.errors?.length && result.errors.every((e) => e.message.startsWith('Variable "$'));

/** Which executor ran an operation. */
export type Executor = 'compiled' | 'graphql-js';
export const EXECUTORS: readonly Executor[] = ['compiled', 'graphql-js'];

/** `onExecuted` hears which executor ran each executed operation (not one the response cache answered). */
export function useCompiledExecution(options: { compile: boolean; onExecuted?: (executor: Executor) => void }): Plugin {
  const told = options.onExecuted ?? (() => {});
  const byDocument = new WeakMap<DocumentNode, Compiled>();
  const compiledFor = (args: ExecutionArgs): CompiledQuery | null => {
    if (!options.compile) return null;
    const name = args.operationName ?? undefined;
    let forDocument = byDocument.get(args.document);
    if (!forDocument) byDocument.set(args.document, (forDocument = new Map()));
    const key = name ?? '';
    const compiled = forDocument.get(key);
    if (compiled === undefined) {
      forDocument.set(key, SEEN_ONCE);
      return null;
    }
    if (compiled !== SEEN_ONCE) return compiled;
    const made = compile(args.schema, args.document, name);
    forDocument.set(key, made);
    return made;
  };

  return {
    onExecute({ executeFn, setExecuteFn }) {
      // The function is looked up for the document it is called with: the response cache calls it
      // with its own copy of the document (with `__typename`s added, one copy per document).
      setExecuteFn((run) => {
        const compiled = compiledFor(run);
        if (!compiled) {
          told('graphql-js');
          return executeFn(run);
        }
        const result = compiled.query(run.rootValue, run.contextValue, run.variableValues ?? {});
        const answer = (settled: Awaited<typeof result>) => {
          if (!variablesRefused(settled)) {
            told('compiled');
            return withNodes(settled, run.document, run.operationName ?? undefined);
          }
          told('graphql-js');
          return executeFn(run);
        };
        return result instanceof Promise ? result.then(answer) : answer(result);
      });
    },
  };
}
