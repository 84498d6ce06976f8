#!/usr/bin/env node
/**
 * `avalanche-graph`, the command of the installed package (docs/releasing.md#the-command). Plain
 * JavaScript over the compiled code, so it needs no TypeScript at run time:
 *
 * - no flag: the gateway, as `npm start` runs it: `NODE_ENV=production`, and node started again with
 *   the flags `dist/node-flags.js` prints for MEMORY_LIMIT_MB. This process waits for that one,
 *   passes SIGTERM and SIGINT on to it, and exits as it exits.
 * - `--sandbox`: the simulated upstreams and the gateway over them in this one process, as
 *   `npm run sandbox` runs them (scripts/sandbox.ts), from the sandbox's compiled code, which the
 *   package carries under packages/sandbox/dist/ (there is no `@avalanche-graph/sandbox` package to
 *   import by name where this is installed).
 */
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const path = (relative) => fileURLToPath(new URL(relative, import.meta.url));

const USAGE = `Usage: avalanche-graph [--sandbox | --help | --version]

Starts the Avalanche GraphQL gateway. GraphQL and GraphiQL at /graphql, on HOST:PORT (0.0.0.0:4000).
The environment configures it (docs/configuration.md); MEMORY_LIMIT_MB sets node's heap limit.

  --sandbox   start simulated Avalanche upstreams on loopback (from SANDBOX_PORT, 4100) and the
              gateway over them (HOST 127.0.0.1): no network, no keys
  --help      print this help
  --version   print the version
`;

let options;
try {
  options = parseArgs({
    options: { sandbox: { type: 'boolean' }, help: { type: 'boolean', short: 'h' }, version: { type: 'boolean', short: 'v' } },
  }).values;
} catch (error) {
  process.stderr.write(`${error.message}\n\n${USAGE}`);
  process.exit(2);
}

if (options.help) {
  process.stdout.write(USAGE);
} else if (options.version) {
  process.stdout.write(`${JSON.parse(readFileSync(path('../package.json'), 'utf8')).version}\n`);
} else if (options.sandbox) {
  await runSandbox();
} else {
  runGateway();
}

/** `npm start`: `flags=$(node dist/node-flags.js) && exec node $flags dist/main.js`, with NODE_ENV=production. */
function runGateway() {
  const env = { ...process.env, NODE_ENV: 'production' };
  // A bad MEMORY_LIMIT_MB makes node-flags print its configuration error and exit 2: so does this.
  const flags = spawnSync(process.execPath, [path('../dist/node-flags.js')], { env, stdio: ['ignore', 'pipe', 'inherit'], encoding: 'utf8' });
  if (flags.status !== 0) process.exit(flags.status ?? 1);
  const child = spawn(process.execPath, [...flags.stdout.trim().split(/\s+/).filter(Boolean), path('../dist/main.js')], { env, stdio: 'inherit' });
  const pass = (signal) => child.kill(signal);
  process.on('SIGTERM', pass);
  process.on('SIGINT', pass);
  child.on('exit', (code, signal) => {
    if (signal === null) process.exit(code ?? 1);
    process.off('SIGTERM', pass);
    process.off('SIGINT', pass);
    process.kill(process.pid, signal);
  });
}

/** `npm run sandbox` (scripts/sandbox.ts and scripts/sandbox-gateway.ts), from compiled code. */
async function runSandbox() {
  const [{ ConfigError, loadConfig }, { closeOnSignals, startServer }, sandboxKit] = await Promise.all([
    import('../dist/config/index.js'),
    import('../dist/http/server.js'),
    import('../packages/sandbox/dist/index.js'),
  ]);
  const { describeUpstreams, SandboxConfigError, sandboxOptionsFromEnv, startSandbox, upstreamVariables } = sandboxKit;
  try {
    // The gateway's configuration first: a bad one stops before the upstreams start.
    loadConfig();
    const sandbox = await startSandbox(sandboxOptionsFromEnv(process.env));
    const config = loadConfig({
      ...process.env,
      ...upstreamVariables(sandbox.urls),
      HOST: process.env.HOST ?? '127.0.0.1',
    });
    const running = await startServer(config);
    process.stdout.write(`${describeUpstreams(sandbox).join('\n')}\n\nGateway in sandbox mode. GraphiQL: ${running.url}\n`);
    closeOnSignals(async () => {
      await running.close();
      await sandbox.close();
    }, running.logger);
  } catch (error) {
    if (!(error instanceof ConfigError || error instanceof SandboxConfigError)) throw error;
    process.stderr.write(`Configuration error: ${error.message}\n`);
    process.exit(2);
  }
}
