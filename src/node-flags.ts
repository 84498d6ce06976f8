/**
 * `node dist/node-flags.js` prints the Node flags the gateway runs with, derived from MEMORY_LIMIT_MB
 * (or the container's memory limit): `npm start` and the image's command run
 * `node $(node dist/node-flags.js) dist/main.js`, so that the heap limit is one setting, not a
 * number written in package.json and the Dockerfile. A bad MEMORY_LIMIT_MB stops here, naming it.
 *
 * - `--max-old-space-size`: 3/5 of the memory limit (MEMORY_SHARES.heap). Without a limit V8 grows
 *   its heap far past the live data; admission (src/admission/) keeps what is live well under it.
 * - `--max-semi-space-size=16`: the young generation, 2 × 16 MiB at most (docs/benchmarks.md).
 */
import { ConfigError, MEMORY_SHARES, VARIABLES } from './config/index.js';

export const SEMI_SPACE_MIB = 16;

/** The flags for a memory limit of `memoryMib`. */
export function nodeFlags(memoryMib: number): string[] {
  return [`--max-semi-space-size=${SEMI_SPACE_MIB}`, `--max-old-space-size=${Math.floor(memoryMib * MEMORY_SHARES.heap)}`, '--enable-source-maps'];
}

if (process.argv[1] && import.meta.url === new URL(`file://${process.argv[1]}`).href) {
  try {
    process.stdout.write(`${nodeFlags(VARIABLES.MEMORY_LIMIT_MB.read(process.env, 'MEMORY_LIMIT_MB')).join(' ')}\n`);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    process.stderr.write(`Configuration error: ${error.message}\n`);
    process.exit(2);
  }
}
