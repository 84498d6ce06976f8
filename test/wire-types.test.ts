/**
 * The wire types of the Data API and the metrics service are generated from their official
 * descriptions (packages/wire-types/): the committed files must be what `npm run wire-types` writes now.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { renderWireTypes, WIRE_TYPES, wireTypesPath } from '../scripts/wire-types.js';

describe('wire types', () => {
  for (const source of WIRE_TYPES) {
    it(`packages/wire-types/${source.out} is what ${source.description} and its patches render`, async () => {
      const committed = readFileSync(wireTypesPath(source.out), 'utf8');
      expect(committed, `packages/wire-types/${source.out} is out of date: run \`npm run wire-types\``).toBe(await renderWireTypes(source));
    });
  }
});
