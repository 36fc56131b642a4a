/**
 * Undoing an assignment or a flag (issue 49, docs/decisions/undo.md): the columns the act changed go back to
 * what they were before it, with an `undo` event on the timeline. Whoever undoes needs the act's own
 * permission (an assignment: admins; a flag: any member of staff). That nothing changed since the act is the
 * server's check (the item's lock_version), made before it asks here.
 */
import type { OrderItemState } from '../states';
import { permissionRefusal } from './decide';
import type { Actor, Decision, ItemPatch, NotificationIntent, WorkItem } from './types';

/** The acts on an item an undo takes back, and the workflow action each one was. */
export const UNDOABLE_ITEM_ACTS = { assign: 'assign', flag: 'toggle_flag' } as const;
export type UndoableItemAct = keyof typeof UNDOABLE_ITEM_ACTS;

/** The notification the assignee of an undone assignment gets when they had already read theirs. */
export const ASSIGNMENT_UNDONE_KIND = 'assignment_undone';

/** The columns an assignment or a flag may change, as they were before it: what its undo writes back. */
export interface ItemBefore {
  userId?: number | null;
  currentState?: OrderItemState;
  stateBeforeEscalation?: OrderItemState | null;
  flagged?: boolean;
}

type BeforeSource = Pick<WorkItem, 'userId' | 'currentState' | 'stateBeforeEscalation' | 'flagged'>;

/** The columns an act's patch changes, with the values the item had before the act. */
export function itemBefore(item: BeforeSource, patch: ItemPatch): ItemBefore {
  const before: ItemBefore = {};
  if ('userId' in patch) before.userId = item.userId;
  if ('currentState' in patch) before.currentState = item.currentState;
  if ('stateBeforeEscalation' in patch) before.stateBeforeEscalation = item.stateBeforeEscalation;
  if ('flagged' in patch) before.flagged = item.flagged;
  return before;
}

/** What the undo of one act on one item is told beyond the item. */
export interface ItemUndoContext {
  /** The name of whoever had the item before an assignment (null: nobody). */
  backTo: string | null;
  /** The assignee had already read the "assigned to you" notification (an unread one is simply removed). */
  assigneeReadIt: boolean;
}

/**
 * The undo of an assignment or a flag on `item` as it is now (exactly as the act left it): the patch that puts
 * back `before`, an `undo` event saying what was undone, and, for an assignment whose assignee had read about
 * it, a notification that it was taken back. A refusal (403) when the actor may not take the act itself.
 */
export function undoItemAct(
  item: WorkItem,
  act: UndoableItemAct,
  before: ItemBefore,
  actor: Actor,
  context: ItemUndoContext,
): Decision {
  const refusal = permissionRefusal(item, UNDOABLE_ITEM_ACTS[act], actor);
  if (refusal) return refusal;
  const patch: ItemPatch = { ...before };
  const notifications: NotificationIntent[] = [];
  let payload: Record<string, unknown>;
  if (act === 'assign') {
    payload = { undone: 'assign', ordererId: item.userId, back_to: context.backTo };
    if (context.assigneeReadIt && item.userId !== null) {
      notifications.push({
        to: item.userId,
        kind: ASSIGNMENT_UNDONE_KIND,
        message: `Order item ${item.ref} is no longer assigned to you: the assignment was undone.`,
      });
    }
  } else {
    payload = { undone: item.flagged ? 'flag' : 'unflag' };
  }
  return {
    ok: true,
    patch,
    events: [
      {
        action: 'undo',
        fromState: item.currentState,
        toState: before.currentState ?? item.currentState,
        payload,
      },
    ],
    notifications,
    emails: [],
    refunds: [],
    comments: [],
  };
}
