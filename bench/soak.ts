/**
 * Soak: a steady rate of mixed traffic against the gateway for a while, printing memory and the
 * size of /metrics as it goes. GET requests carry distinct query strings (operation names,
 * addresses, padding) and POSTs distinct variables, the traffic that once grew /metrics without
 * bound. Figures, not assertions: RSS should stay flat and the series count bounded.
 *
 *   npm run bench:soak                                  # 60 s at 150 requests/s
 *   SOAK_SECONDS=300 SOAK_RATE=150 npm run bench:soak
 *   CACHE_MAX_BYTES=4194304 npm run bench:soak            # a smaller shared cache: it fills sooner
 *
 * The shared upstream cache fills up to CACHE_MAX_BYTES (the bytes of the answers' text it keeps)
 * during the first minutes, since every GET asks for another address: RSS rises until it is full.
 */
import { mib, startBenchGateway } from './support.js';

const SECONDS = Number(process.env.SOAK_SECONDS ?? 60);
const RATE = Number(process.env.SOAK_RATE ?? 150);
const REPORT_EVERY_S = Number(process.env.SOAK_REPORT_SECONDS ?? 10);
/** Clients (API keys) the traffic is spread over: each stays inside its per-client upstream rate. */
const KEYS = 20;
const MAX_IN_FLIGHT = 500;

const hex = (n: number, width: number) => n.toString(16).padStart(width, '0');

function request(url: string, n: number): Promise<Response> {
  const key = `soak-key-${n % KEYS}`;
  const address = `0x${hex(n, 40)}`;
  if (n % 2 === 0) {
    const query = `query Soak${n}_${Math.random().toString(36).slice(2, 8)}($a: String!) { chain(id: "43114") { address(address: $a) { nativeBalance { balance } } } }`;
    const params = new URLSearchParams({ query, variables: JSON.stringify({ a: address }), pad: 'x'.repeat(n % 200) });
    return fetch(`${url}?${params}`, { headers: { 'x-data-api-key': key } });
  }
  const query = n % 3 === 0 ? '{ chain(id: "43114") { blocks(first: 5) { nodes { number hash } } } }' : 'query Balance($a: String!) { chain(id: "43114") { address(address: $a) { balanceAt } } }';
  return fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-data-api-key': key },
    body: JSON.stringify({ query, variables: { a: address } }),
  });
}

async function scrape(url: string): Promise<{ series: number; bytes: number; ms: number }> {
  const t0 = performance.now();
  const text = await (await fetch(url)).text();
  const ms = performance.now() - t0;
  return { series: text.split('\n').filter((line) => line && !line.startsWith('#')).length, bytes: text.length, ms };
}

async function main(): Promise<void> {
  const gateway = await startBenchGateway(process.env.CACHE_MAX_BYTES ? { CACHE_MAX_BYTES: process.env.CACHE_MAX_BYTES } : {});
  const { server } = gateway;
  process.stdout.write(`soak: ${SECONDS} s at ${RATE} requests/s, half GET with distinct query strings, half POST\n\n`);
  process.stdout.write('    t s   rss MiB  heap MiB  cache KiB   series  /metrics KiB  scrape ms   answered/s  errors\n');
  let sent = 0;
  let answered = 0;
  let failed = 0;
  let inFlight = 0;
  let answeredAtReport = 0;
  const rss: number[] = [];
  const series: number[] = [];
  const started = performance.now();
  const report = async () => {
    const memory = process.memoryUsage();
    const metrics = await scrape(server.metricsUrl);
    const t = (performance.now() - started) / 1000;
    rss.push(memory.rss);
    series.push(metrics.series);
    process.stdout.write(
      `${t.toFixed(0).padStart(7)} ${mib(memory.rss).padStart(9)} ${mib(memory.heapUsed).padStart(9)} ${(server.upstreams.cache.calculatedSize / 1024).toFixed(0).padStart(10)} ${String(metrics.series).padStart(8)} ${(metrics.bytes / 1024).toFixed(0).padStart(13)} ${metrics.ms.toFixed(1).padStart(10)} ${((answered - answeredAtReport) / REPORT_EVERY_S).toFixed(0).padStart(12)} ${String(failed).padStart(7)}\n`,
    );
    answeredAtReport = answered;
  };
  await report();
  const tickMs = 50;
  const perTick = RATE / (1000 / tickMs);
  let owed = 0;
  const ticker = setInterval(() => {
    owed += perTick;
    while (owed >= 1 && inFlight < MAX_IN_FLIGHT) {
      owed -= 1;
      const n = sent++;
      inFlight++;
      request(server.url, n)
        .then(async (response) => {
          const body = (await response.json()) as { errors?: unknown[] };
          if (!response.ok || body.errors) failed++;
          answered++;
        })
        .catch(() => failed++)
        .finally(() => inFlight--);
    }
  }, tickMs);
  const reporter = setInterval(() => void report(), REPORT_EVERY_S * 1000);
  await new Promise((resolve) => setTimeout(resolve, SECONDS * 1000));
  clearInterval(ticker);
  clearInterval(reporter);
  while (inFlight > 0) await new Promise((resolve) => setTimeout(resolve, 50));
  await report();
  // The first half warms up (V8 grows its heap, the shared cache fills); the second half shows whether memory is flat.
  const half = rss.slice(Math.floor(rss.length / 2));
  const first = half[0]!;
  const last = rss.at(-1)!;
  process.stdout.write(
    `\nsent ${sent}, answered ${answered}, with errors ${failed}\n` +
      `rss: peak ${mib(Math.max(...rss))} MiB; second half from ${mib(first)} to ${mib(last)} MiB (${(((last - first) / first) * 100).toFixed(1)}%), range ${mib(Math.min(...half))}-${mib(Math.max(...half))} MiB\n` +
      `series in /metrics: first ${series[0]}, after the first interval ${series[1] ?? series[0]}, last ${series.at(-1)}\n`,
  );
  await gateway.close();
}

await main();
