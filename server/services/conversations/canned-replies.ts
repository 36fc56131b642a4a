/**
 * Canned replies: admins keep them (titles are unique), every member of staff inserts them into a reply, where
 * the SPA fills in their placeholders (domain/canned-replies.ts). The body's placeholders are checked by the
 * request schema, so a misspelt one is a 422 rather than text a customer receives.
 */

import { asc, eq } from 'drizzle-orm';
import type { CannedReplyRequest } from '../../../domain/contract/canned-replies';
import type { Db, Tx } from '../../db/client';
import { transaction } from '../../db/client';
import { cannedReplies } from '../../db/schema';
import { AppError, notFound } from '../../errors';
import { publishChange } from '../live/publish';

type Input = CannedReplyRequest['canned_reply'];
type Row = typeof cannedReplies.$inferSelect;

const wire = (r: Row) => ({ id: r.id, title: r.title, body: r.body, updated_at: r.updatedAt.toISOString() });

const duplicateTitle = () =>
  new AppError('conflict', 'There is already a canned reply with that title.', [
    { field: 'canned_reply.title', message: 'Choose another title.' },
  ]);

/** Every canned reply by title. */
export async function listCannedReplies(db: Db | Tx) {
  const rows = await db.select().from(cannedReplies).orderBy(asc(cannedReplies.title), asc(cannedReplies.id));
  return { canned_replies: rows.map(wire) };
}

async function titleTaken(tx: Tx, title: string, exceptId?: number) {
  const [row] = await tx
    .select({ id: cannedReplies.id })
    .from(cannedReplies)
    .where(eq(cannedReplies.title, title));
  return row !== undefined && row.id !== exceptId;
}

/** Adds a canned reply (409 when the title is taken). */
export async function createCannedReply(db: Db | Tx, input: Input) {
  const row = await transaction(db, async (tx) => {
    const [inserted] = await tx
      .insert(cannedReplies)
      .values({ title: input.title, body: input.body })
      .onConflictDoNothing({ target: cannedReplies.title })
      .returning();
    if (!inserted) throw duplicateTitle();
    await publishChange(tx, { topic: 'canned_reply', id: inserted.id });
    return inserted;
  });
  return { canned_reply: wire(row) };
}

/** Changes a canned reply's title and body (404 unknown, 409 a title another one has). */
export async function updateCannedReply(db: Db | Tx, id: number, input: Input) {
  const row = await transaction(db, async (tx) => {
    if (await titleTaken(tx, input.title, id)) throw duplicateTitle();
    const [updated] = await tx
      .update(cannedReplies)
      .set({ title: input.title, body: input.body, updatedAt: new Date() })
      .where(eq(cannedReplies.id, id))
      .returning();
    if (!updated) throw notFound('Canned reply');
    await publishChange(tx, { topic: 'canned_reply', id });
    return updated;
  });
  return { canned_reply: wire(row) };
}

/** Deletes a canned reply (404 unknown) and answers the ones left. Replies already sent keep their text. */
export async function deleteCannedReply(db: Db | Tx, id: number) {
  await transaction(db, async (tx) => {
    const [deleted] = await tx
      .delete(cannedReplies)
      .where(eq(cannedReplies.id, id))
      .returning({ id: cannedReplies.id });
    if (!deleted) throw notFound('Canned reply');
    await publishChange(tx, { topic: 'canned_reply', id });
  });
  return listCannedReplies(db);
}
