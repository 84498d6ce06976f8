/** The DataLoader contract for reads with no batch form: one read per key, in key order. */
import type { Context } from '../../context.js';

/** Runs one read per key, each failure an Error in its own slot (the DataLoader contract). */
export function eachKey<K, V>(keys: readonly K[], read: (key: K) => Promise<V>): Promise<Array<V | Error>> {
  return Promise.all(
    keys.map(async (key) => {
      try {
        return await read(key);
      } catch (error) {
        return error as Error;
      }
    }),
  );
}

/**
 * A loadable ref's `load` that reads each id its own way (parsed into a shared loader's key, or
 * read from an id that carries it), null for an id that names nothing (the ref's plugin types do
 * not admit null, though it answers null for it). A ref with a read of its own uses `refLoad`.
 */
export function loadEach<T>(ids: readonly string[], load: (id: string) => Promise<T | null> | T | null): Promise<Array<T | Error>> {
  return eachKey(ids, async (id) => (await load(id)) ?? (null as unknown as T));
}

/**
 * The batch read of a loadable ref (`Block`, `Transaction`, ...): its values in key order, null for
 * a key that names nothing, an Error in the slot of a key whose read failed. The ref's own
 * DataLoader (Pothos's, one per request) runs it: that loader is the one for its entity, and fields
 * and lists reach it with `Ref.getDataloader(ctx)` (to load, or to prime with a listed item).
 */
export type BatchRead<V> = (keys: readonly string[], ctx: Context) => Promise<Array<V | null | Error>>;

/** A batch read as a ref's `load` (the ref's plugin types do not admit null, though it answers null for it). */
export function refLoad<V>(read: BatchRead<V>): (keys: string[], ctx: Context) => Promise<Array<V | Error>> {
  return read as (keys: string[], ctx: Context) => Promise<Array<V | Error>>;
}
