/**
 * The conversations inbox (issue 49): its folders with their counts, archiving, and the snooze, which puts a
 * thread away until a chosen time; the snooze job brings due threads back and tells their assignee (or, with
 * nobody assigned, whoever snoozed it) once. Every folder reads a partial index of migration 0031's concurrent
 * builds, so a page and the counts stay fast at tens of thousands of threads.
 */

import { and, asc, count, desc, eq, inArray, isNotNull, isNull, lte, type SQL } from 'drizzle-orm';
import type { InboxCounts, InboxFolder } from '../../../domain/contract/conversations';
import { formatDateTime } from '../../../domain/format';
import type { Db } from '../../db/client';
import { transaction } from '../../db/client';
import { conversations } from '../../db/schema';
import { AppError, invalidInput } from '../../errors';
import type { LiveChange } from '../../live/channel';
import { publishChange } from '../live/publish';
import { recordNotification } from '../notifications/notifications';
import { offerUndo } from '../undo/offers';
import { lockConversation, PER_PAGE, selectConversation, showConversation, wire } from './conversations';

/** The longest snooze: a thread put away for longer is better archived. */
export const MAX_SNOOZE_DAYS = 366;

/** How many due snoozes one run of the job brings back (the next run takes the rest). */
export const WAKE_BATCH = 100;

/** The notification a thread coming back from its snooze sends. */
export const SNOOZE_ENDED_KIND = 'conversation_snooze_ended';

const waiting = and(eq(conversations.active, true), isNull(conversations.snoozedUntil));

/** The rows of a folder for a user (`mine` is theirs). */
export function folderCondition(folder: InboxFolder, userId: number): SQL | undefined {
  switch (folder) {
    case 'inbox':
      return waiting;
    case 'mine':
      return and(waiting, eq(conversations.assigneeId, userId));
    case 'unassigned':
      return and(waiting, isNull(conversations.assigneeId));
    case 'snoozed':
      return and(eq(conversations.active, true), isNotNull(conversations.snoozedUntil));
    case 'archived':
      return eq(conversations.active, false);
  }
}

const FOLDER_ORDER = {
  inbox: [desc(conversations.lastMessageAt), desc(conversations.id)],
  mine: [desc(conversations.lastMessageAt), desc(conversations.id)],
  unassigned: [desc(conversations.lastMessageAt), desc(conversations.id)],
  snoozed: [asc(conversations.snoozedUntil), asc(conversations.id)],
  archived: [desc(conversations.lastMessageAt), desc(conversations.id)],
} as const;

/** How many threads each folder holds for the user: five index-only counts side by side. */
export async function inboxCounts(db: Db, userId: number): Promise<InboxCounts> {
  const countOf = async (folder: InboxFolder) => {
    const [{ n }] = await db
      .select({ n: count() })
      .from(conversations)
      .where(folderCondition(folder, userId));
    return n;
  };
  const [inbox, mine, unassigned, snoozed, archived] = await Promise.all([
    countOf('inbox'),
    countOf('mine'),
    countOf('unassigned'),
    countOf('snoozed'),
    countOf('archived'),
  ]);
  return { inbox, mine, unassigned, snoozed, archived };
}

/** What a folder's page reads: the statement the plan test explains. */
export interface FolderPage {
  folder: InboxFolder;
  page: number;
  userId: number;
}

/** The query of one page (25) of a folder, in the folder's order. */
export const folderPageQuery = (db: Db, query: FolderPage) =>
  selectConversation(db)
    .where(folderCondition(query.folder, query.userId))
    .orderBy(...FOLDER_ORDER[query.folder])
    .limit(PER_PAGE)
    .offset((query.page - 1) * PER_PAGE);

/** One page (25) of a folder, with every folder's count. */
export async function listInbox(db: Db, query: FolderPage) {
  const [rows, counts] = await Promise.all([folderPageQuery(db, query), inboxCounts(db, query.userId)]);
  const total = counts[query.folder];
  return {
    folder: query.folder,
    counts,
    conversations: rows.map((r) =>
      wire({ ...r.conversation, itemRef: r.itemRef, assigneeName: r.assigneeName }),
    ),
    page: query.page,
    per_page: PER_PAGE,
    total_count: total,
    total_pages: Math.ceil(total / PER_PAGE),
  };
}

/**
 * Archives a thread (and ends its snooze) for `userId`, with the offer to put it back in the inbox
 * (docs/decisions/undo.md); archiving an archived thread changes nothing and offers no undo.
 */
export async function archiveConversation(db: Db, id: number, userId: number, now = new Date()) {
  const undo = await transaction(db, async (tx) => {
    const c = await lockConversation(tx, id);
    if (!c.active) return null;
    await tx
      .update(conversations)
      .set({ active: false, snoozedUntil: null, updatedAt: now })
      .where(eq(conversations.id, id));
    await publishChange(tx, { topic: 'conversation', id });
    return offerUndo(tx, {
      userId,
      kind: 'archive',
      targets: [
        {
          type: 'conversation',
          id,
          lockVersion: c.lockVersion,
          updatedAt: now.toISOString(),
          snoozedUntil: c.snoozedUntil?.toISOString() ?? null,
        },
      ],
      now,
    });
  });
  return { ...(await showConversation(db, id)), undo };
}

/**
 * Snoozes an inbox thread until `until` (a moment after now and within MAX_SNOOZE_DAYS), or brings a snoozed
 * one back now (null). An archived thread cannot be snoozed (409 wrong_state). A customer message, a reply
 * and archive, or archiving ends the snooze too.
 */
export async function snoozeConversation(
  db: Db,
  id: number,
  request: { until: Date | null; userId: number },
  now = new Date(),
) {
  const { until } = request;
  if (until !== null) {
    const latest = now.getTime() + MAX_SNOOZE_DAYS * 24 * 60 * 60 * 1000;
    if (until.getTime() <= now.getTime() || until.getTime() > latest) {
      throw invalidInput('Check the highlighted fields.', [
        {
          field: 'conversation.snoozed_until',
          message:
            until.getTime() <= now.getTime()
              ? 'Choose a time in the future.'
              : `Choose a time within ${MAX_SNOOZE_DAYS} days, or archive the conversation.`,
        },
      ]);
    }
  }
  await transaction(db, async (tx) => {
    const c = await lockConversation(tx, id);
    if (!c.active) {
      throw new AppError(
        'wrong_state',
        'This conversation is archived: move it back to the inbox before snoozing it.',
      );
    }
    await tx
      .update(conversations)
      .set({
        snoozedUntil: until,
        ...(until !== null ? { snoozedById: request.userId } : {}),
        updatedAt: now,
      })
      .where(eq(conversations.id, id));
    await publishChange(tx, { topic: 'conversation', id });
  });
  return showConversation(db, id);
}

/**
 * Brings back every thread whose snooze is due (up to WAKE_BATCH a run) and notifies its assignee, or whoever
 * snoozed it when nobody is assigned. Exactly once across instances: the conditional UPDATE … RETURNING clears
 * the snooze of the rows it claims (skipping rows another instance holds), so a row is returned, and its
 * notice written, by one run only; the notices commit with it. Answers how many threads came back.
 */
export async function wakeDueSnoozes(db: Db, now = new Date()): Promise<number> {
  return transaction(db, async (tx) => {
    const due = tx
      .select({ id: conversations.id })
      .from(conversations)
      .where(and(isNotNull(conversations.snoozedUntil), lte(conversations.snoozedUntil, now)))
      .orderBy(asc(conversations.snoozedUntil), asc(conversations.id))
      .limit(WAKE_BATCH)
      .for('update', { skipLocked: true });
    const woken = await tx
      .update(conversations)
      .set({ snoozedUntil: null, updatedAt: now })
      .where(
        and(
          inArray(conversations.id, due),
          isNotNull(conversations.snoozedUntil),
          lte(conversations.snoozedUntil, now),
        ),
      )
      .returning({
        id: conversations.id,
        email: conversations.email,
        name: conversations.name,
        subject: conversations.subject,
        assigneeId: conversations.assigneeId,
        snoozedById: conversations.snoozedById,
      });
    const changes: LiveChange[] = [];
    for (const c of woken) {
      changes.push({ topic: 'conversation', id: c.id });
      const to = c.assigneeId ?? c.snoozedById;
      if (to === null) continue;
      const about = c.subject?.trim() ? `“${c.subject.trim()}”` : 'A conversation';
      changes.push(
        await recordNotification(tx, {
          userId: to,
          kind: SNOOZE_ENDED_KIND,
          conversationId: c.id,
          message: `${about} from ${c.name ?? c.email} is back in the inbox: its snooze ended at ${formatDateTime(now.toISOString())}. Conversation ${c.id}.`,
        }),
      );
    }
    for (const change of changes) await publishChange(tx, change);
    return woken.length;
  });
}
