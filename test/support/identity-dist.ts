/**
 * Vitest's global setup: compiles packages/identity (`@avalanche-graph/identity`) to its dist/ before
 * any test file runs, when what is there is missing or older than its sources. The tests of compiled
 * code load it from there by name, as `npm start`, the image and the installed package do: the
 * gateway's tsc output on plain Node (test/build.test.ts, test/http/overload.test.ts) and the packed
 * package, which carries it as a bundled dependency (test/package.test.ts). Building it once here,
 * rather than in each of those files, keeps them from writing its files while another reads them.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '../..');
const PACKAGE = join(ROOT, 'packages/identity');

const mtime = (path: string) => statSync(path).mtimeMs;

/** Whether dist/ holds a .js and a .d.ts newer than each source, its tsconfig.json and package.json. */
function built(): boolean {
  const sources = readdirSync(join(PACKAGE, 'src')).filter((file) => file.endsWith('.ts'));
  const outputs = sources.flatMap((file) => [file.replace(/\.ts$/, '.js'), file.replace(/\.ts$/, '.d.ts')]).map((file) => join(PACKAGE, 'dist', file));
  if (!outputs.every((file) => existsSync(file))) return false;
  const newestInput = Math.max(...[...sources.map((file) => join(PACKAGE, 'src', file)), join(PACKAGE, 'tsconfig.json'), join(PACKAGE, 'package.json')].map(mtime));
  return Math.min(...outputs.map(mtime)) >= newestInput;
}

export default function setup(): void {
  if (built()) return;
  const tsc = spawnSync(process.execPath, [join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', join(PACKAGE, 'tsconfig.json')], { encoding: 'utf8' });
  if (tsc.status !== 0) throw new Error(`packages/identity did not compile:\n${tsc.stdout}${tsc.stderr}`);
}
