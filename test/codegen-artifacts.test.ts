import { readFileSync } from 'node:fs';
import { generate } from '@graphql-codegen/cli';
import { describe, expect, it } from 'vitest';
import codegenConfig from '../codegen.js';

// Its own file: codegen loads graphql-js as CommonJS, which must not meet the schema's ESM copy.
describe('codegen artifacts', () => {
  it('test/gql, examples/gql, examples/explorer/src/gql and clients/ are what codegen makes of the schema and the operations (run `npm run codegen`)', async () => {
    const outputs = await generate({ ...codegenConfig, cwd: process.cwd(), silent: true }, false);
    expect(outputs.length).toBeGreaterThan(0);
    for (const output of outputs) {
      expect(readFileSync(output.filename, 'utf8'), output.filename).toBe(output.content);
    }
  });
});
