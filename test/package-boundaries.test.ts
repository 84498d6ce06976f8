/**
 * The sandbox is its own package: it imports nothing of the gateway, the gateway (src/) imports
 * nothing of it, and everything else in the repository reaches it only through its public entry
 * point, so it can be packed and used elsewhere and its internals can change freely. The identity
 * package (networks and codecs), which both import, imports neither, and is reached by name only.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('..', import.meta.url)).replace(/[\\/]$/, '');
const SANDBOX = join(ROOT, 'packages/sandbox');
const NAME = '@avalanche-graph/sandbox';
const IDENTITY = join(ROOT, 'packages/identity');
const IDENTITY_NAME = '@avalanche-graph/identity';

interface Import {
  file: string;
  specifier: string;
}

/** Every module specifier (static, dynamic, re-export, type-only) of every .ts file under `dirs`. */
function importsUnder(...dirs: string[]): Import[] {
  const files = dirs.flatMap((dir) =>
    readdirSync(join(ROOT, dir), { recursive: true, encoding: 'utf8' })
      .filter((file) => /\.[cm]?ts$/.test(file) && !file.split(sep).includes('node_modules'))
      .map((file) => join(ROOT, dir, file)),
  );
  return files.flatMap((file) => ts.preProcessFile(readFileSync(file, 'utf8'), true, true).importedFiles.map((i) => ({ file, specifier: i.fileName })));
}

const isRelative = (specifier: string) => specifier.startsWith('./') || specifier.startsWith('../');
const within = (dir: string, path: string) => path === dir || path.startsWith(dir + sep);
const target = (i: Import) => resolve(dirname(i.file), i.specifier);
/** `@scope/name/sub/path` → `@scope/name`, `name/sub` → `name`. */
const packageOf = (specifier: string) => specifier.split('/').slice(0, specifier.startsWith('@') ? 2 : 1).join('/');
const show = (i: Import) => `${relative(ROOT, i.file)}: '${i.specifier}'`;

/** The imports under a package's src/ that reach outside it, or name a built-in or package its manifest does not declare. */
function strayImports(dir: string): { count: number; bad: string[] } {
  const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { dependencies?: Record<string, string> };
  const declared = new Set(Object.keys(manifest.dependencies ?? {}));
  const imports = importsUnder(relative(ROOT, join(dir, 'src')));
  const bad = imports.filter((i) => {
    if (isRelative(i.specifier)) return !within(join(dir, 'src'), target(i));
    if (i.specifier.startsWith('node:')) return !builtinModules.includes(i.specifier.slice('node:'.length));
    return !declared.has(packageOf(i.specifier));
  });
  return { count: imports.length, bad: bad.map(show) };
}

describe('package boundaries', () => {
  it('the sandbox imports only its own modules, Node built-ins and the dependencies its package.json declares', () => {
    const { count, bad } = strayImports(SANDBOX);
    expect(count).toBeGreaterThan(100);
    expect(bad).toEqual([]);
  });

  it('the identity package imports only its own modules and its declared dependencies: neither the gateway nor the sandbox', () => {
    const { count, bad } = strayImports(IDENTITY);
    expect(count).toBeGreaterThan(3);
    expect(bad).toEqual([]);
  });

  it('the gateway and the sandbox import the identity package by its name only, never a path into it', () => {
    const imports = importsUnder('src', 'packages/sandbox/src', 'test', 'bench', 'scripts', 'examples');
    expect(imports.filter((i) => i.specifier === IDENTITY_NAME).length).toBeGreaterThan(50);
    const bad = imports.filter((i) => (i.specifier !== IDENTITY_NAME && packageOf(i.specifier) === IDENTITY_NAME) || /(^|\/)packages\/identity(\/|$)/.test(i.specifier) || (isRelative(i.specifier) && within(IDENTITY, target(i))));
    expect(bad.map(show)).toEqual([]);
  });

  it('the gateway (src/) imports nothing of the sandbox, by name or by path', () => {
    const imports = importsUnder('src');
    expect(imports.length).toBeGreaterThan(100);
    const bad = imports.filter((i) => packageOf(i.specifier) === NAME || (isRelative(i.specifier) && !within(join(ROOT, 'src'), target(i))));
    expect(bad.map(show)).toEqual([]);
  });

  it('tests, benchmarks and scripts import the sandbox by its package name only, never a path into it', () => {
    const imports = importsUnder('test', 'bench', 'scripts', 'examples');
    expect(imports.filter((i) => i.specifier === NAME).length).toBeGreaterThan(10);
    const bad = imports.filter((i) => (i.specifier !== NAME && packageOf(i.specifier) === NAME) || /(^|\/)packages\/sandbox(\/|$)/.test(i.specifier) || (isRelative(i.specifier) && within(SANDBOX, target(i))));
    expect(bad.map(show)).toEqual([]);
  });
});
