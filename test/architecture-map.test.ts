/**
 * docs/architecture.md's maps against the tree: every path its maps name exists, and every folder of
 * src/, every yoga plugin of src/plugins/ and every room of src/schema/ is on them, so a newcomer's
 * first page never sends them to a file that moved, nor hides one that came.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '..');
const text = readFileSync(join(ROOT, 'docs/architecture.md'), 'utf8');
/** The plain code blocks of the page (no language: the maps), in order. */
const maps = [...text.matchAll(/^```\n([\s\S]*?)^```$/gm)].map((match) => match[1]!.split('\n').filter((line) => line.trim() !== ''));
const [overview = [], detail = [], rooms = []] = maps;

const exists = (path: string) => statSync(join(ROOT, path), { throwIfNoEntry: false }) !== undefined;
const dirs = (path: string) => readdirSync(join(ROOT, path), { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name);

/**
 * The paths a map's entries name: a line starting with a path names it; an indented line starting
 * with a file name names it in the folder of the last path-named folder above it. Continuation
 * lines (indented descriptions) name nothing.
 */
function named(lines: readonly string[]): string[] {
  const paths: string[] = [];
  let folder = '';
  for (const line of lines) {
    const first = /^(\S+)/.exec(line)?.[1];
    if (first && /^(src|packages|scripts)\//.test(first)) {
      paths.push(first);
      if (first.endsWith('/')) folder = first;
      continue;
    }
    const nested = /^ {2}([\w.-]+\.ts)\s/.exec(line)?.[1];
    if (nested) paths.push(folder + nested);
  }
  return paths;
}

describe("docs/architecture.md's maps", () => {
  it('name only paths that exist', () => {
    expect(maps.length).toBeGreaterThanOrEqual(3);
    const missing = [...named(overview), ...named(detail)].filter((path) => !path.includes('<') && !exists(path));
    expect(missing).toEqual([]);
  });

  it('show every folder of src/, every file of src/plugins/ and every room of src/schema/', () => {
    const detailPaths = new Set(named(detail));
    const mapped = new Set([...named(overview), ...detailPaths]);
    expect(dirs('src').filter((dir) => !mapped.has(`src/${dir}/`))).toEqual([]);
    const plugins = readdirSync(join(ROOT, 'src/plugins')).filter((file) => file.endsWith('.ts'));
    expect(plugins.filter((file) => !detailPaths.has(`src/plugins/${file}`))).toEqual([]);
    const listedRooms = new Set(rooms.flatMap((line) => [...line.matchAll(/(?:^|\s)([a-z][\w-]*)\/(?=\s)/g)].map((match) => match[1]!)));
    expect(dirs('src/schema').filter((room) => !listedRooms.has(room))).toEqual([]);
    expect([...listedRooms].filter((room) => !exists(`src/schema/${room}`))).toEqual([]);
  });
});
