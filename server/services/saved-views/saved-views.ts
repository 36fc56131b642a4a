/**
 * Saved views: a user's named lists (a screen and its URL query), each answered with how many items it
 * matches now. The count runs the view's screen and filter through the lists' own code (read.ts), so a view
 * counts exactly what opening it shows. Views are private: another user's view is "not found".
 */

import { and, asc, count, eq, max } from 'drizzle-orm';
import { ListFilterSchema, type SavedView, type SavedViewInput } from '../../../domain/contract/lists';
import type { SessionUser } from '../../auth/sessions';
import type { Db } from '../../db/client';
import { transaction } from '../../db/client';
import { savedViews } from '../../db/schema';
import { AppError, invalidInput, notFound } from '../../errors';
import { filterOf } from '../order-items/list-filter';
import { countListItems, type ListScope } from '../order-items/read';

/** Views a user may keep (the navigation lists them all). */
export const MAX_SAVED_VIEWS = 30;

type SavedViewRow = typeof savedViews.$inferSelect;

/** The list a view's screen shows to this viewer; null when the viewer may not see it (the desk). */
function scopeOfPath(path: string, viewer: SessionUser): ListScope | null {
  if (path === '/dashboard') return { kind: 'unassigned' };
  if (path === '/my-queue') return { kind: 'open_assigned', userId: viewer.id };
  if (path === '/escalations') return viewer.role === 'admin' ? { kind: 'escalated' } : null;
  const queue = /^\/work-queues\/(\d{1,10})$/.exec(path);
  const userId = queue ? Number(queue[1]) : Number.NaN;
  return Number.isSafeInteger(userId) && userId <= 2_147_483_647 ? { kind: 'open_assigned', userId } : null;
}

/** A view's query string as a filter (its sort and paging are the screen's business, not the count's). */
function parseQuery(query: string) {
  const params = new URLSearchParams(query);
  return ListFilterSchema.safeParse(
    Object.fromEntries(
      Object.keys(ListFilterSchema.shape).flatMap((k) => (params.has(k) ? [[k, params.get(k)]] : [])),
    ),
  );
}

async function countOf(db: Db, row: SavedViewRow, viewer: SessionUser): Promise<number> {
  const scope = scopeOfPath(row.path, viewer);
  const filter = parseQuery(row.query);
  // A view saved before a filter value stopped existing matches nothing rather than failing the list.
  if (!scope || !filter.success) return 0;
  return countListItems(db, scope, filterOf(filter.data));
}

const wire = (row: SavedViewRow, n: number): SavedView => ({
  id: row.id,
  name: row.name,
  path: row.path,
  query: row.query,
  count: n,
  position: row.position,
  created_at: row.createdAt.toISOString(),
});

/** The viewer's views in their order, each with its live count (one count per view; they are few). */
export async function listSavedViews(db: Db, viewer: SessionUser) {
  const rows = await db
    .select()
    .from(savedViews)
    .where(eq(savedViews.userId, viewer.id))
    .orderBy(asc(savedViews.position), asc(savedViews.id));
  const counts = await Promise.all(rows.map((row) => countOf(db, row, viewer)));
  return { saved_views: rows.map((row, i) => wire(row, counts[i])) };
}

/** The fields of a view as stored; a query whose filter does not read is refused (422). */
function checkedInput(input: SavedViewInput['saved_view']) {
  const query = input.query.replace(/^\?/, '');
  const filter = parseQuery(query);
  if (!filter.success) {
    const message = 'The view’s filter is not valid.';
    throw invalidInput(message, [
      ...filter.error.issues.map((issue) => ({
        field: `saved_view.query.${issue.path.join('.')}`,
        message: issue.message,
      })),
    ]);
  }
  return { name: input.name, path: input.path, query };
}

const duplicateName = () =>
  new AppError('conflict', 'You already have a view with that name.', [
    { field: 'saved_view.name', message: 'Choose another name.' },
  ]);

/** Whether a database error is a unique violation (two saves of one name at the same instant). */
function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } };
  return e?.code === '23505' || e?.cause?.code === '23505';
}

/** Saves a new view at the end of the viewer's list: a taken name is a 409, more than the cap a 422. */
export async function createSavedView(db: Db, viewer: SessionUser, input: SavedViewInput['saved_view']) {
  const fields = checkedInput(input);
  const row = await transaction(db, async (tx) => {
    const [{ n, last }] = await tx
      .select({ n: count(), last: max(savedViews.position) })
      .from(savedViews)
      .where(eq(savedViews.userId, viewer.id));
    if (n >= MAX_SAVED_VIEWS) {
      const message = `You can keep at most ${MAX_SAVED_VIEWS} saved views; delete one first.`;
      throw invalidInput(message, [{ field: 'saved_view', message }]);
    }
    const [inserted] = await tx
      .insert(savedViews)
      .values({ userId: viewer.id, ...fields, position: (last ?? 0) + 1 })
      .onConflictDoNothing({ target: [savedViews.userId, savedViews.name] })
      .returning();
    if (!inserted) throw duplicateName();
    return inserted;
  });
  return { saved_view: wire(row, await countOf(db, row, viewer)) };
}

/** Renames a view or changes its screen or query; someone else's view is not found. */
export async function updateSavedView(
  db: Db,
  viewer: SessionUser,
  id: number,
  input: SavedViewInput['saved_view'],
) {
  const fields = checkedInput(input);
  const mine = and(eq(savedViews.id, id), eq(savedViews.userId, viewer.id));
  let row: SavedViewRow | undefined;
  try {
    [row] = await db.update(savedViews).set(fields).where(mine).returning();
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicateName();
    throw error;
  }
  if (!row) throw notFound('Saved view');
  return { saved_view: wire(row, await countOf(db, row, viewer)) };
}

/** Deletes one of the viewer's views and answers the ones left. */
export async function deleteSavedView(db: Db, viewer: SessionUser, id: number) {
  const deleted = await db
    .delete(savedViews)
    .where(and(eq(savedViews.id, id), eq(savedViews.userId, viewer.id)))
    .returning({ id: savedViews.id });
  if (deleted.length === 0) throw notFound('Saved view');
  return listSavedViews(db, viewer);
}
