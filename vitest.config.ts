import { createRequire } from 'node:module';
import { defineConfig } from 'vitest/config';

const require = createRequire(import.meta.url);

export default defineConfig({
  resolve: {
    // One graphql-js for everyone: Node (and so Pothos, yoga, plugins) loads its CommonJS build,
    // Vite would pick the .mjs one for our files; two copies break `instanceof` checks.
    alias: { graphql: require.resolve('graphql') },
  },
  // Workspace packages (the sandbox) load from their TypeScript sources (their `source` export), so
  // nothing is built before a test. Tests run in Vite's server (SSR) environment, which reads these
  // conditions, not `resolve.conditions`; the rest is Vite's default list for it.
  ssr: { resolve: { conditions: ['source', 'module', 'node', 'development|production'] } },
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 20_000,
    hookTimeout: 20_000,
    pool: 'forks',
  },
});
