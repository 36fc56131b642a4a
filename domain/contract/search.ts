/** Quick and advanced search (SPEC.md section 7). */
import { z } from 'zod';
import { ORDER_ITEM_TYPES } from '../states';
import { requiredText } from './common';
import { ListFilterSchema } from './lists';
import { OrderItemSchema } from './order-item';

export const SimpleSearchSchema = z.object({
  search: z.object({
    query: requiredText('Enter something to search for.', 200),
    /** Narrows the results as a list's filter does (lists.ts ListFilterSchema, values as in a URL). */
    filter: ListFilterSchema.optional(),
  }),
});
export type SimpleSearch = z.infer<typeof SimpleSearchSchema>;

const name = z.string().trim().max(100).optional();

/** Advanced search by item type and the orderable's a/b/c names (PRODUCT.md section 4). */
export const AdvancedSearchSchema = z.object({
  search: z.object({
    query: z
      .object({
        type: z.enum(ORDER_ITEM_TYPES, { error: 'Choose a type.' }).or(z.literal('')).optional(),
        firstname_a: name,
        firstname_b: name,
        firstname_c: name,
        surname_a: name,
        surname_b: name,
        surname_c: name,
      })
      .refine(
        (q) => Object.values(q).some((v) => typeof v === 'string' && v.trim() !== ''),
        'Fill in at least one field.',
      ),
    /** Narrows the results as a list's filter does (lists.ts ListFilterSchema, values as in a URL). */
    filter: ListFilterSchema.optional(),
  }),
});
export type AdvancedSearch = z.infer<typeof AdvancedSearchSchema>;

export const SearchResultsSchema = z.object({
  results: z.array(OrderItemSchema),
  /** How many items matched, counted up to 500. */
  total: z.number().int(),
  /** True when there are 500 matches or more (the count stopped there). */
  total_capped: z.boolean(),
});
export type SearchResults = z.infer<typeof SearchResultsSchema>;
