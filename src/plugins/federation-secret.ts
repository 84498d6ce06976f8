/**
 * `FEDERATION_SECRET`: with it set, the federation fields (`_entities`, `_service`) answer only the
 * router, which sends the secret in the `x-federation-secret` header; any other caller gets
 * `FORBIDDEN` for the whole operation, before any upstream call. Unset (the default), they answer
 * every caller, as a subgraph's usually do.
 *
 * The header is compared in constant time (both sides hashed, so their lengths match too), and
 * neither the secret nor the header sent is ever logged, echoed in an error or forwarded upstream.
 * The response cache keeps a router's answers apart from everyone else's (`isRouter` in its
 * session), so a stored `_entities` answer cannot be served to a caller without the secret.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { GraphQLError, Kind, getOperationAST, type DocumentNode, type SelectionSetNode } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import type { ErrorCode } from '../errors.js';

export const FEDERATION_SECRET_HEADER = 'x-federation-secret';

/** The `Query` fields only a router may select. */
const ROUTER_FIELDS = new Set(['_entities', '_service']);

/** The reason of the refusal, beside `code: FORBIDDEN`. */
export const FEDERATION_SECRET_REQUIRED = 'FEDERATION_SECRET_REQUIRED';

const digest = (value: string) => createHash('sha256').update(value).digest();

/** Whether a request carries the router's secret. */
export function routerCheck(secret: string): (request: Request) => boolean {
  const expected = digest(secret);
  return (request) => {
    const sent = request.headers.get(FEDERATION_SECRET_HEADER);
    return sent !== null && timingSafeEqual(digest(sent), expected);
  };
}

/** Whether the operation's root selection (through its fragments) holds a federation field. */
function selectsRouterFields(document: DocumentNode, operationName: string | null | undefined): boolean {
  const operation = getOperationAST(document, operationName);
  if (operation?.operation !== 'query') return false;
  const fragments = new Map(document.definitions.flatMap((d) => (d.kind === Kind.FRAGMENT_DEFINITION ? [[d.name.value, d] as const] : [])));
  const seen = new Set<string>();
  const selects = (set: SelectionSetNode): boolean =>
    set.selections.some((selection) => {
      if (selection.kind === Kind.FIELD) return ROUTER_FIELDS.has(selection.name.value);
      if (selection.kind === Kind.INLINE_FRAGMENT) return selects(selection.selectionSet);
      const fragment = fragments.get(selection.name.value);
      if (!fragment || seen.has(fragment.name.value)) return false;
      seen.add(fragment.name.value);
      return selects(fragment.selectionSet);
    });
  return selects(operation.selectionSet);
}

/** Refuses, before execution, an operation that selects a federation field without the router's secret. */
export function useFederationSecret(isRouter: (request: Request) => boolean): Plugin {
  return {
    onExecute({ args, setResultAndStopExecution }) {
      if (!selectsRouterFields(args.document, args.operationName)) return;
      const request = (args.contextValue as { request?: Request }).request;
      if (request && isRouter(request)) return;
      setResultAndStopExecution({
        errors: [
          new GraphQLError(
            `\`_entities\` and \`_service\` answer only the federation router this graph is composed into, which sends its secret in the \`${FEDERATION_SECRET_HEADER}\` header.`,
            { extensions: { code: 'FORBIDDEN' satisfies ErrorCode, reason: FEDERATION_SECRET_REQUIRED, http: { status: 403 } } },
          ),
        ],
      });
    },
  };
}
