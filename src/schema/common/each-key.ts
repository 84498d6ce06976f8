/** The DataLoader contract for reads with no batch form: one read per key, in key order. */

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
 * A loadable ref's `load`: each id through `load` (a named loader), null for an id that names
 * nothing (the ref's plugin types do not admit null, though it answers null for it).
 */
export function loadEach<T>(ids: readonly string[], load: (id: string) => Promise<T | null> | T | null): Promise<Array<T | Error>> {
  return eachKey(ids, async (id) => (await load(id)) ?? (null as unknown as T));
}
