/**
 * `npm run schema:check`: the schema the code builds against the last released one
 * (schema/released.graphql), by scripts/schema-contract.ts. Lists every change as breaking,
 * dangerous or safe, and exits 1 on a breaking change docs/changelog.md's unreleased section does not
 * declare, or on a released field removed without having been deprecated in a release.
 * `npm run schema:check -- --release` (releasing) copies the schema to schema/released.graphql.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { printedSchema } from '../src/schema/print.js';
import { checkSchemaContract, formatReport } from './schema-contract.js';

/** The released schema (SCHEMA_RELEASED_FILE names another file, for a test of this command). */
const releasedFile = process.env.SCHEMA_RELEASED_FILE ?? new URL('../schema/released.graphql', import.meta.url);
const current = printedSchema();
if (process.argv.includes('--release')) {
  writeFileSync(releasedFile, current);
  process.stdout.write('schema/released.graphql written: move the changelog\'s "## Unreleased" entries under a heading of this release\n');
} else {
  const report = await checkSchemaContract(readFileSync(releasedFile, 'utf8'), current, readFileSync(new URL('../docs/changelog.md', import.meta.url), 'utf8'));
  process.stdout.write(`${formatReport(report)}\n`);
  process.exitCode = report.ok ? 0 : 1;
}
