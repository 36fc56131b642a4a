/**
 * FAQ categories and their FAQs, in the order the sites show them. Positions are dense (1..n): every change
 * locks the siblings (in a stable order, so concurrent moves queue rather than deadlock), reorders them in
 * memory and writes back the positions that changed, in one transaction. Adding or editing answers the
 * written record (`{faq_category}` with its FAQs, or `{faq}`); a move or a delete, which changes the siblings
 * too, answers the whole ordered list.
 */

import { asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { CreateFaqCategorySchema, CreateFaqSchema, type Move } from '../../../domain/contract/reference';
import type { Db, Tx } from '../../db/client';
import { transaction } from '../../db/client';
import { faqCategories, faqs } from '../../db/schema';
import { invalidInput, notFound } from '../../errors';
import { inRequestedOrder, type Sibling, writePositions } from '../reference/positions';

function parse<T extends z.ZodType>(schema: T, input: unknown): z.output<T> {
  const result = schema.safeParse(input);
  if (!result.success) {
    throw invalidInput(
      'Check the highlighted fields.',
      result.error.issues.map((i) => ({ field: i.path.join('.') || 'body', message: i.message })),
    );
  }
  return result.data;
}

function singleChange(body: Record<string, unknown>, allowed: readonly string[]): Record<string, unknown> {
  const keys = Object.keys(body);
  if (keys.length !== 1)
    throw invalidInput('Change one field at a time.', [
      { field: 'body', message: 'Send exactly one attribute.' },
    ]);
  if (!allowed.includes(keys[0]))
    throw invalidInput(`${keys[0]} cannot be changed.`, [{ field: keys[0], message: 'Unknown attribute.' }]);
  return body;
}

/** The siblings in their order after a move (a move past an end changes nothing). */
export function reorder(siblings: readonly Sibling[], id: number, move: Move): Sibling[] {
  const list = [...siblings];
  const from = list.findIndex((s) => s.id === id);
  const to = {
    move_to_top: 0,
    move_up: Math.max(0, from - 1),
    move_down: Math.min(list.length - 1, from + 1),
    move_to_bottom: list.length - 1,
  }[move];
  const [item] = list.splice(from, 1);
  list.splice(to, 0, item);
  return list;
}

// Re-sorted after locking: a row updated by a move we waited for comes back with its new position.
const byPosition = (rows: Sibling[]) => rows.sort((a, b) => a.position - b.position || a.id - b.id);
const lockCategories = async (tx: Tx) =>
  byPosition(
    await tx
      .select({ id: faqCategories.id, position: faqCategories.position })
      .from(faqCategories)
      .orderBy(asc(faqCategories.position), asc(faqCategories.id))
      .for('update'),
  );
const lockFaqs = async (tx: Tx, categoryId: number) =>
  byPosition(
    await tx
      .select({ id: faqs.id, position: faqs.position })
      .from(faqs)
      .where(eq(faqs.faqCategoryId, categoryId))
      .orderBy(asc(faqs.position), asc(faqs.id))
      .for('update'),
  );

type FaqRow = typeof faqs.$inferSelect;
type FaqCategoryRow = typeof faqCategories.$inferSelect;
const faqWire = (f: FaqRow) => ({ id: f.id, question: f.question, answer: f.answer, position: f.position });
const categoryWire = (c: FaqCategoryRow, items: FaqRow[]) => ({
  id: c.id,
  site: c.site,
  title: c.title,
  position: c.position,
  faqs: items.filter((f) => f.faqCategoryId === c.id).map(faqWire),
});

/** One category with its FAQs in order: what a write to a category answers. */
async function showFaqCategory(db: Db | Tx, category: FaqCategoryRow) {
  const items = await db
    .select()
    .from(faqs)
    .where(eq(faqs.faqCategoryId, category.id))
    .orderBy(asc(faqs.position), asc(faqs.id));
  return { faq_category: categoryWire(category, items) };
}

/** Categories in order, each with its FAQs in order. */
export async function listFaqCategories(db: Db | Tx) {
  const [categories, items] = await Promise.all([
    db.select().from(faqCategories).orderBy(asc(faqCategories.position), asc(faqCategories.id)),
    db.select().from(faqs).orderBy(asc(faqs.position), asc(faqs.id)),
  ]);
  return { faq_categories: categories.map((c) => categoryWire(c, items)) };
}

/** Adds a category at the bottom; answers it. */
export async function createFaqCategory(db: Db | Tx, body: unknown) {
  const data = parse(CreateFaqCategorySchema, body);
  const row = await transaction(db, async (tx) => {
    const siblings = await lockCategories(tx);
    const [created] = await tx
      .insert(faqCategories)
      .values({ site: data.site, title: data.title, position: siblings.length + 1 })
      .returning();
    return created;
  });
  return { faq_category: categoryWire(row, []) };
}

/** Adds an FAQ at the bottom of its category; answers it. */
export async function createFaq(db: Db | Tx, categoryId: number, body: unknown) {
  const data = parse(CreateFaqSchema, body);
  const row = await transaction(db, async (tx) => {
    const [category] = await tx
      .select({ id: faqCategories.id })
      .from(faqCategories)
      .where(eq(faqCategories.id, categoryId))
      .for('update');
    if (!category) throw notFound('FAQ category');
    const siblings = await lockFaqs(tx, categoryId);
    const [created] = await tx
      .insert(faqs)
      .values({
        faqCategoryId: categoryId,
        question: data.question,
        answer: data.answer,
        position: siblings.length + 1,
      })
      .returning();
    return created;
  });
  return { faq: faqWire(row) };
}

/** Changes one attribute of a category; answers it with its FAQs. */
export async function updateFaqCategory(db: Db | Tx, id: number, body: Record<string, unknown>) {
  const change = parse(CreateFaqCategorySchema.partial(), singleChange(body, ['site', 'title']));
  const [row] = await db.update(faqCategories).set(change).where(eq(faqCategories.id, id)).returning();
  if (!row) throw notFound('FAQ category');
  return showFaqCategory(db, row);
}

/** Changes one attribute of an FAQ; answers it. */
export async function updateFaq(db: Db | Tx, id: number, body: Record<string, unknown>) {
  const change = parse(CreateFaqSchema.partial(), singleChange(body, ['question', 'answer']));
  const [row] = await db.update(faqs).set(change).where(eq(faqs.id, id)).returning();
  if (!row) throw notFound('FAQ');
  return { faq: faqWire(row) };
}

/** Moves a category; its neighbours close up. */
export async function moveFaqCategory(db: Db | Tx, id: number, move: Move) {
  await transaction(db, async (tx) => {
    const siblings = await lockCategories(tx);
    if (!siblings.some((s) => s.id === id)) throw notFound('FAQ category');
    await writePositions(tx, faqCategories, reorder(siblings, id, move));
  });
  return listFaqCategories(db);
}

/** Puts the categories in the order of `ids` (every category, once); a stale list is refused (409). */
export async function reorderFaqCategories(db: Db | Tx, ids: readonly number[]) {
  await transaction(db, async (tx) => {
    await writePositions(tx, faqCategories, inRequestedOrder(await lockCategories(tx), ids));
  });
  return listFaqCategories(db);
}

/** Puts the FAQs of a category in the order of `ids` (every FAQ of it, once); a stale list is refused (409). */
export async function reorderFaqs(db: Db | Tx, categoryId: number, ids: readonly number[]) {
  await transaction(db, async (tx) => {
    const [category] = await tx
      .select({ id: faqCategories.id })
      .from(faqCategories)
      .where(eq(faqCategories.id, categoryId))
      .for('update');
    if (!category) throw notFound('FAQ category');
    await writePositions(tx, faqs, inRequestedOrder(await lockFaqs(tx, categoryId), ids));
  });
  return listFaqCategories(db);
}

/** Moves an FAQ within its category. */
export async function moveFaq(db: Db | Tx, id: number, move: Move) {
  await transaction(db, async (tx) => {
    const [faq] = await tx.select({ categoryId: faqs.faqCategoryId }).from(faqs).where(eq(faqs.id, id));
    if (!faq) throw notFound('FAQ');
    const siblings = await lockFaqs(tx, faq.categoryId);
    await writePositions(tx, faqs, reorder(siblings, id, move));
  });
  return listFaqCategories(db);
}

/** Deletes a category (and its FAQs); the others close up. */
export async function deleteFaqCategory(db: Db | Tx, id: number) {
  await transaction(db, async (tx) => {
    const siblings = await lockCategories(tx);
    if (!siblings.some((s) => s.id === id)) throw notFound('FAQ category');
    await tx.delete(faqCategories).where(eq(faqCategories.id, id));
    await writePositions(
      tx,
      faqCategories,
      siblings.filter((s) => s.id !== id),
    );
  });
  return listFaqCategories(db);
}

/** Deletes an FAQ; the others in its category close up. */
export async function deleteFaq(db: Db | Tx, id: number) {
  await transaction(db, async (tx) => {
    const [faq] = await tx.select({ categoryId: faqs.faqCategoryId }).from(faqs).where(eq(faqs.id, id));
    if (!faq) throw notFound('FAQ');
    const siblings = await lockFaqs(tx, faq.categoryId);
    await tx.delete(faqs).where(eq(faqs.id, id));
    await writePositions(
      tx,
      faqs,
      siblings.filter((s) => s.id !== id),
    );
  });
  return listFaqCategories(db);
}
