/**
 * A manifest of trusted documents, in either format frontends' tooling writes: GraphQL Code
 * Generator's client preset (`persisted-documents.json`: an object from document id to document) or
 * Apollo's persisted query list (`persisted-query-manifest.json`: `format`
 * `apollo-persisted-query-manifest`, version 1, `operations` of `{ id, name, type, body }`).
 */
import { readFileSync } from 'node:fs';

/** One document of a manifest: its id and text, and the operation name it declares when the manifest says. */
export interface ManifestDocument {
  id: string;
  document: string;
  name?: string;
}

/** Reads a manifest file; throws an Error saying what is wrong (the path, the entry). */
export function readManifest(path: string): ManifestDocument[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new Error(`cannot read a JSON manifest at ${path}: ${(error as Error).message.split('\n')[0]}`);
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error(`${path}: a manifest is a JSON object (codegen's id to document, or Apollo's persisted query manifest)`);
  const documents = isApolloManifest(parsed) ? apolloDocuments(path, parsed) : codegenDocuments(path, parsed as Record<string, unknown>);
  if (documents.length === 0) throw new Error(`${path}: the manifest holds no document`);
  return documents;
}

function isApolloManifest(parsed: object): parsed is { format: string; version: unknown; operations: unknown } {
  return (parsed as { format?: unknown }).format === 'apollo-persisted-query-manifest';
}

function apolloDocuments(path: string, manifest: { version: unknown; operations: unknown }): ManifestDocument[] {
  if (manifest.version !== 1) throw new Error(`${path}: Apollo's persisted query manifest version ${String(manifest.version).slice(0, 10)} is not read (version 1 is)`);
  if (!Array.isArray(manifest.operations)) throw new Error(`${path}: \`operations\` must be a list`);
  return manifest.operations.map((operation: unknown, index) => {
    const { id, body, name } = (operation ?? {}) as { id?: unknown; body?: unknown; name?: unknown };
    if (typeof id !== 'string' || id === '' || typeof body !== 'string' || body.trim() === '') {
      throw new Error(`${path}: operation ${index} needs a string \`id\` and \`body\``);
    }
    return { id, document: body, name: typeof name === 'string' ? name : undefined };
  });
}

function codegenDocuments(path: string, manifest: Record<string, unknown>): ManifestDocument[] {
  return Object.entries(manifest).map(([id, document]) => {
    if (typeof document !== 'string' || document.trim() === '') throw new Error(`${path}: document ${id.slice(0, 80)} is not a GraphQL document string`);
    return { id, document };
  });
}
