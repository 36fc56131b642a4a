/**
 * Saved views: a user's named lists (a screen and its URL query), each answered with how many items it
 * matches now. The count runs the view's screen and filter through the lists' own code (read.ts), so a view
 * counts exactly what opening it shows to the viewer. A view is private unless shared with the team (issue
 * 49): another user's private view is "not found"; everyone sees a shared one, and only its owner or an
 * administrator may change or delete it (anyone else: 403).
 */

import { and, asc, count, desc, eq, max, or, type SQL } from 'drizzle-orm';
import { ListFilterSchema, type SavedView, type SavedViewInput } from '../../../domain/contract/lists';
import type { SessionUser } from '../../auth/sessions';
import type { Db } from '../../db/client';
import { transaction } from '../../db/client';
import { savedViews, users } from '../../db/schema';
import { AppError, forbidden, invalidInput, notFound } from '../../errors';
import { filterOf } from '../order-items/list-filter';
import { countListItems, type ListScope } from '../order-items/read';

/** Views a user may keep (the navigation lists them all). */
export const MAX_SAVED_VIEWS = 30;

type SavedViewRow = typeof savedViews.$inferSelect;
/** A view with its owner's name, as the answers show it. */
type OwnedViewRow = SavedViewRow & { ownerName: string };

/** The list a view's screen shows to this viewer; null when the viewer may not see it (the desk). */
function scopeOfPath(path: string, viewer: SessionUser): ListScope | null {
  if (path === '/dashboard') return { kind: 'unassigned' };
  if (path === '/my-queue') return { kind: 'open_assigned', userId: viewer.id };
  if (path === '/escalations') return viewer.role === 'admin' ? { kind: 'escalated' } : null;
  if (path === '/items') return { kind: 'team' };
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

/** Whether the viewer may change a view they can see: their own, or (an administrator) a shared one. */
const mayChange = (row: SavedViewRow, viewer: SessionUser) =>
  row.userId === viewer.id || viewer.role === 'admin';

const wire = (row: OwnedViewRow, n: number, viewer: SessionUser): SavedView => ({
  id: row.id,
  name: row.name,
  path: row.path,
  query: row.query,
  count: n,
  position: row.position,
  shared: row.shared,
  owner: { id: row.userId, name: row.ownerName },
  can_change: mayChange(row, viewer),
  created_at: row.createdAt.toISOString(),
});

/** The views a viewer sees: their own and every shared one. */
const visibleTo = (viewer: SessionUser): SQL =>
  or(eq(savedViews.userId, viewer.id), eq(savedViews.shared, true)) as SQL;

/** The views matching `where` with their owners' names. */
const ownedViews = (db: Db, where: SQL) =>
  db
    .select({ view: savedViews, ownerName: users.name })
    .from(savedViews)
    .innerJoin(users, eq(users.id, savedViews.userId))
    .where(where);

const owned = (r: { view: SavedViewRow; ownerName: string }): OwnedViewRow => ({
  ...r.view,
  ownerName: r.ownerName,
});

/**
 * The viewer's views in their order, then the others' shared views (by owner, then their order), each with
 * its live count (one count per view; they are few).
 */
export async function listSavedViews(db: Db, viewer: SessionUser) {
  const rows = (
    await ownedViews(db, visibleTo(viewer)).orderBy(
      desc(eq(savedViews.userId, viewer.id)),
      asc(users.name),
      asc(savedViews.userId),
      asc(savedViews.position),
      asc(savedViews.id),
    )
  ).map(owned);
  const counts = await Promise.all(rows.map((row) => countOf(db, row, viewer)));
  return { saved_views: rows.map((row, i) => wire(row, counts[i], viewer)) };
}

/** One view as the viewer may change it: unknown or someone else's private view 404, a shared one not theirs 403. */
async function changeableView(db: Db, viewer: SessionUser, id: number): Promise<OwnedViewRow> {
  const [found] = await ownedViews(db, and(eq(savedViews.id, id), visibleTo(viewer)) as SQL);
  if (!found) throw notFound('Saved view');
  const row = owned(found);
  if (!mayChange(row, viewer)) {
    throw forbidden('Only the owner of a shared view or an administrator may change it.');
  }
  return row;
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
  return {
    name: input.name,
    path: input.path,
    query,
    ...(input.shared !== undefined ? { shared: input.shared } : {}),
  };
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
  const inserted = await transaction(db, async (tx) => {
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
  const row = { ...inserted, ownerName: viewer.name };
  return { saved_view: wire(row, await countOf(db, row, viewer), viewer) };
}

/**
 * Renames a view, changes its screen or query, or shares or unshares it: the viewer's own, or (an
 * administrator) a shared one; someone else's private view is not found, their shared one forbidden.
 */
export async function updateSavedView(
  db: Db,
  viewer: SessionUser,
  id: number,
  input: SavedViewInput['saved_view'],
) {
  const fields = checkedInput(input);
  const view = await changeableView(db, viewer, id);
  let row: SavedViewRow | undefined;
  try {
    // The owner and sharing are checked again where the row is written, so an unshare meanwhile refuses it.
    [row] = await db
      .update(savedViews)
      .set(fields)
      .where(
        and(
          eq(savedViews.id, id),
          view.userId === viewer.id ? eq(savedViews.userId, viewer.id) : eq(savedViews.shared, true),
        ),
      )
      .returning();
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicateName();
    throw error;
  }
  if (!row) throw notFound('Saved view');
  const changed = { ...row, ownerName: view.ownerName };
  return { saved_view: wire(changed, await countOf(db, changed, viewer), viewer) };
}

/**
 * Deletes a view (the viewer's own, or as an administrator a shared one) and answers the views left; someone
 * else's private view is not found, their shared one forbidden.
 */
export async function deleteSavedView(db: Db, viewer: SessionUser, id: number) {
  const view = await changeableView(db, viewer, id);
  const deleted = await db
    .delete(savedViews)
    .where(
      and(
        eq(savedViews.id, id),
        view.userId === viewer.id ? eq(savedViews.userId, viewer.id) : eq(savedViews.shared, true),
      ),
    )
    .returning({ id: savedViews.id });
  if (deleted.length === 0) throw notFound('Saved view');
  return listSavedViews(db, viewer);
}
