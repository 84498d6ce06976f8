/**
 * How values travel through Redis: JSON, made lossless for what the gateway keeps. Upstream answers
 * are parsed JSON whose integers past 2^53 are already decimal strings (`parseExact`), and finite
 * JS numbers survive `JSON.stringify` exactly; a `bigint` (which JSON cannot hold) is written as
 * `{"$bigint": "<decimal>"}` and read back as a bigint. A value JSON cannot hold faithfully (a
 * function, a symbol, a cycle, a non-finite number) is not stored at all: `encode` returns undefined.
 */

const BIGINT_TAG = '$bigint';
/** Version of the stored form: a value written by another version is treated as a miss. */
const VERSION = 'v1:';

export function encode(value: unknown): string | undefined {
  let faithful = true;
  let text: string | undefined;
  try {
    text = JSON.stringify(value, function (this: unknown, _key, v: unknown) {
      if (typeof v === 'bigint') return { [BIGINT_TAG]: v.toString() };
      if (typeof v === 'number' && !Number.isFinite(v)) faithful = false;
      if (typeof v === 'function' || typeof v === 'symbol') faithful = false;
      if (v instanceof Map || v instanceof Set) faithful = false;
      return v;
    });
  } catch {
    return undefined;
  }
  return faithful && text !== undefined ? VERSION + text : undefined;
}

/** The value `encode` wrote, or undefined when the text is not one (another version, or damaged). */
export function decode(text: string | null | undefined): unknown {
  if (!text || !text.startsWith(VERSION)) return undefined;
  try {
    // No tag in the text, no bigint to revive: the plain parse, several times faster than a reviver.
    if (!text.includes(`"${BIGINT_TAG}"`)) return JSON.parse(text.slice(VERSION.length));
    return JSON.parse(text.slice(VERSION.length), (_key, v: unknown) => {
      if (v && typeof v === 'object' && !Array.isArray(v)) {
        const keys = Object.keys(v);
        const tagged = (v as Record<string, unknown>)[BIGINT_TAG];
        if (keys.length === 1 && typeof tagged === 'string' && /^-?\d+$/.test(tagged)) return BigInt(tagged);
      }
      return v;
    });
  } catch {
    return undefined;
  }
}
