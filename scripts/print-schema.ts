/** Writes the printed SDL to schema/schema.graphql (`npm run schema`). */
import { writeFileSync } from 'node:fs';
import { printedSchema } from '../src/schema/print.js';

writeFileSync(new URL('../schema/schema.graphql', import.meta.url), printedSchema());
process.stdout.write('schema/schema.graphql written\n');
