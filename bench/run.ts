/**
 * Benchmark: starts the simulated upstreams and the gateway on loopback, sends a fixed number of
 * operations at a fixed concurrency, and prints throughput, latency percentiles, upstream calls per
 * operation and memory. Figures, not assertions: compare runs on the same machine.
 *
 *   npm run bench                 # default scenarios
 *   BENCH_REQUESTS=2000 BENCH_CONCURRENCY=32 npm run bench
 */
import { readFileSync } from 'node:fs';
import { startBenchGateway, upstreamRequests } from './support.js';

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 500);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16);

const example = (name: string) => readFileSync(new URL(`../examples/${name}.graphql`, import.meta.url), 'utf8');

/**
 * `cold` sends each operation with its own Data API key, so the shared cache (partitioned by key)
 * never answers: the figures are those of a cache miss on every Data API call.
 */
const SCENARIOS: Array<{ name: string; query: string; variables?: Record<string, unknown>; cold?: boolean }> = [
  { name: 'chains list', query: '{ chains { chainId chainName networkToken { symbol decimals } } }' },
  { name: 'latest blocks', query: '{ chain(id: "43114") { blocks(first: 10) { nodes { number hash txCount timestamp } } } }' },
  { name: 'explorer (warm)', query: example('block-explorer'), variables: { chainId: '43114' } },
  { name: 'explorer (cold)', query: example('block-explorer'), variables: { chainId: '43114' }, cold: true },
  { name: 'wallet (cold)', query: example('wallet-page'), variables: { chainId: '43114', address: '0xF724DA949F47F4730090Aa7dC8fB77d87A5d24C9' }, cold: true },
];

async function main(): Promise<void> {
  // One client sends everything here: its per-client upstream rate is lifted for the measurement.
  const gateway = await startBenchGateway({ CLIENT_UPSTREAM_CALLS_PER_SECOND: '1000000' });
  const { sandbox, server } = gateway;
  process.stdout.write(`requests per scenario: ${REQUESTS}, concurrency: ${CONCURRENCY}\n\n`);
  process.stdout.write('scenario             ops/s    p50 ms   p95 ms   p99 ms  upstream/op  errors\n');
  for (const scenario of SCENARIOS) {
    sandbox.reset();
    const latencies: number[] = [];
    let errors = 0;
    let next = 0;
    const started = performance.now();
    const worker = async () => {
      while (next < REQUESTS) {
        const n = next++;
        const t0 = performance.now();
        const response = await fetch(server.url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...(scenario.cold ? { 'x-data-api-key': `bench-${scenario.name}-${n}` } : {}) },
          body: JSON.stringify({ query: scenario.query, variables: scenario.variables }),
        });
        const body = (await response.json()) as { errors?: unknown[] };
        if (!response.ok || body.errors) errors++;
        latencies.push(performance.now() - t0);
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    const seconds = (performance.now() - started) / 1000;
    latencies.sort((a, b) => a - b);
    const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))]!.toFixed(2);
    const upstream = upstreamRequests(sandbox);
    process.stdout.write(
      `${scenario.name.padEnd(20)} ${(REQUESTS / seconds).toFixed(0).padStart(6)} ${pct(50).padStart(9)} ${pct(95).padStart(8)} ${pct(99).padStart(8)} ${(upstream / REQUESTS).toFixed(3).padStart(12)} ${String(errors).padStart(7)}\n`,
    );
  }
  const memory = process.memoryUsage();
  process.stdout.write(
    `\nmemory: rss ${(memory.rss / 2 ** 20).toFixed(1)} MiB, heap used ${(memory.heapUsed / 2 ** 20).toFixed(1)} MiB; shared cache entries ${server.upstreams.cache.size}, ~${(server.upstreams.cache.calculatedSize / 1024).toFixed(0)} KiB\n`,
  );
  await gateway.close();
}

await main();
