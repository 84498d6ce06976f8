/**
 * `npm pack -w @avalanche-graph/sandbox` gives a package another project can install: its prepack
 * build emits the compiled entry point, its types and its command, and the tarball holds them (and
 * the README) but no TypeScript source, which a consumer could not run.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

interface Manifest {
  exports: Record<string, string | Record<string, string>>;
  bin: Record<string, string>;
}

describe('the sandbox package', () => {
  it('packs its compiled code, types, command and README, and no source', () => {
    // --dry-run still runs prepack (the build), and lists the files without writing a tarball.
    const pack = spawnSync('npm', ['pack', '--dry-run', '--json', '--workspace', '@avalanche-graph/sandbox'], { encoding: 'utf8' });
    expect(pack.status, pack.stderr).toBe(0);
    const [report] = JSON.parse(pack.stdout) as Array<{ name: string; files: Array<{ path: string }> }>;
    expect(report!.name).toBe('@avalanche-graph/sandbox');
    const files = report!.files.map((f) => f.path);

    expect(files.filter((path) => !path.startsWith('dist/')).sort()).toEqual(['README.md', 'package.json']);
    expect(files.filter((path) => path.endsWith('.ts') && !path.endsWith('.d.ts'))).toEqual([]);

    // What a consumer resolves without the workspace's own condition, and the command, are packed.
    const manifest = JSON.parse(readFileSync('packages/sandbox/package.json', 'utf8')) as Manifest;
    const root = manifest.exports['.'] as Record<string, string>;
    // Every condition that leads to sources (not packed) is one only this workspace sets: a common name
    // such as `source` would send consumers whose tools enable it to missing files.
    const toSources = Object.entries(root).filter(([, path]) => path.startsWith('./src/')).map(([condition]) => condition);
    expect(toSources).toEqual(['avalanche-graph-source']);
    const targets = [root.types!, root.default!, ...Object.values(manifest.bin)].map((path) => path.replace(/^\.\//, ''));
    expect(targets).toEqual(['dist/index.d.ts', 'dist/index.js', 'dist/cli.js']);
    expect(files).toEqual(expect.arrayContaining(targets));
    expect(readFileSync('packages/sandbox/dist/cli.js', 'utf8').startsWith('#!/usr/bin/env node\n')).toBe(true);
  }, 60_000);
});
