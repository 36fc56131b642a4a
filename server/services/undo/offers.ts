/**
 * Undo offers (issue 49, docs/decisions/undo.md): what a reversible change records, inside its own
 * transaction, so that it can be taken back: who made it, what it was, and how it left each target. The
 * answer carries the token; only its SHA-256 is stored, as with sessions.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { UndoKind, UndoOffer } from '../../../domain/contract/undo';
import type { Outcome } from '../../../domain/workflow/types';
import { itemBefore } from '../../../domain/workflow/undo';
import type { Db, Tx } from '../../db/client';
import { notifications, type UndoTarget, undoActions } from '../../db/schema';
import type { ActionItemRow } from '../order-items/read';

/**
 * How long a change can be undone: the SPA offers it for 5 seconds, and the rest leaves room for a slow
 * answer and a late click (a token past it answers 410).
 */
export const UNDO_WINDOW_MS = 10_000;

/** The stored form of a token. */
export const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

/** Records an offer to take back the change `userId` just made (in the change's transaction) and answers it. */
export async function offerUndo(
  tx: Db | Tx,
  input: { userId: number; kind: UndoKind; targets: UndoTarget[]; now: Date },
): Promise<UndoOffer> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(input.now.getTime() + UNDO_WINDOW_MS);
  await tx.insert(undoActions).values({
    tokenHash: tokenHash(token),
    userId: input.userId,
    kind: input.kind,
    targets: input.targets,
    expiresAt,
  });
  return { token, expires_at: expiresAt.toISOString() };
}

/**
 * What an undo needs to know of an act on a locked item, right after the act was written in the same
 * transaction: the lock_version the act left (the one before, plus one), the changed columns as they were, and
 * the notifications the act recorded for its named recipients ("assigned to you") — theirs about this item
 * stamped with this transaction's time (now()), which no other transaction can add while the item is locked
 * (read through notifications_user_idx on user and time).
 */
export async function itemTarget(tx: Tx, row: ActionItemRow, outcome: Outcome): Promise<UndoTarget> {
  const recipients = outcome.notifications.flatMap((n) => (typeof n.to === 'number' ? [n.to] : []));
  const told =
    recipients.length === 0
      ? []
      : await tx
          .select({ id: notifications.id })
          .from(notifications)
          .where(
            and(
              inArray(notifications.userId, recipients),
              sql`${notifications.createdAt} = now()`,
              eq(notifications.orderItemId, row.item.id),
            ),
          );
  return {
    type: 'order_item',
    id: row.item.id,
    ref: row.item.ref,
    lockVersion: row.item.lockVersion + 1,
    before: itemBefore(row.item, outcome.patch),
    notificationIds: told.map((n) => n.id),
  };
}
