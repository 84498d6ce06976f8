/**
 * The in-process caches weigh what they really keep (the answers' and documents' text, in bytes)
 * and evict at their byte bounds, whatever the number of entries allows.
 */
import { describe, expect, it } from 'vitest';
import { parse } from 'graphql';
import { documentCache } from '../src/plugins/document-cache.js';
import { apqStore } from '../src/plugins/persisted-documents.js';
import { responseCacheStore } from '../src/plugins/response-cache.js';
import { UpstreamCache } from '../src/upstream/transport/cache.js';

const KIB = 1024;

/** An answer whose JSON text is about `bytes` long. */
const answer = (i: number, bytes: number) => ({ id: i, items: Array.from({ length: bytes / 100 }, (_, n) => ({ n, text: 'x'.repeat(80) })) });

describe('the shared upstream cache', () => {
  it('weighs each answer by its JSON text, and evicts at its byte bound', async () => {
    const cache = new UpstreamCache({ maxEntries: 10_000, maxBytes: 1024 * KIB });
    for (let i = 0; i < 100; i++) await cache.getOrFetch(`k${i}`, 60_000, async () => answer(i, 100 * KIB));
    // 100 answers of ~100 KiB into 1 MiB: about ten stay, each weighing at least its text.
    expect(cache.calculatedSize).toBeLessThanOrEqual(1024 * KIB);
    expect(cache.size).toBeLessThanOrEqual(10);
    expect(cache.size).toBeGreaterThanOrEqual(8);
    expect(cache.calculatedSize).toBeGreaterThanOrEqual(cache.size * JSON.stringify(answer(0, 100 * KIB)).length);
    // The newest are kept; a hit is an answer of its own, equal to what was fetched.
    let fetched = 0;
    const hit = await cache.getOrFetch('k99', 60_000, async () => (fetched++, answer(99, 100 * KIB)));
    expect(fetched).toBe(0);
    expect(hit).toEqual(answer(99, 100 * KIB));
    hit.items.length = 0;
    expect(await cache.getOrFetch('k99', 60_000, async () => answer(-1, 100))).toEqual(answer(99, 100 * KIB));
  });

  it('weighs text beyond Latin-1 at two bytes a character', async () => {
    const latin = new UpstreamCache({ maxEntries: 10, maxBytes: 1024 * KIB });
    const wide = new UpstreamCache({ maxEntries: 10, maxBytes: 1024 * KIB });
    await latin.getOrFetch('k', 60_000, async () => ({ name: 'a'.repeat(100_000) }));
    await wide.getOrFetch('k', 60_000, async () => ({ name: '€'.repeat(100_000) }));
    expect(latin.calculatedSize).toBeGreaterThan(100_000);
    expect(wide.calculatedSize).toBeGreaterThan(200_000);
    expect(wide.calculatedSize).toBeLessThan(latin.calculatedSize + 101_000);
  });

  it('keeps bigints exactly', async () => {
    const cache = new UpstreamCache({ maxEntries: 10, maxBytes: 64 * KIB });
    await cache.getOrFetch('k', 60_000, async () => ({ wei: 2n ** 80n }));
    expect(await cache.getOrFetch('k', 60_000, async () => ({ wei: 0n }))).toEqual({ wei: 2n ** 80n });
  });
});

describe('the response cache store', () => {
  it('weighs each answer by its JSON text, and evicts at its byte bound', async () => {
    const store = responseCacheStore(1000, 256 * KIB);
    for (let i = 0; i < 200; i++) await store.set(`r${i}`, { data: answer(i, 10 * KIB) }, [], 60_000);
    expect(store.calculatedSize).toBeLessThanOrEqual(256 * KIB);
    expect(store.size).toBeLessThanOrEqual(25);
    expect(store.size).toBeGreaterThanOrEqual(20);
    expect(await store.get('r199')).toEqual({ data: answer(199, 10 * KIB) });
    expect(await store.get('r0')).toBeUndefined();
  });
});

describe('the APQ store', () => {
  it('weighs each document by its text, and evicts at its byte bound', () => {
    const store = apqStore(1000, 64 * KIB);
    for (let i = 0; i < 100; i++) store.set(`hash${i}`, `query Q${i} { chains { chainId } } # ${'x'.repeat(10 * KIB)}`);
    expect(store.calculatedSize).toBeLessThanOrEqual(64 * KIB);
    expect(store.size).toBeLessThanOrEqual(6);
    expect(store.size).toBeGreaterThanOrEqual(5);
    expect(store.get('hash99')).toContain('query Q99');
  });
});

describe('the parsed documents cache', () => {
  it('weighs each document by its length, keeps errors apart from documents, and evicts at its byte bound', () => {
    const { lru, options } = documentCache(1024 * KIB);
    // ~2 KiB documents weigh ~100 KiB each as ASTs: ten of them at most in 1 MiB.
    const text = (i: number) => `query Q${i} { ${Array.from({ length: 100 }, (_, n) => `a${n}: chains { chainId }`).join(' ')} }`;
    for (let i = 0; i < 100; i++) options.documentCache!.set(text(i), parse(text(i)));
    expect(lru.calculatedSize).toBeLessThanOrEqual(1024 * KIB);
    expect(lru.size).toBeLessThanOrEqual(Math.floor((1024 * KIB) / (text(0).length * 48)));
    expect(lru.size).toBeGreaterThanOrEqual(5);
    expect(options.documentCache!.get(text(99))?.kind).toBe('Document');
    options.errorCache!.set('query {', new Error('Syntax Error'));
    expect(options.documentCache!.get('query {')).toBeUndefined();
    expect(options.errorCache!.get('query {')).toBeInstanceOf(Error);
    expect(options.errorCache!.get(text(99))).toBeUndefined();
  });
});
