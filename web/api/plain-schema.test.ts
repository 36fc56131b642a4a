import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ListFilterSchema } from '../../domain/contract/lists';
import { OrderItemResponseSchema } from '../../domain/contract/order-item';
import { SearchResultsSchema } from '../../domain/contract/search';
import { isPlainSchema } from './plain-schema';

describe('isPlainSchema', () => {
  it('holds for checks only: objects, arrays, unions, optionals, enums, refinements', () => {
    expect(
      isPlainSchema(
        z.object({
          id: z.number().int().positive(),
          ref: z
            .string()
            .max(30)
            .refine((s) => s.includes('-')),
          state: z.enum(['a', 'b']),
          tags: z.array(z.union([z.literal('x'), z.null()])),
          note: z.string().nullable().optional(),
          extra: z.record(z.string(), z.boolean()),
        }),
      ),
    ).toBe(true);
    expect(isPlainSchema(OrderItemResponseSchema)).toBe(true);
  });

  it('fails for anything whose output is not its input, however deep', () => {
    expect(isPlainSchema(z.object({ n: z.coerce.number() }))).toBe(false);
    expect(isPlainSchema(z.object({ a: z.array(z.string().transform(Number)) }))).toBe(false);
    expect(isPlainSchema(z.object({ page: z.number().default(1) }))).toBe(false);
    expect(isPlainSchema(z.string().pipe(z.string()))).toBe(false);
    expect(isPlainSchema(z.object({ d: z.date() }))).toBe(false);
  });

  it('sees the comma lists a list filter splits, and holds for the search answer', () => {
    expect(isPlainSchema(z.object({ filter: ListFilterSchema.optional() }))).toBe(false);
    expect(isPlainSchema(SearchResultsSchema)).toBe(true);
  });
});
