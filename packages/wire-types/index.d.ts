/**
 * What the Data API and the metrics service send and take, by the names of their official OpenAPI
 * descriptions: `DataApiSchema<'EvmBlock'>` is the description's `EvmBlock`. The types are generated
 * (generated/, by `npm run wire-types`) from the descriptions in openapi/, with the corrections of
 * patches.ts where a description says less than the service sends. The helpers below read and build
 * them; they add no claim about the services.
 */
import type { components as DataApiComponents, operations as DataApiOperations } from './generated/data-api.js';
import type { components as MetricsComponents, operations as MetricsOperations } from './generated/metrics.js';

export type DataApiSchemas = DataApiComponents['schemas'];
export type MetricsSchemas = MetricsComponents['schemas'];

/** A schema of the Data API's description. */
export type DataApiSchema<Name extends keyof DataApiSchemas> = DataApiSchemas[Name];

/** A schema of the metrics service's description. */
export type MetricsSchema<Name extends keyof MetricsSchemas> = MetricsSchemas[Name];

/** The query parameters of a Data API operation, by its operation id. */
export type DataApiQuery<Operation extends keyof DataApiOperations> = NonNullable<DataApiOperations[Operation]['parameters']['query']>;

/** The query parameters of a metrics service operation, by its operation id. */
export type MetricsQuery<Operation extends keyof MetricsOperations> = NonNullable<MetricsOperations[Operation]['parameters']['query']>;

/**
 * An operation's query as a client's method takes it: the named parameters, which the wire carries
 * comma-separated, as lists (the client joins them).
 */
export type ListQuery<Query, Lists extends keyof Query> = Omit<Query, Lists> & { [Key in Lists]?: readonly string[] };

type KeysOf<Union> = Union extends unknown ? keyof Union : never;

/** Every field of every member of a union of object types, each optional: a shape to build one member in steps. */
export type AnyOf<Union> = { [Key in KeysOf<Union>]?: Union extends unknown ? (Key extends keyof Union ? Union[Key] : never) : never };

/**
 * A body or query as a client builds it from values it has checked itself: the description's shape
 * with each enum widened to its base type, as the values come from the client's own enums.
 */
export type Sendable<T> = T extends string ? string : T extends (infer Item)[] ? Sendable<Item>[] : T extends object ? { [Key in keyof T]: Sendable<T[Key]> } : T;

/**
 * A union of the variants a description gives for one answer (a message pending or delivered, a
 * validation active or completed), in which each variant also has the fields only the others carry,
 * as absent: `message.destinationTransaction` reads on any variant, and `status` still tells them
 * apart.
 */
export type Variants<Union, All = Union> = Union extends unknown ? Union & { [Key in Exclude<KeysOf<All>, keyof Union>]?: undefined } : never;
