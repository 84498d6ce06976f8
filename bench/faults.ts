/**
 * Fault matrix: for each upstream service and each fault (hang, 500, 503 with an HTML body, 429 with
 * Retry-After, reset, malformed JSON, slow answers, 404), a fresh gateway takes a few seconds of
 * closed-loop traffic from concurrent clients while the fault holds. Prints answers per second,
 * latency, the error codes clients saw and the amplification ratio (upstream requests per client
 * request). Figures, not assertions.
 *
 *   npm run bench:faults
 *   FAULT_SECONDS=5 FAULT_CLIENTS=50 npm run bench:faults
 */
import { startSandbox, type Sandbox, type Fault } from '@avalanche-graph/sandbox';
import { percentile, startBenchGateway, upstreamRequests } from './support.js';

const SECONDS = Number(process.env.FAULT_SECONDS ?? 3);
const CLIENTS = Number(process.env.FAULT_CLIENTS ?? 20);

const SERVICES: Array<{ name: string; service: keyof Sandbox['services']; route: string; query: string }> = [
  { name: 'data-api', service: 'dataApi', route: 'GET /v1/chains/{chainId}/blocks', query: '{ chain(id: "43114") { chainName blocks(first: 3) { nodes { number } } } }' },
  { name: 'node-rpc', service: 'nodeMainnet', route: 'POST /ext/bc/P', query: '{ network { name pChain { height } } }' },
  { name: 'metrics', service: 'metrics', route: 'GET /v1/avg_tps/{chainId}', query: '{ chain(id: "43114") { chainName avgTps(first: 5) { nodes { value } } } }' },
];

const FAULTS: Array<{ name: string; fault: Fault }> = [
  { name: 'hang', fault: { hang: true } },
  { name: '500', fault: { status: 500, body: { message: 'boom at http://10.1.2.3:9650/internal' } } },
  { name: '503 text', fault: { status: 503, body: 'Service Unavailable' } },
  { name: '429 (30 s)', fault: { status: 429, retryAfter: 30 } },
  { name: 'reset', fault: { reset: true } },
  { name: 'malformed', fault: { malformed: true } },
  { name: 'slow 2 s', fault: { latencyMs: 2000 } },
  { name: '404', fault: { status: 404, body: { message: 'not found' } } },
];

async function main(): Promise<void> {
  const sandbox = await startSandbox({ port: 0 });
  process.stdout.write(`fault matrix: ${CLIENTS} clients (one key each), ${SECONDS} s per cell; UPSTREAM_TIMEOUT_MS 2000, BREAKER_THRESHOLD 5, cool-down 10 s\n\n`);
  process.stdout.write('service   fault          answers/s  p50 ms   p95 ms  upstream/request  codes\n');
  for (const target of SERVICES) {
    for (const { name, fault } of FAULTS) {
      // A fresh gateway per cell: no breaker or Retry-After window carries over.
      const gateway = await startBenchGateway({ UPSTREAM_TIMEOUT_MS: '2000' }, sandbox);
      const url = gateway.server.url;
      // Warm the chain list so each cell measures the faulted route.
      for (let c = 0; c < CLIENTS; c++) {
        await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', 'x-data-api-key': `client-${c}` }, body: JSON.stringify({ query: '{ chains { chainId } }' }) });
      }
      sandbox.reset();
      sandbox.services[target.service].setFault(target.route, fault);
      const latencies: number[] = [];
      const codes = new Map<string, number>();
      let requests = 0;
      const deadline = performance.now() + SECONDS * 1000;
      const client = async (c: number) => {
        while (performance.now() < deadline) {
          const t0 = performance.now();
          requests++;
          try {
            const response = await fetch(url, {
              method: 'POST',
              headers: { 'content-type': 'application/json', 'x-data-api-key': `client-${c}` },
              body: JSON.stringify({ query: target.query }),
            });
            const body = (await response.json()) as { errors?: Array<{ extensions?: { code?: string } }> };
            const code = body.errors?.[0]?.extensions?.code ?? (response.ok ? 'ok' : `http ${response.status}`);
            codes.set(code, (codes.get(code) ?? 0) + 1);
          } catch {
            codes.set('no answer', (codes.get('no answer') ?? 0) + 1);
          }
          latencies.push(performance.now() - t0);
        }
      };
      const started = performance.now();
      await Promise.all(Array.from({ length: CLIENTS }, (_, c) => client(c)));
      const seconds = (performance.now() - started) / 1000;
      latencies.sort((a, b) => a - b);
      const upstream = upstreamRequests(sandbox);
      sandbox.reset();
      await gateway.close();
      const mix = [...codes].sort((a, b) => b[1] - a[1]).map(([code, n]) => `${code} ${n}`).join(', ');
      process.stdout.write(
        `${target.name.padEnd(9)} ${name.padEnd(14)} ${(latencies.length / seconds).toFixed(0).padStart(9)} ${percentile(latencies, 50).padStart(7)} ${percentile(latencies, 95).padStart(8)} ${(upstream / requests).toFixed(2).padStart(17)}  ${mix}\n`,
      );
    }
  }
  await sandbox.close();
}

await main();
