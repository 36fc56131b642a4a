/**
 * Dense positions (1..n) of an ordered list (FAQ categories, the FAQs of one category, article categories):
 * written back after a change, touching only the rows that moved, and the check a whole-list reorder passes.
 */
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import type { articleCategories, faqCategories, faqs } from '../../db/schema';
import { AppError } from '../../errors';

export type Sibling = { id: number; position: number };
type OrderedTable = typeof faqs | typeof faqCategories | typeof articleCategories;

/** Writes positions 1..n for the given order, touching only rows whose position changed. */
export async function writePositions(tx: Tx, table: OrderedTable, ordered: readonly Sibling[]) {
  for (const [index, s] of ordered.entries()) {
    if (s.position !== index + 1)
      await tx
        .update(table)
        .set({ position: index + 1 })
        .where(eq(table.id, s.id));
  }
}

/**
 * The siblings in the order of `ids`, which must name each of them exactly once (the schema has refused
 * duplicates). Any other list was made from a stale copy (a row added or deleted since): 409, nothing changes.
 */
export function inRequestedOrder(siblings: readonly Sibling[], ids: readonly number[]): Sibling[] {
  const byId = new Map(siblings.map((s) => [s.id, s]));
  if (ids.length !== siblings.length || ids.some((id) => !byId.has(id))) {
    throw new AppError(
      'stale',
      `The list has changed since it was loaded: reload it and send its ${siblings.length} current ids, each once. Nothing was moved.`,
    );
  }
  return ids.map((id) => byId.get(id) as Sibling);
}
