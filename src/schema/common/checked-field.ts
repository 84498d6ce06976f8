/**
 * `t.checkedField`: a field whose arguments are checked once. It declares `check`, which the
 * operation guard (src/plugins/operation-guard.ts) runs before execution, so a bad argument is a
 * BAD_USER_INPUT error naming it before any upstream call, even under a parent that calls one first;
 * and its `resolve` (a subscription field's `subscribe`; its events' `resolve` reads the event
 * only) receives what `check` returned (a typed range, a parsed id, a query), as its second
 * parameter, with the arguments after it. The check is written once: the field runs it again
 * at resolve time only to hand its value over (checks are pure and cheap), never in its own code.
 *
 * A check that reads the guard's scope (the network of the nearest `network(name:)` above the field)
 * is given the same at resolve time by `scopeOf`, from the field's parent (a `Network`'s name); a
 * field without `scopeOf` resolves with the guard's default scope, MAINNET, as the guard checks it
 * when no `network(name:)` is above.
 */
import { RootFieldBuilder, type FieldKind, type FieldNullability, type FieldOptionsFromKind, type InputFieldMap, type InputShapeFromFields, type SchemaTypes, type TypeParam } from '@pothos/core';
import type { GraphQLResolveInfo } from 'graphql';
import { DEFAULT_SCOPE, type FieldGuard, type GuardScope } from './guards.js';

/** A resolver (or subscriber) that takes what the check returned, after its parent. */
type WithChecked<Fn, Args, Checked> = Fn extends (parent: infer Parent, args: never, context: infer Context, info: GraphQLResolveInfo) => infer Result
  ? (parent: Parent, checked: Checked, args: Args, context: Context, info: GraphQLResolveInfo) => Result
  : never;

/** The parent a field's resolver (or subscriber) takes. */
type ParentOf<Fn> = Fn extends (parent: infer Parent, ...rest: never[]) => unknown ? Parent : never;

/**
 * A field's options with `check` (and `scopeOf`), and a `resolve` (a subscription field's
 * `subscribe` too) that takes what `check` returned.
 */
export type CheckedFieldOptions<Options, Args, Checked> = Omit<Options, 'resolve' | 'subscribe'> & {
  /** Checks the arguments (throwing BAD_USER_INPUT naming one) and returns what the field needs of them. */
  check: (args: Args, scope: GuardScope) => Checked;
  /** The guard's scope at resolve time, from the parent; needed when `check` reads the scope. */
  scopeOf?: (parent: ParentOf<NonNullable<Options extends { resolve?: infer Resolve } ? Resolve : never>>) => GuardScope;
} & (Options extends { subscribe: infer Subscribe }
    ? { subscribe: WithChecked<Subscribe, Args, Checked>; resolve?: NonNullable<Options extends { resolve?: infer Resolve } ? Resolve : never> }
    : { resolve: WithChecked<NonNullable<Options extends { resolve?: infer Resolve } ? Resolve : never>, Args, Checked> });

declare global {
  export namespace PothosSchemaTypes {
    export interface RootFieldBuilder<Types extends SchemaTypes, ParentShape, Kind extends FieldKind = FieldKind> {
      /** `field`, with its argument check declared once (src/schema/common/checked-field.ts). */
      checkedField<
        Type extends TypeParam<Types>,
        Checked,
        ResolveShape,
        ResolveReturnShape,
        Nullable extends FieldNullability<Type> = Types['DefaultFieldNullability'],
        Args extends InputFieldMap = {},
      >(
        options: CheckedFieldOptions<FieldOptionsFromKind<Types, ParentShape, Type, Nullable, Args, Kind, ResolveShape, ResolveReturnShape>, InputShapeFromFields<Args>, Checked>,
      ): ReturnType<RootFieldBuilder<Types, ParentShape, Kind>['field']>;
    }
  }
}

type Untyped = (parent: unknown, checked: unknown, args: unknown, context: unknown, info: GraphQLResolveInfo) => unknown;

interface UntypedOptions {
  check: (args: unknown, scope: GuardScope) => unknown;
  scopeOf?: (parent: unknown) => GuardScope;
  resolve?: Untyped;
  subscribe?: Untyped;
  extensions?: { guard?: FieldGuard } & Record<string, unknown>;
}

RootFieldBuilder.prototype.checkedField = function checkedField(this: RootFieldBuilder<SchemaTypes, unknown>, options: UntypedOptions) {
  const { check, scopeOf, resolve, subscribe, extensions, ...rest } = options;
  // A subscription's events resolve from the event alone: only its subscriber takes the check's value.
  const withChecked = (fn: Untyped) => (parent: unknown, args: unknown, context: unknown, info: GraphQLResolveInfo) =>
    fn(parent, check(args, scopeOf?.(parent) ?? DEFAULT_SCOPE), args, context, info);
  return this.field({
    ...(rest as object),
    extensions: { ...extensions, guard: { ...extensions?.guard, checkArgs: check } },
    ...(subscribe ? { subscribe: withChecked(subscribe), resolve } : { resolve: resolve && withChecked(resolve) }),
  } as never);
} as never;
