/**
 * The GraphQL side of Relay connections: `PageInfo`, the `<Name>Connection` and `<Name>Edge` types and
 * the `first`/`after`/`last`/`before` arguments. How pages are read and cursors made is
 * pagination.ts's, below the builder.
 */
import type { ArgBuilder, ObjectRef } from '@pothos/core';
import { builder, type Types } from '../../builder.js';
import { MAX_TRAIL_PAGES, type ConnectionBounds, type ConnectionResult, type Edge, type PageInfoShape } from './pagination.js';

export const PageInfo = builder.objectRef<PageInfoShape>('PageInfo').implement({
  description:
    'Where a page of a connection starts and ends, and whether edges precede and follow it. Page forward with `first` and `after: endCursor`, back with `last` and `before: startCursor` (a cursor goes back at most ' +
    `${MAX_TRAIL_PAGES} upstream pages past its own; see each connection's \`before\`).`,
  fields: (t) => ({
    hasNextPage: t.exposeBoolean('hasNextPage', { description: 'True when more edges follow the last one of this page (on a page read with `before`: always, the cursor\'s own edge).' }),
    hasPreviousPage: t.exposeBoolean('hasPreviousPage', {
      description: 'True when edges precede the first one of this page (on an empty page: precede its position), whichever way the page was read.',
    }),
    startCursor: t.exposeString('startCursor', {
      nullable: true,
      description: 'Cursor of the first edge of this page (pass it as `before`, with `last`, to go back); null when the page is empty.',
    }),
    endCursor: t.exposeString('endCursor', {
      nullable: true,
      description: 'Cursor of the last edge of this page (pass it as `after`); null when the page is empty.',
    }),
  }),
});

const connectionTypes = new Map<string, ObjectRef<any, ConnectionResult<any>>>();

/**
 * The `<Name>Connection` and `<Name>Edge` types for a node type (created once per name). The node ref
 * is loosely typed because object, loadable-node and interface refs have unrelated Pothos types;
 * the connection's own shape stays typed through `T`. `X` types what a list adds to its pages
 * beside the edges (e.g. the `chainInfo` the Data API sends with UTXOs), for fields added to the
 * connection with `builder.objectFields`; optional, since a resolver may not have read any page.
 */
export function connectionType<T, X extends object = {}>(
  name: string,
  nodeRef: ObjectRef<any, T> | any,
  description: string,
): ObjectRef<any, ConnectionResult<T> & Partial<X>> {
  const existing = connectionTypes.get(name);
  if (existing) return existing as ObjectRef<any, ConnectionResult<T> & Partial<X>>;
  const edge = builder.objectRef<Edge<T>>(`${name}Edge`).implement({
    description: `One ${name} in a page of a connection, with its cursor.`,
    fields: (t) => ({
      cursor: t.exposeString('cursor', { description: 'Opaque position of this edge; pass it as `after` to continue after it, or as `before` to go back from it.' }),
      node: t.field({ type: nodeRef, description: `The ${name}.`, resolve: (e) => e.node as any }),
    }),
  });
  const connection = builder.objectRef<ConnectionResult<T>>(`${name}Connection`).implement({
    description,
    fields: (t) => ({
      edges: t.expose('edges', { type: [edge], description: 'The edges of this page, in upstream order.' }),
      nodes: t.field({ type: [nodeRef], description: 'The nodes of this page, in upstream order (edges without cursors).', resolve: (c) => c.edges.map((e) => e.node) as any }),
      pageInfo: t.expose('pageInfo', { type: PageInfo, description: 'Where this page ends and whether more follows.' }),
    }),
  });
  connectionTypes.set(name, connection);
  return connection as ObjectRef<any, ConnectionResult<T> & Partial<X>>;
}

/**
 * The `first`/`after`/`last`/`before` arguments of a connection field, with the upstream bounds in
 * the descriptions. `first` carries the bounds for the operation guard.
 */
export function connectionArgs(t: { arg: ArgBuilder<Types> }, bounds: ConnectionBounds) {
  const min = bounds.minFirst ?? 1;
  return {
    first: t.arg.int({
      required: false,
      // Read by the operation guard: the bounds it checks and the page size it estimates with.
      extensions: { connection: bounds },
      description: `How many edges to return: ${min} to ${bounds.maxSize}, default ${bounds.defaultSize}.${
        bounds.minFirst === 0 ? ' 0 returns no edges, only whether the list has any (`pageInfo.hasNextPage`).' : ''
      } More than one upstream page is filled from the following pages.`,
    }),
    after: t.arg.string({ required: false, description: 'Return the edges after this cursor (an `endCursor` or edge `cursor` of the same list).' }),
    last: t.arg.int({
      required: false,
      description: `With \`before\`: how many edges to return before it, ${min} to ${bounds.maxSize}, default ${bounds.defaultSize}. Not with \`first\`, and not without \`before\` (the list is read from its start, so its end is not known).`,
    }),
    before: t.arg.string({
      required: false,
      description: `Return the edges before this cursor (a \`startCursor\` or edge \`cursor\` of the same list), up to \`last\`. A cursor reaches back ${MAX_TRAIL_PAGES} upstream pages past its own, or to the list's start when it was reached within them; a cursor with nothing left in reach is refused, and a page that runs out of reach holds fewer than \`last\` edges, with \`hasPreviousPage\` true. Not with \`after\`.`,
    }),
  };
}
