/**
 * The schema contract: the schema the code builds, compared with the last released one
 * (`schema/released.graphql`) by @graphql-inspector/core. Every change is listed as breaking,
 * dangerous or safe; a breaking change passes only when the unreleased section of docs/changelog.md
 * names its coordinate in backticks (`Type`, `Type.field`, `Type.field.argument`), and a released
 * field is removed only after a release in which it was `@deprecated` with a reason. Used by
 * `npm run schema:check` (scripts/schema-check.ts) and by test/schema-contract.test.ts.
 */
import { diff, CriticalityLevel, ChangeType, type Change } from '@graphql-inspector/core';
import { buildSchema, type GraphQLSchema } from 'graphql';

export interface ContractChange {
  /** The schema coordinate the change is about (`Block.hash`, `Query.chain.id`). */
  coordinate: string;
  message: string;
}

export interface ContractReport {
  /** Breaking changes the unreleased section declares. */
  declared: ContractChange[];
  /** Breaking changes it does not declare: the check fails on any. */
  undeclared: ContractChange[];
  /** Released fields removed without a release in which they were deprecated: the check fails on any. */
  removedUndeprecated: ContractChange[];
  dangerous: ContractChange[];
  safe: ContractChange[];
  ok: boolean;
}

/** The text of the changelog's `## Unreleased` section (empty when it has none). */
export function unreleasedSection(changelog: string): string {
  const start = changelog.search(/^## Unreleased\s*$/m);
  if (start < 0) return '';
  const rest = changelog.slice(start).replace(/^## Unreleased\s*$/m, '');
  const next = rest.search(/^## /m);
  return next < 0 ? rest : rest.slice(0, next);
}

/** Coordinates the unreleased section names in backticks. */
export function declaredCoordinates(changelog: string): Set<string> {
  return new Set([...unreleasedSection(changelog).matchAll(/`([_A-Za-z][_0-9A-Za-z]*(?:\.[_A-Za-z][_0-9A-Za-z]*){0,2})`/g)].map((m) => m[1]!));
}

const asSchema = (sdl: string | GraphQLSchema) => (typeof sdl === 'string' ? buildSchema(sdl, { assumeValidSDL: false }) : sdl);

/** Compares `current` with `released`, the changelog's unreleased section deciding what may break. */
export async function checkSchemaContract(released: string | GraphQLSchema, current: string | GraphQLSchema, changelog: string): Promise<ContractReport> {
  const changes: Change[] = await diff(asSchema(released), asSchema(current));
  const declaredNames = declaredCoordinates(changelog);
  const report: ContractReport = { declared: [], undeclared: [], removedUndeprecated: [], dangerous: [], safe: [], ok: true };
  for (const change of changes) {
    const entry = { coordinate: change.path ?? '(schema)', message: change.message };
    const level = change.criticality.level;
    if (level === CriticalityLevel.Breaking) {
      if (change.type === ChangeType.FieldRemoved && !(change.meta as { isRemovedFieldDeprecated?: boolean }).isRemovedFieldDeprecated) {
        report.removedUndeprecated.push(entry);
      }
      (declaredNames.has(entry.coordinate) ? report.declared : report.undeclared).push(entry);
    } else if (level === CriticalityLevel.Dangerous) {
      report.dangerous.push(entry);
    } else {
      report.safe.push(entry);
    }
  }
  report.ok = report.undeclared.length === 0 && report.removedUndeprecated.length === 0;
  return report;
}

/** The report as a person reads it: every change by kind, and what to do about a failure. */
export function formatReport(report: ContractReport): string {
  const lines: string[] = [];
  const list = (title: string, entries: ContractChange[]) => {
    if (!entries.length) return;
    lines.push(`${title} (${entries.length}):`);
    for (const e of entries) lines.push(`  ${e.coordinate}: ${e.message}`);
  };
  list('BREAKING, not declared in docs/changelog.md under "## Unreleased"', report.undeclared);
  list('BREAKING, removes a released field that no release marked @deprecated', report.removedUndeprecated);
  list('breaking, declared', report.declared);
  list('dangerous (clients may need to handle new values)', report.dangerous);
  list('safe', report.safe);
  if (!lines.length) lines.push('no change against schema/released.graphql');
  if (report.undeclared.length) {
    lines.push('', 'Declare each breaking change in docs/changelog.md under "## Unreleased", naming its coordinate in backticks, with what clients do about it (docs/clients.md#schema-changes).');
  }
  if (report.removedUndeprecated.length) {
    lines.push('', 'A released field is removed only after a release in which it was @deprecated with a reason: deprecate it instead, and remove it after the next release.');
  }
  return lines.join('\n');
}
