/**
 * Composes a supergraph from running subgraphs (`npm run supergraph -- name=url ...`): reads each
 * one's SDL from `_service { sdl }`, composes them with @theguild/federation-composition and writes
 * the supergraph SDL to stdout, or to the file after `--out`. Composition errors go to stderr and
 * exit 1. With FEDERATION_SECRET set, it is sent to every subgraph as a router would (a subgraph
 * that keeps `_service` for its router answers only then). A dev tool: production composition
 * belongs to a schema registry (Hive, GraphOS) or rover.
 */
import { writeFileSync } from 'node:fs';
import { composeServices } from '@theguild/federation-composition';
import { parse } from 'graphql';
import { FEDERATION_SECRET_HEADER } from '../src/plugins/federation-secret.js';

const args = process.argv.slice(2);
const outIndex = args.indexOf('--out');
const out = outIndex >= 0 ? args[outIndex + 1] : undefined;
const pairs = args.filter((_, i) => i !== outIndex && i !== outIndex + 1);
if (pairs.length === 0 || pairs.some((p) => !/^[A-Za-z][\w-]*=https?:\/\/\S+$/.test(p))) {
  process.stderr.write('usage: npm run supergraph -- <name>=<graphql url> [<name>=<graphql url> ...] [--out supergraph.graphql]\n');
  process.exit(2);
}

const secret = process.env.FEDERATION_SECRET?.trim();
const headers = { 'content-type': 'application/json', ...(secret ? { [FEDERATION_SECRET_HEADER]: secret } : {}) };
const services = await Promise.all(
  pairs.map(async (pair) => {
    const [name, url] = [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)];
    const response = await fetch(url, { method: 'POST', headers, body: JSON.stringify({ query: '{ _service { sdl } }' }) });
    const body = (await response.json().catch(() => null)) as { data?: { _service?: { sdl?: string } } } | null;
    const sdl = body?.data?._service?.sdl;
    if (!sdl) throw new Error(`${name}: no _service { sdl } at ${url} (HTTP ${response.status})`);
    return { name, url, typeDefs: parse(sdl) };
  }),
);
const result = composeServices(services);
if (result.errors) {
  for (const error of result.errors) process.stderr.write(`${error.message}\n`);
  process.exit(1);
}
if (out) {
  writeFileSync(out, result.supergraphSdl);
  process.stderr.write(`${out} written (${services.map((s) => s.name).join(', ')})\n`);
} else {
  process.stdout.write(result.supergraphSdl);
}
