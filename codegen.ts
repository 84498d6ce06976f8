/**
 * Typed documents for the operations in test/ and examples/ (`npm run codegen`), generated from the
 * checked-in SDL. Tests import the typed documents from test/gql.
 */
import type { CodegenConfig } from '@graphql-codegen/cli';

const config: CodegenConfig = {
  schema: 'schema/schema.graphql',
  documents: ['test/operations/**/*.graphql', 'examples/**/*.graphql'],
  ignoreNoDocuments: false,
  // ESM with NodeNext resolution: relative imports need the .js extension.
  emitLegacyCommonJSImports: false,
  generates: {
    'test/gql/': {
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
