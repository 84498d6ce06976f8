/**
 * What a configuration variable is. Each one is declared once, in a table of sections/ (one file per
 * part of docs/configuration.md): `variable(parser, { default, meaning })` gives its name (the
 * table's key), how it is read (`parser`, src/config/parse.ts), its default and its documentation;
 * the `Config` property it sets is its name in camelCase (`MAX_COST` sets `maxCost`) unless `key`
 * names another, or is null for none. src/config/index.ts reads the tables in order and derives the
 * `Config` type from them; `npm run config-doc` renders them.
 */

export type Env = Readonly<Record<string, string | undefined>>;

export class ConfigError extends Error {
  constructor(
    readonly variable: string,
    message: string,
  ) {
    super(`${variable}: ${message}`);
    this.name = 'ConfigError';
  }
}

/**
 * The parts of docs/configuration.md, in its order: a title, and the docs/ page (and anchor) that
 * explains the rules its variables tune, when one page does for all of them.
 */
export const SECTIONS = {
  server: { title: 'Listening, logging and shutdown' },
  overload: { title: 'Memory and overload', see: 'operations.md#memory-and-overload' },
  services: { title: 'Upstream services and keys' },
  calls: { title: 'Upstream calls' },
  caches: { title: 'Caches and persisted documents' },
  auth: { title: 'Who may call', see: 'operations.md#who-may-call' },
  limits: { title: 'Limits of one request and one client', see: 'operations.md#limits' },
  subscriptions: { title: 'Subscriptions', see: 'clients.md#subscriptions' },
  redis: { title: 'Redis (several replicas)', see: 'operations.md#several-replicas-redis' },
  federation: { title: 'Federation' },
  traces: { title: 'Traces (OpenTelemetry)', see: 'operations.md#traces' },
} as const satisfies Record<string, { title: string; see?: string }>;

export type Section = keyof typeof SECTIONS;

/** How a value is read: what it may be, as the documentation shows it, and the check itself. */
export interface Parser<T> {
  readonly accepts: string;
  /** Reads a value (trimmed, never empty); throws a ConfigError naming the variable when it is bad. */
  parse(raw: string, name: string): T;
}

/** The values of the variables read before, by name: what a `derived` default is computed from. */
export type Earlier = Readonly<Record<string, unknown>>;

/** A default that is no constant: computed when the variable is unset, and shown in words. */
export class Computed<T> {
  constructor(
    readonly shown: string,
    readonly compute: (earlier: Earlier) => T,
  ) {}
}

/** No default: unset, the value is undefined, which `shown` says the meaning of. */
export const unset = (shown: string): Computed<undefined> => new Computed(shown, () => undefined);

/** A default computed from the value of `from`, a variable declared (and read) before this one. */
export function derived<V, T>(from: string, derive: (value: V) => T, shown: string): Computed<T> {
  return new Computed(shown, (earlier) => {
    if (!(from in earlier)) throw new Error(`A default derives from ${from}, which is not declared before it`);
    return derive(earlier[from] as V);
  });
}

/** One environment variable: everything the gateway and its documentation know of it. */
export interface Variable<T, K extends string = string> {
  readonly section: Section;
  /** The `Config` property it sets; none when src/config/index.ts combines it with others. */
  readonly key: K | undefined;
  /** The value when unset, as the documentation shows it: a literal in backticks, or words. */
  readonly default: string;
  /** What a value may be (format and bounds), as the documentation shows it. */
  readonly accepts: string;
  /** What it sets, for operators. */
  readonly meaning: string;
  /** The docs/ page (and anchor) where the rule it tunes is explained. */
  readonly see: string | undefined;
  /** One of the few most deployments set (docs/configuration.md's first table); the rest are derived or advanced. */
  readonly primary: boolean;
  /** Its value in `env` (empty counts as unset), else its default; throws a ConfigError naming it. */
  read(env: Env, name: string, earlier?: Earlier): T;
}

/**
 * A variable before its table gives it a name and a section. Its `key` is as declared: undefined for
 * its name in camelCase, null for no `Config` property, else the property's name.
 */
export type Declared<T, K extends string | null = string | null> = Omit<Variable<T>, 'section' | 'key'> & { readonly key: K | undefined };

/** A variable's name in camelCase, the `Config` property it sets by default: `MAX_COST` → `maxCost`. */
export type CamelCase<Name extends string> = Name extends `${infer Head}_${infer Tail}` ? `${Lowercase<Head>}${Capitalize<CamelCase<Tail>>}` : Lowercase<Name>;

/** `CamelCase` at run time. */
export function camelCase<Name extends string>(name: Name): CamelCase<Name> {
  const [head, ...tail] = name.toLowerCase().split('_');
  return (head + tail.map((word) => word.charAt(0).toUpperCase() + word.slice(1)).join('')) as CamelCase<Name>;
}

/** The `Config` property the variable `Name`, declared with `key` (`Declared`), sets: undefined for none. */
export type ConfigKey<Name extends string, Key> = [Key] extends [undefined] ? CamelCase<Name> : Exclude<Key, null | undefined>;

/**
 * Declares a variable read by `parser`, else `default`: a value (shown as a literal unless `shown`
 * says otherwise) or one `Computed` when unset (`unset`, `derived`), which may be of another type.
 * `key`: the `Config` property it sets when that is not its name in camelCase; null for none (when
 * src/config/index.ts combines it with others). `primary`: one of the few most deployments set.
 */
export function variable<T, D = never, K extends string | null = never>(
  parser: Parser<T>,
  spec: { key?: K; default: NoInfer<T> | Computed<D>; shown?: string; accepts?: string; meaning: string; see?: string; primary?: boolean },
): Declared<T | D, K> {
  const fallback = spec.default;
  return {
    key: spec.key,
    default: fallback instanceof Computed ? fallback.shown : (spec.shown ?? `\`${String(fallback)}\``),
    accepts: spec.accepts ?? parser.accepts,
    meaning: spec.meaning,
    see: spec.see,
    primary: spec.primary ?? false,
    read(env, name, earlier = {}) {
      const raw = env[name]?.trim();
      if (raw) return parser.parse(raw, name);
      return fallback instanceof Computed ? fallback.compute(earlier) : fallback;
    },
  };
}

/** A declared variable `V` named `Name`, placed in its section: with the `Config` property it sets. */
type Placed<V, Name extends string> = Omit<V, 'key'> & { readonly key: V extends { key: infer K } ? ConfigKey<Name, K> : never; readonly section: Section };

/**
 * The variables of one section of the documentation, in its order; its page is theirs unless they
 * name one. `T` is left unconstrained: a constraint would be the type each `variable(...)` of the
 * table is inferred against, and would erase the type it reads.
 */
export function section<T extends object>(id: Section, table: T): { [N in keyof T]: Placed<T[N], N & string> } {
  const { see }: { see?: string } = SECTIONS[id] as { see?: string };
  const declared = Object.entries(table) as [string, Declared<unknown>][];
  const placed = declared.map(([name, variable]) => {
    const key = variable.key === undefined ? camelCase(name) : (variable.key ?? undefined);
    return [name, { ...variable, key, section: id, see: variable.see ?? see }];
  });
  return Object.fromEntries(placed) as { [N in keyof T]: Placed<T[N], N & string> };
}

/** What a variable reads. */
export type ValueOf<V> = V extends { read(env: Env, name: string, earlier?: Earlier): infer T } ? T : never;

/** The values of a table of variables, by name. */
export type Values<T> = { [N in keyof T]: ValueOf<T[N]> };

/** The `Config` properties a table of variables sets, by key. */
export type Settings<T> = { [N in keyof T as T[N] extends { key: infer K extends string | undefined } ? Exclude<K, undefined> : never]: ValueOf<T[N]> };
