import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

const require = createRequire(import.meta.url);

/**
 * Files that need a process of their own: the launchers' test (it spawns `npm run sandbox` and
 * `npm start`), the production build, the overload test (the compiled gateway under a crowd), and
 * codegen (it loads graphql-js as CommonJS, which must not meet the schema's copy in a shared module
 * graph). The rest of the HTTP tier listens on sockets of
 * its own and shares modules like the in-process tier: isolating its 20 files doubled the suite's time.
 */
const ISOLATED = ['test/http/processes.test.ts', 'test/build.test.ts', 'test/codegen-artifacts.test.ts', 'test/http/overload.test.ts'];

export default defineConfig({
  resolve: {
    // One graphql-js for everyone: Node (and so Pothos, yoga, plugins) loads its CommonJS build,
    // Vite would pick the .mjs one for our files; two copies break `instanceof` checks.
    alias: { graphql: require.resolve('graphql') },
  },
  // Workspace packages (the sandbox) load from their TypeScript sources (their `avalanche-graph-source` export), so
  // nothing is built before a test. Tests run in Vite's server (SSR) environment, which reads these
  // conditions, not `resolve.conditions`; the rest is Vite's default list for it but `module`: Vitest
  // hands these to the workers' Node as `--conditions`, and there `module` makes Node load builds
  // meant for bundlers (OpenTelemetry's ESM builds import without file extensions, which Node refuses).
  ssr: { resolve: { conditions: ['avalanche-graph-source', 'node', 'development|production'] } },
  test: {
    // The identity package compiled (packages/identity/dist), once, for the tests that run compiled
    // code: the built gateway imports it by name and plain Node resolves that to its dist/.
    globalSetup: ['test/support/identity-dist.ts'],
    testTimeout: 20_000,
    hookTimeout: 20_000,
    // A poll waits for what its test needs: a bound a loaded machine meets (a bare clone's suite beside
    // other work), not vitest's 1 s. It only lengthens a test that fails.
    expect: { poll: { timeout: 10_000 } },
    // Vitest's default leaves one core to its main process, so one worker on two cores; but many
    // files spend their time waiting (timers, child processes, a browser, tsc), and a second worker
    // fills those waits.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        extends: true,
        test: {
          // The in-process tier (graph, examples, upstream clients, the sandbox's own tests) and the HTTP tier: files
          // share a worker's modules, so the schema and the server are imported once per worker
          // instead of once per file. Each file still starts its own sandbox and gateway.
          name: 'shared',
          include: ['test/**/*.test.ts'],
          exclude: ISOLATED,
          pool: 'threads',
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'isolated',
          include: ISOLATED,
          pool: 'forks',
          isolate: true,
        },
      },
    ],
  },
});
