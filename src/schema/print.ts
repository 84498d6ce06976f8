/** The SDL as checked in at schema/schema.graphql. */
import { lexicographicSortSchema, printSchema } from 'graphql';
import { schema } from './index.js';

export function printedSchema(): string {
  return `${printSchema(lexicographicSortSchema(schema))}\n`;
}
