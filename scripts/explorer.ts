/**
 * `npm run explorer`: the example explorer (examples/explorer/) over the sandbox, in one command:
 * the simulated upstreams (a living world), the gateway against them, the app built with Vite and
 * served at EXPLORER_PORT (default 5173) with `/graphql` proxied to the gateway (HTTP and
 * WebSocket: one origin, so no CORS_ORIGINS). PORT is the gateway's, SANDBOX_PORT the upstreams'
 * first port, as for `npm run sandbox`. One Ctrl-C (or SIGTERM) stops everything. Offline.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigError } from '../src/config/index.js';
import { closeOnSignals } from '../src/http/server.js';
import { describeUpstreams } from '@avalanche-graph/sandbox';
import { buildExplorer, serveExplorer } from './explorer-server.js';
import { exitOnConfigError, startSandboxGateway } from './sandbox-gateway.js';

try {
  const explorerPort = Number(process.env.EXPLORER_PORT ?? 5173);
  if (!Number.isInteger(explorerPort) || explorerPort < 0 || explorerPort > 65535) throw new ConfigError('EXPLORER_PORT', 'must be a port number, 0 to 65535');
  const dist = await mkdtemp(join(tmpdir(), 'avalanche-explorer-'));
  process.stdout.write('Building the explorer (vite build)...\n');
  await buildExplorer(dist);

  const { sandbox, gateway } = await startSandboxGateway();
  const explorer = await serveExplorer({ dist, gateway: gateway.url, port: explorerPort });
  process.stdout.write(`${describeUpstreams(sandbox).join('\n')}\n\nGateway in sandbox mode. GraphiQL: ${gateway.url}\nExplorer: ${explorer.url}\n`);
  closeOnSignals(async () => {
    await explorer.close();
    await gateway.close();
    await sandbox.close();
    await rm(dist, { recursive: true, force: true });
  }, gateway.logger);
} catch (error) {
  exitOnConfigError(error);
}
