/**
 * The Data API client's endpoint groups follow the official description's tags
 * (test/fixtures/official-operations.json records each operation's tag): every tag has exactly one
 * group whose public methods are that tag's operation ids, and no group has a public method that is
 * not an operation of its tag. A helper of a group is an ES private method (`#name`) or a function of
 * its file, so it is no public method. Health Check is the one tag without a group: its operations
 * are served by src/upstream/health, not by the client.
 */
import { describe, expect, it } from 'vitest';
import { DataApiClient } from '../../src/upstream/data-api/index.js';
import { NoCache } from '../../src/upstream/transport/cache.js';
import type { Transport } from '../../src/upstream/transport/call.js';
import { DATA_API_OPERATIONS } from '../support/official-operations.js';

const SERVED_ELSEWHERE = new Set(['Health Check']);

/** Nothing is sent: the test reads the client's shape only. */
const transport: Transport = { json: () => Promise.reject(new Error('no call expected')) };

function client(callerKey: boolean): DataApiClient {
  return new DataApiClient({ baseUrl: 'http://data.test', transport, cache: new NoCache(), keyHeaders: ['x-api-key'], apiKey: 'key', callerKey });
}

/** The public methods of an object: the functions of its prototypes, up to Object's. */
function methodsOf(object: object): string[] {
  const names: string[] = [];
  for (let proto = Object.getPrototypeOf(object) as object | null; proto && proto !== Object.prototype; proto = Object.getPrototypeOf(proto) as object | null) {
    for (const name of Object.getOwnPropertyNames(proto)) {
      if (name !== 'constructor' && typeof Object.getOwnPropertyDescriptor(proto, name)?.value === 'function') names.push(name);
    }
  }
  return names.sort();
}

/** The client's groups (every property but its REST client), each with its public methods. */
function groupsOf(dataApi: DataApiClient): Array<{ name: string; methods: string[] }> {
  return Object.entries(dataApi)
    .filter(([name]) => name !== 'rest')
    .map(([name, group]) => ({ name, methods: group && typeof group === 'object' ? methodsOf(group as object) : [] }));
}

/** Operation id (without `data:`) → its tag, and tag → its operation ids. */
const tagOf = new Map(DATA_API_OPERATIONS.map((op) => [op.id.slice('data:'.length), op.tag ?? '(no tag)']));
const operationsOf = new Map<string, string[]>();
for (const [id, tag] of tagOf) operationsOf.set(tag, [...(operationsOf.get(tag) ?? []), id].sort());

describe('Data API endpoint groups', () => {
  it('reads a tag for every operation of the description', () => {
    expect(DATA_API_OPERATIONS.filter((op) => !op.tag).map((op) => op.id)).toEqual([]);
    expect(operationsOf.size).toBeGreaterThan(15);
  });

  it('has one group per tag, whose public methods are exactly the tag\'s operations', () => {
    const groups = groupsOf(client(true));
    const wrong: string[] = [];
    for (const [tag, ids] of operationsOf) {
      if (SERVED_ELSEWHERE.has(tag)) continue;
      const matching = groups.filter((group) => group.methods.join() === ids.join()).map((group) => group.name);
      if (matching.length !== 1) wrong.push(`${tag}: ${matching.length} groups (${matching.join(', ')}) have exactly its operations ${ids.join(', ')}`);
    }
    for (const group of groups) {
      const tags = new Set(group.methods.map((method) => tagOf.get(method)));
      for (const method of group.methods) if (!tagOf.has(method)) wrong.push(`dataApi.${group.name}.${method} is no Data API operation`);
      if (tags.size !== 1) wrong.push(`dataApi.${group.name} spans ${tags.size} tags: ${[...tags].join(', ')}`);
      for (const tag of tags) if (tag && SERVED_ELSEWHERE.has(tag)) wrong.push(`dataApi.${group.name} serves ${tag}, which src/upstream/health serves`);
    }
    expect(wrong).toEqual([]);
  });

  it('keeps no endpoint method on the client itself', () => {
    expect(methodsOf(client(true))).toEqual([]);
  });

  it('opens the key owner\'s groups (webhooks, usage metrics, export operations) for a caller\'s own key only', () => {
    const owner = ['operations', 'usageMetrics', 'webhooks'];
    const configured = client(false);
    expect(owner.filter((name) => configured[name as keyof DataApiClient] !== null)).toEqual([]);
    expect(groupsOf(configured).filter((group) => !owner.includes(group.name) && group.methods.length === 0)).toEqual([]);
    const own = client(true);
    expect(owner.filter((name) => own[name as keyof DataApiClient] === null)).toEqual([]);
  });
});
