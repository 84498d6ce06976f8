/**
 * Typed documents for the operations in test/ and examples/ (`npm run codegen`), generated from the
 * checked-in SDL. Tests import the typed documents from test/gql; the example client
 * (examples/wallet-client.ts) its own, from examples/gql, made with the config a client project
 * would use (docs/clients.md, *Typed clients*).
 */
import type { CodegenConfig } from '@graphql-codegen/cli';

/** How the graph's custom scalars travel in JSON: without these, codegen types them `unknown`. */
export const SCALARS = {
  BigInt: { input: 'string | number', output: 'string' },
  Timestamp: { input: 'number', output: 'number' },
  JSON: { input: 'unknown', output: 'unknown' },
  // Federation's entity representations (`_entities(representations:)`), for routers rather than clients.
  _Any: { input: 'Record<string, unknown>', output: 'Record<string, unknown>' },
} as const;

const config: CodegenConfig = {
  schema: 'schema/schema.graphql',
  ignoreNoDocuments: false,
  // ESM with NodeNext resolution: relative imports need the .js extension.
  emitLegacyCommonJSImports: false,
  generates: {
    'examples/gql/': {
      documents: ['examples/**/*.graphql'],
      preset: 'client',
      // persisted-documents.json: the manifest TRUSTED_DOCUMENTS takes (document id → document).
      presetConfig: { fragmentMasking: false, persistedDocuments: { hashAlgorithm: 'sha256' } },
      config: { scalars: SCALARS, strictScalars: true, enumsAsTypes: true, useTypeImports: true },
    },
    'test/gql/': {
      // Per output (a top-level list would be added to each output's own: the examples' manifest
      // would then trust the tests' operations too).
      documents: ['test/operations/**/*.graphql', 'examples/**/*.graphql'],
      preset: 'client',
      presetConfig: { fragmentMasking: false },
      config: {
        scalars: { BigInt: 'string', Timestamp: 'number', JSON: 'unknown' },
        enumsAsTypes: true,
        useTypeImports: true,
      },
    },
  },
};

export default config;
