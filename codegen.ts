/**
 * What `npm run codegen` makes from the checked-in SDL: typed documents for the operations in test/
 * and examples/, and the client kits. Tests import the typed documents from test/gql; the example
 * client (examples/wallet-client.ts) its own, from examples/gql, made with the config a client
 * project would use (docs/clients.md, *Typed clients*). clients/ holds the cache configuration of
 * Apollo Client and urql for the graph (docs/clients.md, *Client caches*).
 */
import type { CodegenConfig } from '@graphql-codegen/cli';
import * as clientKits from './scripts/codegen-client-kits.js';

/** How the graph's custom scalars travel in JSON: without these, codegen types them `unknown`. */
export const SCALARS = {
  BigInt: { input: 'string | number', output: 'string' },
  Timestamp: { input: 'number', output: 'number' },
  JSON: { input: 'unknown', output: 'unknown' },
  // Federation's entity representations (`_entities(representations:)`), for routers rather than clients.
  _Any: { input: 'Record<string, unknown>', output: 'Record<string, unknown>' },
} as const;

/** The client kits' plugin is a TypeScript module of this repository, which codegen cannot import by path: it gets it from here. */
const pluginLoader: CodegenConfig['pluginLoader'] = async (name) => (name === clientKits.CLIENT_KITS_PLUGIN ? clientKits : import(name));
const kit = (name: clientKits.ClientKitConfig['kit']) => ({ plugins: [{ [clientKits.CLIENT_KITS_PLUGIN]: { kit: name } satisfies clientKits.ClientKitConfig }] });

const config: CodegenConfig = {
  schema: 'schema/schema.graphql',
  ignoreNoDocuments: false,
  // ESM with NodeNext resolution: relative imports need the .js extension.
  emitLegacyCommonJSImports: false,
  pluginLoader,
  generates: {
    'clients/apollo.ts': kit('apollo'),
    'clients/urql.ts': kit('urql'),
    // Graphcache's schema awareness is not written here: an app that wants it makes it from
    // schema/schema.graphql with @graphql-codegen/urql-introspection (docs/clients.md, urql).
    'examples/gql/': {
      documents: ['examples/**/*.graphql', '!examples/explorer/**'],
      preset: 'client',
      // persisted-documents.json: the manifest TRUSTED_DOCUMENTS takes (document id → document).
      presetConfig: { fragmentMasking: false, persistedDocuments: { hashAlgorithm: 'sha256' } },
      config: { scalars: SCALARS, strictScalars: true, enumsAsTypes: true, useTypeImports: true },
    },
    // The example explorer app (examples/explorer/): its own documents and typed output, as a client project has.
    'examples/explorer/src/gql/': {
      documents: ['examples/explorer/src/**/*.graphql'],
      preset: 'client',
      presetConfig: { fragmentMasking: false },
      config: { scalars: SCALARS, strictScalars: true, enumsAsTypes: true, useTypeImports: true },
    },
    'test/gql/': {
      // Per output (a top-level list would be added to each output's own: the examples' manifest
      // would then trust the tests' operations too).
      documents: ['test/operations/**/*.graphql', 'examples/**/*.graphql', '!examples/explorer/**'],
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
