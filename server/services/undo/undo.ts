/**
 * Taking a change back (issue 49, docs/decisions/undo.md): `POST /undo.json` with the token a reversible change
 * answered. In one transaction: the offer's row is locked (so two undos of one token, on any instance, queue
 * and the second finds it used), then every target in id order; each must still be exactly as the change left
 * it (an item's lock_version, a thread's lock_version and updated_at), else 409 and nothing is undone — all
 * or none for a bulk change. The reversal goes the way of any change: an `undo` event on each item's timeline,
 * the live update, the lists' counts (the triggers); it sends no e-mail (none of these changes sent one) and
 * removes the "assigned to you" notification the change left if it is still unread.
 */
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { UndoKind, UndoResult } from '../../../domain/contract/undo';
import type { StaffActor } from '../../../domain/workflow/types';
import { type UndoableItemAct, undoItemAct } from '../../../domain/workflow/undo';
import type { Db, Tx } from '../../db/client';
import { transaction } from '../../db/client';
import { conversations, notifications, type UndoTarget, undoActions, users } from '../../db/schema';
import { AppError, forbidden } from '../../errors';
import { lockConversation } from '../conversations/conversations';
import { publishChange } from '../live/publish';
import type { ActionItemRow } from '../order-items/read';
import { lockOrderItem, refusalError, toWorkItem } from '../order-items/run-action';
import { writeOutcome } from '../order-items/write-outcome';
import { tokenHash } from './offers';

type ItemTarget = Extract<UndoTarget, { type: 'order_item' }>;
type ConversationTarget = Extract<UndoTarget, { type: 'conversation' }>;
type Undone = Omit<UndoResult['undone'], 'kind'>;

const UNKNOWN_TOKEN = 'There is no such change to undo: send the token the change answered with.';

/** Takes back the change the token was given for, as `actor`; answers what was undone. */
export async function undoChange(
  db: Db,
  token: string,
  actor: StaffActor,
  now = new Date(),
): Promise<UndoResult> {
  return transaction(db, async (tx) => {
    const [offer] = await tx
      .select()
      .from(undoActions)
      .where(eq(undoActions.tokenHash, tokenHash(token)))
      .for('update');
    if (!offer) {
      throw new AppError('not_found', UNKNOWN_TOKEN, [{ field: 'undo.token', message: UNKNOWN_TOKEN }]);
    }
    if (offer.userId !== actor.id) throw forbidden('Only the person who made a change can undo it.');
    if (offer.undoneAt) throw new AppError('wrong_state', 'This change has already been undone.');
    if (offer.expiresAt.getTime() <= now.getTime()) {
      throw new AppError(
        'expired',
        'Too late to undo: the change can only be undone in the seconds after it was made. Change it back by hand.',
      );
    }
    const undone =
      offer.kind === 'archive'
        ? await undoArchive(tx, offer.targets, now)
        : await undoItemActs(tx, offer.kind, offer.targets, actor, now);
    await tx.update(undoActions).set({ undoneAt: now }).where(eq(undoActions.id, offer.id));
    return { undone: { kind: offer.kind, ...undone } };
  });
}

/** "100234-2", "100234-2 and 100235-1", "100234-2, 100235-1 and 3 more". */
function refList(refs: readonly string[]): string {
  const shown = refs.slice(0, 3);
  const more = refs.length - shown.length;
  if (more > 0) return `${shown.join(', ')} and ${more} more`;
  return shown.length === 1 ? shown[0] : `${shown.slice(0, -1).join(', ')} and ${shown[shown.length - 1]}`;
}

async function nameOf(tx: Tx, userId: number | null): Promise<string | null> {
  if (userId === null) return null;
  const [user] = await tx.select({ name: users.name }).from(users).where(eq(users.id, userId));
  return user?.name ?? null;
}

/**
 * Removes the change's notifications that are still unread (they would announce what no longer holds) and
 * tells their readers' screens; answers whether any of them had been read already.
 */
async function withdrawNotifications(tx: Tx, ids: readonly number[]): Promise<boolean> {
  if (ids.length === 0) return false;
  const removed = await tx
    .delete(notifications)
    .where(and(inArray(notifications.id, [...ids]), isNull(notifications.readAt)))
    .returning({ userId: notifications.userId });
  for (const userId of new Set(removed.map((n) => n.userId))) {
    await publishChange(tx, { topic: 'notification', userId });
  }
  return removed.length < ids.length;
}

/** Puts back the items of an assignment or a flag, all or none. */
async function undoItemActs(
  tx: Tx,
  kind: Exclude<UndoKind, 'archive'>,
  targets: readonly UndoTarget[],
  actor: StaffActor,
  now: Date,
): Promise<Undone> {
  const act: UndoableItemAct = kind;
  const items = targets.filter((t): t is ItemTarget => t.type === 'order_item').sort((a, b) => a.id - b.id);
  // Locked in id order, as every writer of several items locks them, so an undo and a bulk call never deadlock.
  const rows: ActionItemRow[] = [];
  for (const target of items) rows.push(await lockOrderItem(tx, target.id));
  const changed = rows
    .filter((row, i) => row.item.lockVersion !== items[i].lockVersion)
    .map((r) => r.item.ref);
  if (changed.length > 0) {
    const which = refList(changed);
    throw new AppError(
      'stale',
      `Cannot undo: ${which} ${changed.length === 1 ? 'has' : 'have'} changed since (another change was made ` +
        'after yours). Nothing was undone.',
      { changed },
    );
  }
  const assignee = act === 'assign' ? await nameOf(tx, rows[0]?.item.userId ?? null) : null;
  const flagged = rows[0]?.item.flagged ?? false;
  for (const [i, row] of rows.entries()) {
    const target = items[i];
    const assigneeReadIt = await withdrawNotifications(tx, target.notificationIds);
    const backTo = act === 'assign' ? await nameOf(tx, target.before.userId ?? null) : null;
    const decision = undoItemAct(await toWorkItem(tx, row), act, target.before, actor, {
      backTo,
      assigneeReadIt,
    });
    if (!decision.ok) throw refusalError(decision);
    await writeOutcome(tx, row, { type: 'undo' }, decision, actor, now);
  }
  const refs = rows.map((r) => r.item.ref);
  const what = refs.length === 1 ? refs[0] : `${refs.length} items`;
  const message =
    act === 'assign'
      ? `Undone: ${what} assigned to ${assignee ?? 'an orderer'}.`
      : `Undone: ${what} ${flagged ? 'flagged' : 'unflagged'}.`;
  return { message, order_item_refs: refs, conversation_id: null };
}

/** Puts an archived thread back where it was: in the inbox, or snoozed if its snooze is still ahead. */
async function undoArchive(tx: Tx, targets: readonly UndoTarget[], now: Date): Promise<Undone> {
  const target = targets.find((t): t is ConversationTarget => t.type === 'conversation');
  // Never: an archive offer is written with its conversation.
  if (!target) throw new Error('undo: an archive without its conversation');
  const c = await lockConversation(tx, target.id);
  if (c.active || c.lockVersion !== target.lockVersion || c.updatedAt.toISOString() !== target.updatedAt) {
    throw new AppError(
      'stale',
      'Cannot undo: the conversation has changed since it was archived (a message, a reply or another ' +
        'change came after yours). Nothing was undone.',
    );
  }
  const snoozedUntil =
    target.snoozedUntil !== null && Date.parse(target.snoozedUntil) > now.getTime()
      ? new Date(target.snoozedUntil)
      : null;
  await tx
    .update(conversations)
    .set({ active: true, snoozedUntil, updatedAt: now })
    .where(eq(conversations.id, target.id));
  await publishChange(tx, { topic: 'conversation', id: target.id });
  return {
    message: snoozedUntil
      ? 'Undone: the conversation is snoozed again, as it was before.'
      : 'Undone: the conversation is back in the inbox.',
    order_item_refs: [],
    conversation_id: target.id,
  };
}
