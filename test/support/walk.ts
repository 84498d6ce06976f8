/**
 * Reading a connection of the graph to its end, page by page, as a client would: the first page,
 * then each page `after` the previous page's end cursor.
 */
import { expect } from 'vitest';
import type { GraphQLResponse } from './harness.js';

/** What a walk reads of a connection: its nodes (as edges or as a `nodes` list) and its page info. */
export interface ConnectionPage {
  edges?: ReadonlyArray<{ node: unknown }>;
  nodes?: ReadonlyArray<unknown>;
  pageInfo: { hasNextPage: boolean; endCursor?: string | null };
}

/** The node type of a connection page. */
export type NodeOf<P> = P extends { edges: ReadonlyArray<{ node: infer N }> } ? N : P extends { nodes: ReadonlyArray<infer N> } ? N : never;

export interface WalkOptions<P> {
  /** A connection still going after this many pages fails the walk (default 500). */
  maxPages?: number;
  /** Sees each page before the next is asked for (e.g. to check that a page before the last is full). */
  check?: (page: P) => void;
}

/**
 * Walks a connection to its end and returns its nodes and how many pages (operations) it took.
 * `query` sends one page's operation; every answer must come without errors. `pageOf` picks the
 * connection out of an answer's data.
 */
export async function walkPages<D, P extends ConnectionPage>(
  query: (after: string | undefined) => Promise<GraphQLResponse<D>>,
  pageOf: (data: D) => P | null | undefined,
  options: WalkOptions<P> = {},
): Promise<{ nodes: NodeOf<P>[]; pages: number }> {
  const maxPages = options.maxPages ?? 500;
  const nodes: NodeOf<P>[] = [];
  let after: string | undefined;
  for (let pages = 1; pages <= maxPages; pages++) {
    const answer = await query(after);
    expect(answer.errors).toBeUndefined();
    const page = pageOf(answer.data!);
    if (!page) throw new Error(`page ${pages} has no connection`);
    options.check?.(page);
    nodes.push(...((page.edges ? page.edges.map((e) => e.node) : (page.nodes ?? [])) as NodeOf<P>[]));
    if (!page.pageInfo.hasNextPage) return { nodes, pages };
    after = page.pageInfo.endCursor ?? undefined;
  }
  throw new Error(`the connection did not end within ${maxPages} pages`);
}

/** `walkPages`, for the nodes only. */
export async function walkConnection<D, P extends ConnectionPage>(
  query: (after: string | undefined) => Promise<GraphQLResponse<D>>,
  pageOf: (data: D) => P | null | undefined,
  options: WalkOptions<P> = {},
): Promise<NodeOf<P>[]> {
  return (await walkPages(query, pageOf, options)).nodes;
}
