/**
 * `/metrics` on a port of its own (METRICS_PORT), so that the scrape endpoint need not be reachable
 * where GraphQL is public; and the probes `/health` and `/ready`, answered by the gateway's own
 * handler, so that a balancer's or Kubernetes' checks reach a listener that a crowd on the GraphQL
 * port does not queue behind (its own accept queue). Nothing else.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Registry } from 'prom-client';

export interface MetricsServer {
  /** The URL of `/metrics`. */
  url: string;
  close(): Promise<void>;
}

/** The probes served beside `/metrics`. */
const PROBES = new Set(['/health', '/ready']);

export async function startMetricsServer(
  registry: Registry,
  host: string,
  port: number,
  /** Answers `/health` and `/ready` (the gateway's handler, as on the GraphQL port). */
  probes: (req: IncomingMessage, res: ServerResponse) => void,
): Promise<MetricsServer> {
  const server = createServer((req, res) => {
    const path = (req.url ?? '').split('?')[0]!;
    const read = req.method === 'GET' || req.method === 'HEAD';
    if (read && PROBES.has(path)) return probes(req, res);
    if (req.method !== 'GET' || path !== '/metrics') {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found: only GET /metrics, /health and /ready are served here.\n');
      return;
    }
    registry.metrics().then(
      (text) => res.writeHead(200, { 'content-type': registry.contentType }).end(text),
      () => res.writeHead(500, { 'content-type': 'text/plain' }).end('metrics could not be collected\n'),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  const shown = host === '0.0.0.0' || host === '::' ? 'localhost' : host;
  return {
    url: `http://${shown.includes(':') ? `[${shown}]` : shown}:${address.port}/metrics`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
