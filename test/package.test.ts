/**
 * The gateway as one installable package (docs/releasing.md): `npm pack` of the repository, installed
 * into an empty folder from the tarball (its dependencies from the npm registry, but for the identity
 * package, which it carries as a bundled dependency), runs its command `avalanche-graph` with no
 * TypeScript toolchain: `--version`, `--help`, `--sandbox` serving the graph over the simulated
 * upstreams, and the gateway with the Node flags `npm start` gives it. And the image's OCI labels,
 * read from the Dockerfile.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string; scripts: Record<string, string> };

/** The environment of the npm and npx runs: none of the settings `npm run`/`npm test` hands its scripts (a prefix or workspace of this repository). */
const ENV = Object.fromEntries(
  Object.entries(process.env).filter(([key]) => !/^npm_(package|lifecycle)_|^npm_config_(local_prefix|prefix|workspaces?|include_workspace_root|global)$/i.test(key)),
);

let work = '';
let app = '';
let packed: string[] = [];

function run(command: string, args: string[], cwd: string, timeout = 60_000) {
  const result = spawnSync(command, args, { cwd, env: ENV, encoding: 'utf8', timeout });
  expect(result.status, `${command} ${args.join(' ')}\n${result.stdout}\n${result.stderr}`).toBe(0);
  return result.stdout;
}

/** `npx avalanche-graph <args>` in the installed folder, in a process group of its own (killed whole by `stop`). */
function start(args: string[], env: Record<string, string>): { child: ChildProcess; output: () => string } {
  const child = spawn('npx', ['--no', '--', 'avalanche-graph', ...args], { cwd: app, env: { ...ENV, ...env }, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return { child, output: () => output };
}

function stop(child: ChildProcess) {
  try {
    process.kill(-child.pid!, 'SIGKILL');
  } catch {
    // The group has already gone.
  }
}

async function waitFor<T>(what: string, probe: () => T | undefined | Promise<T | undefined>, output: () => string, ms = 30_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const found = await probe();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`${what} did not happen within ${ms} ms; output:\n${output()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The command lines of the processes of a process group. */
function groupCommands(pgid: number): string[] {
  const ps = spawnSync('ps', ['-eo', 'pgid=,pid=,args='], { encoding: 'utf8' });
  return ps.stdout.split('\n').map((line) => line.trim().split(/\s+/)).filter(([group]) => Number(group) === pgid).map(([, pid, ...args]) => `${pid} ${args.join(' ')}`);
}

describe('the packed package', () => {
  beforeAll(() => {
    work = mkdtempSync(join(tmpdir(), 'avalanche-graph-package-'));
    app = join(work, 'app');
    mkdirSync(app);
    // What a release builds before `npm pack`: the gateway's dist/ and the sandbox's, and the identity
    // package's, which the global setup (test/support/identity-dist.ts) has built. tsc directly, not
    // `npm run build`, whose prebuild empties dist/ under other runs in this checkout.
    run(process.execPath, ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.build.json'], ROOT, 120_000);
    run(process.execPath, ['node_modules/typescript/bin/tsc', '-p', 'packages/sandbox/tsconfig.json'], ROOT, 120_000);
    const [report] = JSON.parse(run('npm', ['pack', '--json', '--pack-destination', work], ROOT, 120_000)) as Array<{ filename: string; files: Array<{ path: string }> }>;
    packed = report!.files.map((f) => f.path);
    run('npm', ['install', '--no-audit', '--no-fund', join(work, report!.filename)], app, 480_000);
  }, 600_000);

  afterAll(() => {
    if (work) rmSync(work, { recursive: true, force: true });
  });

  it('holds the compiled gateway, sandbox and identity package, the command and GraphiQL\'s examples, and no TypeScript source or patch', () => {
    expect(packed).toEqual(expect.arrayContaining(['bin/avalanche-graph.js', 'dist/main.js', 'dist/node-flags.js', 'packages/sandbox/dist/index.js', 'packages/sandbox/package.json', 'examples/wallet-page.graphql', 'README.md']));
    // The identity package, which the gateway's and the sandbox's compiled code import by name, as a
    // bundled dependency: its compiled code and manifest (and its two libraries, which npm bundles with it).
    const identity = packed.filter((path) => path.startsWith('node_modules/@avalanche-graph/identity/'));
    expect(identity).toEqual(expect.arrayContaining(['node_modules/@avalanche-graph/identity/package.json', 'node_modules/@avalanche-graph/identity/dist/index.js']));
    expect(identity.filter((path) => !/^node_modules\/@avalanche-graph\/identity\/(dist\/|package\.json$|README\.md$)/.test(path))).toEqual([]);
    expect(packed.filter((path) => path.startsWith('node_modules/') && !/^node_modules\/(@avalanche-graph\/identity|@noble\/hashes|@scure\/base)\//.test(path))).toEqual([]);
    // No TypeScript of ours: the bundled libraries ship theirs beside their JavaScript.
    expect(packed.filter((path) => /\.[cm]?ts$/.test(path) && !path.endsWith('.d.ts') && !path.startsWith('node_modules/'))).toEqual([]);
    expect(packed.filter((path) => /^(src|test|scripts|patches|bench|deploy|docs)\//.test(path))).toEqual([]);
  });

  it('installs with its postinstall doing nothing: the patches are the repository\'s, not the package\'s', () => {
    // npm 11 asks before it runs a dependency's install script; older npm runs it at once. Either way it must pass.
    const installed = join(app, 'node_modules/avalanche-graph');
    expect(existsSync(join(installed, 'patches'))).toBe(false);
    run('sh', ['-c', manifest.scripts.postinstall!], installed);
  });

  it('prints its version and its usage', () => {
    expect(run('npx', ['--no', '--', 'avalanche-graph', '--version'], app).trim()).toBe(manifest.version);
    expect(run('npx', ['--no', '--', 'avalanche-graph', '--help'], app)).toMatch(/^Usage: avalanche-graph .*\n[^]*--sandbox/);
    const wrong = spawnSync('npx', ['--no', '--', 'avalanche-graph', '--sandbx'], { cwd: app, env: ENV, encoding: 'utf8' });
    expect(wrong.status).toBe(2);
    expect(wrong.stderr).toMatch(/--sandbx[^]*Usage: avalanche-graph/);
  });

  it('--sandbox prints its URL and answers the graph over the simulated upstreams', async () => {
    const { child, output } = start(['--sandbox'], { PORT: '0', SANDBOX_PORT: '0', LOG_LEVEL: 'silent' });
    try {
      const url = await waitFor('the sandbox gateway\'s URL', () => /GraphiQL: (http:\/\/\S+)/.exec(output())?.[1], output);
      expect(output()).toMatch(/DATA_API_URL=http:\/\/127\.0\.0\.1:\d+/);
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query: '{ chain(id: "43114") { chainId chainName } }' }),
      });
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ data: { chain: { chainId: '43114', chainName: expect.stringMatching(/\S/) } } });
    } finally {
      stop(child);
    }
  }, 60_000);

  it('starts the gateway with the Node flags of MEMORY_LIMIT_MB, and stops it on SIGTERM', async () => {
    const bad = spawnSync('npx', ['--no', '--', 'avalanche-graph'], { cwd: app, env: { ...ENV, MEMORY_LIMIT_MB: 'lots' }, encoding: 'utf8' });
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain('Configuration error: MEMORY_LIMIT_MB');

    const { child, output } = start([], { PORT: '0', HOST: '127.0.0.1', MEMORY_LIMIT_MB: '1000', SHUTDOWN_DRAIN_MS: '0' });
    try {
      const url = await waitFor('the gateway\'s URL', () => /GraphiQL at (http:\/\/\S+?)\/graphql/.exec(output())?.[1], output);
      expect((await fetch(`${url}/health`)).status).toBe(200);
      // 3/5 of 1000 MiB for the heap, as `npm start` gives it (dist/node-flags.js).
      const gateway = groupCommands(child.pid!).find((line) => line.includes('dist/main.js'));
      expect(gateway).toMatch(/ --max-semi-space-size=16 --max-old-space-size=600 --enable-source-maps \S+\/dist\/main\.js$/);
      // The command passes SIGTERM on to the gateway, as an orchestrator's stop would.
      const command = groupCommands(child.pid!).find((line) => line.includes('.bin/avalanche-graph'));
      process.kill(Number(command!.split(' ')[0]), 'SIGTERM');
      await waitFor('the gateway\'s exit', () => (groupCommands(child.pid!).some((line) => line.includes('dist/main.js')) ? undefined : true), output, 20_000);
    } finally {
      stop(child);
    }
  }, 60_000);
});

describe('the image\'s labels', () => {
  const dockerfile = readFileSync(join(ROOT, 'Dockerfile'), 'utf8').replace(/\\\n/g, ' ');
  const runtime = dockerfile.slice(dockerfile.search(/^FROM \S+ AS runtime$/m));
  const labels = Object.fromEntries([...runtime.matchAll(/^LABEL (.*)$/gm)].flatMap(([, line]) => [...line!.matchAll(/(\S+?)="([^"]*)"/g)].map(([, key, value]) => [key!, value!])));
  const args = Object.fromEntries([...runtime.matchAll(/^ARG (\w+)(?:=(\S*))?$/gm)].map(([, name, value]) => [name!, value ?? '']));

  it('carries the OCI labels on the runtime stage, the version by default the package\'s', () => {
    expect(runtime.length).toBeLessThan(dockerfile.length);
    expect(labels).toMatchObject({
      'org.opencontainers.image.title': 'avalanche-graph',
      'org.opencontainers.image.version': '${VERSION}',
      'org.opencontainers.image.revision': '${REVISION}',
      'org.opencontainers.image.source': '${SOURCE}',
      'org.opencontainers.image.created': '${CREATED}',
    });
    expect(labels['org.opencontainers.image.description']).toMatch(/GraphQL/);
    expect(args.VERSION).toBe(manifest.version);
    expect(Object.keys(args)).toEqual(expect.arrayContaining(['REVISION', 'SOURCE', 'CREATED']));
    // A licence label only with a licence: the repository has no LICENSE file today.
    expect('org.opencontainers.image.licenses' in labels).toBe(existsSync(join(ROOT, 'LICENSE')));
  });
});
