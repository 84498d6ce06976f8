/**
 * Builds the example explorer (examples/explorer/) with Vite and serves the built app: its files,
 * `index.html` for every other path (the app's routes are deep links), and `/graphql`, over HTTP and
 * WebSocket, proxied to a gateway. The page thus calls its own origin only: no `CORS_ORIGINS`, and
 * the gateway's CSRF check sees a same-origin JSON POST. Used by `npm run explorer`
 * (scripts/explorer.ts) and by the browser test, so both serve it the same way.
 */
import { spawn } from 'node:child_process';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createServer, request, type IncomingMessage } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { createRequire } from 'node:module';
import { dirname, extname, join, normalize, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The explorer's sources (its vite.config.ts and index.html). */
export const EXPLORER_ROOT = fileURLToPath(new URL('../examples/explorer/', import.meta.url));

/**
 * `vite build` of the explorer into `outDir`, in a process of its own: a bundler's heap in the
 * gateway's process would count against the gateway's memory guard (MEMORY_LIMIT_MB), which then
 * sheds requests as OVERLOADED.
 */
export async function buildExplorer(outDir: string): Promise<void> {
  const vite = join(dirname(createRequire(import.meta.url).resolve('vite/package.json')), 'bin/vite.js');
  const child = spawn(process.execPath, [vite, 'build', EXPLORER_ROOT, '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'], { stdio: ['ignore', 'inherit', 'inherit'] });
  const code = await new Promise<number | null>((resolve, reject) => child.once('error', reject).once('close', resolve));
  if (code !== 0) throw new Error(`vite build of the explorer failed (exit code ${code})`);
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
  '.map': 'application/json',
};

export interface ExplorerServer {
  url: string;
  close(): Promise<void>;
}

export interface ExplorerServerOptions {
  /** The built app (`buildExplorer`'s outDir). */
  dist: string;
  /** The gateway's GraphQL endpoint, e.g. http://127.0.0.1:4000/graphql. */
  gateway: string;
  port?: number;
  host?: string;
}

/** A built file under `dist` for a URL path, or undefined (then index.html answers). */
async function fileFor(dist: string, pathname: string): Promise<string | undefined> {
  const file = normalize(join(dist, decodeURIComponent(pathname)));
  if (!file.startsWith(dist.endsWith(sep) ? dist : dist + sep)) return undefined;
  const found = await stat(file).catch(() => undefined);
  return found?.isFile() ? file : undefined;
}

/** Serves the built explorer and proxies /graphql to the gateway; resolves once it listens. */
export async function serveExplorer({ dist, gateway, port = 0, host = '127.0.0.1' }: ExplorerServerOptions): Promise<ExplorerServer> {
  const target = new URL(gateway);
  const sockets = new Set<Socket>();
  const isGraphql = (req: IncomingMessage) => new URL(req.url ?? '/', 'http://x').pathname === target.pathname;

  const server = createServer(async (req, res) => {
    if (isGraphql(req)) {
      // The browser's request as it came (method, headers, body, and the answer's stream back).
      const upstream = request({ host: target.hostname, port: target.port, method: req.method, path: req.url, headers: req.headers }, (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      });
      upstream.on('error', () => (res.headersSent ? res.destroy() : res.writeHead(502, { 'content-type': 'text/plain' }).end('The gateway is not reachable.\n')));
      req.pipe(upstream);
      return;
    }
    const pathname = new URL(req.url ?? '/', 'http://x').pathname;
    const file = (await fileFor(dist, pathname)) ?? join(dist, 'index.html');
    const hashed = pathname.startsWith('/assets/');
    res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream', 'cache-control': hashed ? 'public, max-age=31536000, immutable' : 'no-cache' });
    createReadStream(file).pipe(res);
  });

  // graphql-ws: the upgrade request is replayed to the gateway, then bytes flow both ways.
  server.on('upgrade', (req: IncomingMessage, client: Socket, head: Buffer) => {
    if (!isGraphql(req)) return client.destroy();
    const upstream = connect(Number(target.port), target.hostname, () => {
      const lines = [`${req.method} ${req.url} HTTP/1.1`];
      for (let i = 0; i < req.rawHeaders.length; i += 2) lines.push(`${req.rawHeaders[i]}: ${req.rawHeaders[i + 1]}`);
      upstream.write(`${lines.join('\r\n')}\r\n\r\n`);
      if (head.length > 0) upstream.write(head);
      upstream.pipe(client).pipe(upstream);
    });
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => {
        client.destroy();
        upstream.destroy();
      });
    }
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });

  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(port, host, () => resolve()));
  const address = server.address() as AddressInfo;
  return {
    url: `http://${host}:${address.port}/`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const socket of sockets) socket.destroy();
      }),
  };
}
