/**
 * A list of a primary-network chain (the P-, X- or C-Chain) that the Data API reads under a network
 * (`GET /v1/networks/{network}/blockchains/{blockchainId}/...`) and sends with the chain it answered
 * for, as a connection field written as its differences only: its arguments, their check, the read's
 * path after the network, its query, the read and how a page becomes items. The recipe adds the rest:
 * a nullable connection with the connection arguments of its page, the check run by the guard in the
 * network of the nearest `network(name:)` and at resolve time in the parent's, the Data API's
 * network first in the read's path, and the connection's `chainInfo` from its pages (`withChainInfo`).
 */
import type { DataApiSchema } from '@avalanche-graph/wire-types';
import type { InputFieldMap, InputShapeFromFields, ObjectRef } from '@pothos/core';
import type { Types } from '../../builder.js';
import type { Context } from '../../context.js';
import type { NetworkKey } from '@avalanche-graph/identity';
import type { DataApiNetwork } from '../../upstream/data-api/types/chains.js';
import { connectionArgs } from './connection.js';
import { dataApiNetwork, networkKey, type NetworkNameValue } from './network-names.js';
import type { ConnectionBounds, ConnectionResult } from './pagination.js';
import { upstreamList, type PageQuery, type UpstreamAnswer } from './upstream-list.js';

/** What the chain's pages and its connection carry beside the items. */
interface ChainInfo {
  chainInfo?: DataApiSchema<'PrimaryNetworkChainInfo'> | null;
}

/** A field's arguments with the connection arguments the recipe adds. */
type ListArgs<Args extends InputFieldMap> = InputShapeFromFields<Args & ReturnType<typeof connectionArgs>>;

/** What a primary-network chain list's field says: its differences from the others. */
export interface PrimaryListOptions<
  Parent,
  Args extends InputFieldMap,
  Checked,
  Path extends readonly unknown[],
  Query extends object,
  Answer extends UpstreamAnswer & ChainInfo,
  T,
> {
  /** The connection (a `connectionType` with `withChainInfo`). */
  type: ObjectRef<Types, ConnectionResult<T> & ChainInfo>;
  description: string;
  /** The field's own arguments; the connection's (`first`, `after`, `last`, `before`) follow them. */
  args: Args;
  /** The list's bounds, for the connection arguments and the upstream pages. */
  page: ConnectionBounds;
  extensions?: Record<string, unknown>;
  /** The network the parent is of: the list's network, and the check's at resolve time. */
  network: (parent: Parent) => NetworkNameValue;
  /** Checks the arguments in a network (throwing BAD_USER_INPUT naming one) and returns what the list needs of them. */
  check: (args: ListArgs<Args>, key: NetworkKey) => Checked;
  /** The list's name (see `upstreamList`). */
  name: string;
  /** The read's arguments after the network (the chain, then any other) and its query, from what the check returned. */
  request: (checked: Checked, parent: Parent, key: NetworkKey) => { path: Path; query: Query };
  /** Reads one page: the Data API's network, the path, then the query with the page's token and size. */
  read: (ctx: Context, network: DataApiNetwork, ...args: [...Path, Query & PageQuery]) => Promise<Answer>;
  /** A page's items as the connection's nodes. */
  items: (page: Answer, ctx: Context, key: NetworkKey, checked: Checked) => T[];
}

/** The field of a primary-network chain list (see the file's comment). */
export function primaryList<
  Parent,
  Args extends InputFieldMap,
  Checked,
  const Path extends readonly unknown[],
  Query extends object,
  Answer extends UpstreamAnswer & ChainInfo,
  T,
>(
  t: PothosSchemaTypes.ObjectFieldBuilder<Types, Parent>,
  options: PrimaryListOptions<Parent, Args, Checked, Path, Query, Answer, T>,
) {
  const { type, description, args, page, extensions, network, check, name, request, read, items } = options;
  return t.checkedField({
    type,
    nullable: true,
    description,
    args: { ...args, ...connectionArgs(t, page) },
    extensions,
    check: (args, scope) => check(args, networkKey(scope.network)),
    scopeOf: (parent) => ({ network: network(parent) }),
    resolve: (parent, checked, args, ctx) => {
      const key = networkKey(network(parent));
      const { path, query } = request(checked, parent, key);
      return upstreamList(args, {
        name,
        page,
        path: [dataApiNetwork(network(parent)), ...path],
        query,
        read: (...call) => read(ctx, ...call),
        items: (answer) => items(answer, ctx, key, checked),
        extras: (answer) => ({ chainInfo: answer.chainInfo }),
      });
    },
  });
}
