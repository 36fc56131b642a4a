/**
 * Article categories: the managed list an article is filed under, in the order the sites show it. Names
 * are unique ignoring case; a category that articles use cannot be deleted (409 naming how many).
 */

import { asc, count, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { transaction } from '../../db/client';
import { articleCategories, articles } from '../../db/schema';
import { AppError, notFound } from '../../errors';
import { inRequestedOrder, writePositions } from './positions';

type CategoryRow = typeof articleCategories.$inferSelect;
const wire = (c: CategoryRow, articleCount: number) => ({
  id: c.id,
  name: c.name,
  position: c.position,
  article_count: articleCount,
});

const duplicateName = (name: string) =>
  new AppError('conflict', `There is already an article category called “${name}”.`, [
    { field: 'name', message: 'Choose a name no other category has.' },
  ]);

/** PostgreSQL's unique_violation: the name index refused a second category of the same name. */
const isUniqueViolation = (error: unknown): boolean => {
  const e = error as { code?: string; cause?: { code?: string } } | null;
  return e?.code === '23505' || e?.cause?.code === '23505';
};

async function articleCounts(db: Db | Tx): Promise<Map<number, number>> {
  const rows = await db
    .select({ id: articles.categoryId, n: count() })
    .from(articles)
    .groupBy(articles.categoryId);
  return new Map(rows.map((r) => [r.id, r.n]));
}

const lockCategories = async (tx: Tx) =>
  tx
    .select({ id: articleCategories.id, position: articleCategories.position })
    .from(articleCategories)
    .orderBy(asc(articleCategories.position), asc(articleCategories.id))
    .for('update');

/** Every category in order, with how many articles each has. */
export async function listArticleCategories(db: Db | Tx) {
  const [rows, counts] = await Promise.all([
    db.select().from(articleCategories).orderBy(asc(articleCategories.position), asc(articleCategories.id)),
    articleCounts(db),
  ]);
  return { article_categories: rows.map((c) => wire(c, counts.get(c.id) ?? 0)) };
}

/** Adds a category at the bottom. */
export async function createArticleCategory(db: Db | Tx, name: string) {
  try {
    const row = await transaction(db, async (tx) => {
      const siblings = await lockCategories(tx);
      const [created] = await tx
        .insert(articleCategories)
        .values({ name, position: siblings.length + 1 })
        .returning();
      return created;
    });
    return { article_category: wire(row, 0) };
  } catch (error) {
    throw isUniqueViolation(error) ? duplicateName(name) : error;
  }
}

/** Renames a category; its articles follow (they refer to it by id). */
export async function renameArticleCategory(db: Db | Tx, id: number, name: string) {
  let row: CategoryRow | undefined;
  try {
    [row] = await db.update(articleCategories).set({ name }).where(eq(articleCategories.id, id)).returning();
  } catch (error) {
    throw isUniqueViolation(error) ? duplicateName(name) : error;
  }
  if (!row) throw notFound('Article category');
  const counts = await articleCounts(db);
  return { article_category: wire(row, counts.get(id) ?? 0) };
}

/** Deletes an unused category; one that articles use is refused (409) with their count. */
export async function deleteArticleCategory(db: Db | Tx, id: number) {
  await transaction(db, async (tx) => {
    const siblings = await lockCategories(tx);
    const category = siblings.find((s) => s.id === id);
    if (!category) throw notFound('Article category');
    const [{ n }] = await tx.select({ n: count() }).from(articles).where(eq(articles.categoryId, id));
    if (n > 0) {
      throw new AppError(
        'conflict',
        `${n === 1 ? '1 article uses' : `${n} articles use`} this category: move ${n === 1 ? 'it' : 'them'} to another category first.`,
        [{ field: 'article_count', message: `${n} ${n === 1 ? 'article uses' : 'articles use'} it.` }],
      );
    }
    await tx.delete(articleCategories).where(eq(articleCategories.id, id));
    await writePositions(
      tx,
      articleCategories,
      siblings.filter((s) => s.id !== id),
    );
  });
  return listArticleCategories(db);
}

/** Puts the categories in the order of `ids` (every category, once); a stale list is refused (409). */
export async function reorderArticleCategories(db: Db | Tx, ids: readonly number[]) {
  await transaction(db, async (tx) => {
    await writePositions(tx, articleCategories, inRequestedOrder(await lockCategories(tx), ids));
  });
  return listArticleCategories(db);
}

/** The id of the category an article names: by id, or (the older form of the API) by name, ignoring case. */
export async function resolveArticleCategory(
  db: Db | Tx,
  body: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  if (!('category' in body) || 'category_id' in body) return body;
  const { category, ...rest } = body;
  const name = typeof category === 'string' ? category.trim() : '';
  const [row] = name
    ? await db
        .select({ id: articleCategories.id })
        .from(articleCategories)
        .where(eq(sql`lower(${articleCategories.name})`, name.toLowerCase()))
    : [];
  if (!row) {
    throw new AppError('invalid_input', 'Check the highlighted fields.', [
      { field: 'category', message: `There is no article category called “${name}”.` },
    ]);
  }
  return { ...rest, category_id: row.id };
}
