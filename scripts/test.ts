/**
 * `npm test`: the type-check and the tests side by side, failing when either fails. The tests do not
 * need the type-check's output, and neither keeps two cores busy alone (the tests wait on timers,
 * child processes and a browser much of the time), so together they take little longer than the
 * tests. The type-check's messages are printed after the tests' report, not inside it. Arguments go
 * to vitest: `npm test -- test/graph`.
 */
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);
const bin = (pkg: string, path: string) => join(dirname(require.resolve(`${pkg}/package.json`)), path);

function run(args: string[], output: 'inherit' | 'buffer'): { done: Promise<number>; text: () => string } {
  const child = spawn(process.execPath, args, { stdio: output === 'inherit' ? 'inherit' : ['ignore', 'pipe', 'pipe'] });
  let text = '';
  child.stdout?.on('data', (chunk: Buffer) => (text += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (text += chunk.toString()));
  const done = new Promise<number>((resolve) => child.on('close', (code, signal) => resolve(code ?? (signal ? 1 : 0))));
  return { done, text: () => text };
}

const typecheck = run([bin('typescript', 'bin/tsc'), '--noEmit'], 'buffer');
// The example explorer is a browser app with a tsconfig of its own (DOM, JSX), outside the root's.
const typecheckExplorer = run([bin('typescript', 'bin/tsc'), '--noEmit', '-p', 'examples/explorer'], 'buffer');
const tests = run([bin('vitest', 'vitest.mjs'), 'run', ...process.argv.slice(2)], 'inherit');
const [rootTyped, explorerTyped, tested] = await Promise.all([typecheck.done, typecheckExplorer.done, tests.done]);
const typed = rootTyped || explorerTyped;
process.stdout.write(typed === 0 ? '\ntsc --noEmit: no type errors\n' : `\ntsc --noEmit failed:\n${typecheck.text()}${typecheckExplorer.text()}\n`);
process.exit(tested !== 0 ? tested : typed);
