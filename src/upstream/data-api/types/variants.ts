/** Shapes built from the description's types, shared by several of the Data API's wire-shape files. */
import type { Variants } from '@avalanche-graph/wire-types';

/**
 * A list answer whose items come in variants (a message pending or delivered, a validation active
 * or completed): the answer with its `Items` field's items read as `Variants` of the union the
 * description gives.
 */
export type VariantList<Answer, Items extends keyof Answer> = Omit<Answer, Items> & {
  [Key in Items]: Answer[Key] extends readonly (infer Item)[] ? Variants<Item>[] : never;
};
