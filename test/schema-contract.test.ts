/**
 * The schema contract (docs/clients.md#schema-changes): the schema the code builds keeps every
 * released field or declares the break; a removed or retyped released field fails the check and is
 * named; new fields and values pass and are listed.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { printedSchema } from '../src/schema/print.js';
import { checkSchemaContract, declaredCoordinates, formatReport } from '../scripts/schema-contract.js';

const root = new URL('..', import.meta.url);
const released = readFileSync(new URL('schema/released.graphql', root), 'utf8');
const changelog = readFileSync(new URL('docs/changelog.md', root), 'utf8');
/** `Block.gasLimit` with its description, as the released SDL prints it. */
const GAS_LIMIT = '  """Gas limit of the block."""\n  gasLimit: BigInt!\n\n';
const withUnreleased = (text: string) => `# Changelog\n\n## Unreleased\n\n${text}\n\n## Released on 2026-11-27\n\n### Older\n\n\`Block.gasLimit\` was renamed long ago.\n`;

/** The released SDL with one line of a type's body replaced. */
function edit(sdl: string, typeHeader: string, from: string, to: string): string {
  const start = sdl.indexOf(`${typeHeader} {`);
  const end = sdl.indexOf('\n}', start) + 1;
  const body = sdl.slice(start, end);
  expect(body).toContain(from);
  return sdl.slice(0, start) + body.replace(from, to) + sdl.slice(end);
}

describe('schema contract', () => {
  it('holds for the schema the code builds, against schema/released.graphql and the changelog', async () => {
    const report = await checkSchemaContract(released, printedSchema(), changelog);
    expect(formatReport(report)).not.toContain('BREAKING');
    expect(report.ok).toBe(true);
  });

  it('fails on a released field removed, names it, and says to deprecate it first even when declared', async () => {
    const current = edit(released, 'type Block implements Node', GAS_LIMIT, '');
    const report = await checkSchemaContract(released, current, withUnreleased('Nothing yet.'));
    expect(report.ok).toBe(false);
    expect(report.undeclared.map((c) => c.coordinate)).toEqual(['Block.gasLimit']);
    expect(formatReport(report)).toMatch(/BREAKING, not declared.*\n\s+Block\.gasLimit: Field 'gasLimit' .*removed/);

    const declared = await checkSchemaContract(released, current, withUnreleased('`Block.gasLimit` is gone: read `gasUsed`.'));
    expect(declared.ok).toBe(false);
    expect(declared.removedUndeprecated.map((c) => c.coordinate)).toEqual(['Block.gasLimit']);
    expect(formatReport(declared)).toContain('deprecate it instead');
  });

  it('passes the removal of a field a release deprecated, once declared', async () => {
    const deprecated = edit(released, 'type Block implements Node', '  gasLimit: BigInt!\n', '  gasLimit: BigInt! @deprecated(reason: "Use gasUsed.")\n');
    const current = edit(released, 'type Block implements Node', GAS_LIMIT, '');
    expect((await checkSchemaContract(deprecated, current, withUnreleased('Nothing yet.'))).ok).toBe(false);
    const report = await checkSchemaContract(deprecated, current, withUnreleased('`Block.gasLimit`, deprecated since the last release, is removed.'));
    expect(report.ok).toBe(true);
    expect(report.declared.map((c) => c.coordinate)).toEqual(['Block.gasLimit']);
  });

  it('fails on a released field retyped, and passes it when the unreleased section declares it', async () => {
    const current = edit(released, 'type Block implements Node', '  txCount: Int!\n', '  txCount: String!\n');
    const report = await checkSchemaContract(released, current, withUnreleased('Nothing yet.'));
    expect(report.ok).toBe(false);
    expect(report.undeclared.map((c) => c.coordinate)).toEqual(['Block.txCount']);
    // Only the unreleased section counts: the older release naming `Block.gasLimit` declares nothing now.
    expect(declaredCoordinates(withUnreleased('Nothing yet.')).has('Block.gasLimit')).toBe(false);
    const declared = await checkSchemaContract(released, current, withUnreleased('`Block.txCount` is now a decimal string.'));
    expect(declared.ok).toBe(true);
  });

  it('passes an added field and an added enum value, listing them as safe and dangerous', async () => {
    let current = edit(released, 'type Block implements Node', '  txCount: Int!\n', '  txCount: Int!\n\n  """Added."""\n  blobGasUsed: BigInt\n');
    current = edit(current, 'enum Currency', '  AUD\n', '  AUD\n\n  """Added."""\n  BRL\n');
    const report = await checkSchemaContract(released, current, withUnreleased('Nothing yet.'));
    expect(report.ok).toBe(true);
    expect(report.safe.map((c) => c.coordinate)).toContain('Block.blobGasUsed');
    expect(report.dangerous.map((c) => c.coordinate)).toContain('Currency.BRL');
  });

  it('npm run schema:check exits 0 on this repository and 1 naming the field on a schema that lost one', () => {
    const run = (env: Record<string, string> = {}) =>
      spawnSync(process.execPath, ['--conditions=avalanche-graph-source', '--import', 'tsx', 'scripts/schema-check.ts'], { cwd: root, env: { ...process.env, ...env }, encoding: 'utf8' });
    const ok = run();
    expect(ok.status, ok.stderr).toBe(0);
    const dir = mkdtempSync(join(tmpdir(), 'schema-contract-'));
    onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
    const file = join(dir, 'released.graphql');
    // A release that had one more field than the code builds now.
    writeFileSync(file, edit(released, 'type Block implements Node', '  txCount: Int!\n', '  txCount: Int!\n\n  """Gone."""\n  uncleCount: Int!\n'));
    const failed = run({ SCHEMA_RELEASED_FILE: file });
    expect(failed.status).toBe(1);
    expect(failed.stdout).toContain('Block.uncleCount');
  });
});
