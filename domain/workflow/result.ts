/** Building blocks every transition uses: refusals, accepted outcomes and small input checks. */
import { addDays } from 'date-fns';
import { londonToday } from '../format';
import { endSentence, stateLabel } from '../labels';
import type {
  ActionType,
  CommentIntent,
  DespatchRecord,
  EmailIntent,
  GroOrderRecord,
  ItemPatch,
  NotificationIntent,
  Outcome,
  RefundIntent,
  Refusal,
  WorkflowAction,
  WorkItem,
} from './types';

/** How long a customer has before a reminder, and how long a postponement lasts. */
export const REMINDER_DAYS = 7;

/** Readable names of the actions, for refusals and the timeline. */
export const ACTION_LABELS: Readonly<Record<ActionType, string>> = {
  assign: 'assign',
  gro_order_placed: 'place a GRO order',
  received_from_gro: 'mark received from GRO',
  gro_communication: 'record a GRO communication',
  ips_submitted: 'record an IPS',
  reorder_required: 'reorder',
  ips_confirmed: 'confirm the IPS',
  add_to_fco_batch: 'place an FCO order',
  fco_batch_despatched: 'despatch to the FCO',
  fco_batch_received: 'receive from the FCO',
  approve_scan_send: 'send the scans',
  despatch: 'despatch',
  received_from_customer: 'mark received from the customer',
  approve_documents: 'approve the documents',
  reject_documents: 'reject the documents',
  customer_upload: 'take a customer upload',
  send_for_translation: 'send for translation',
  translation_received: 'mark the translation received',
  translation_complete: 'complete the translation',
  escalate: 'escalate',
  contact_customer: 'contact the customer',
  customer_reply: 'take a customer reply',
  postpone_notification: 'postpone the reminder',
  postponement_ended: 'end the postponement',
  reminder_due: 'send a reminder',
  return_to_orderer: 'return to the orderer',
  cancel_refund: 'cancel or refund',
  request_update: 'modify the order',
  confirm_update: 'confirm the order change',
  withdraw_update: 'withdraw the order change',
  add_note: 'add a note',
  toggle_flag: 'flag',
  original_received: 'mark the originals received',
};

/** A refusal with a code the server maps to an HTTP status. */
export function refuse(code: Refusal['code'], message: string, details?: Record<string, string>): Refusal {
  return details ? { ok: false, code, message, details } : { ok: false, code, message };
}

/** The 409 refusal for an action the item's current state does not allow. */
export function wrongState(item: WorkItem, action: ActionType, why?: string): Refusal {
  const reason = why ?? `the item is ${stateLabel(item)}`;
  return refuse('wrong_state', `Cannot ${ACTION_LABELS[action]}: ${endSentence(reason)}`);
}

/** The 422 refusal for one bad input field. */
export function invalid(field: string, message: string): Refusal {
  return refuse('invalid_input', message, { [field]: message });
}

/** Text with content, trimmed; null for missing or blank input. */
export function text(value: string | null | undefined): string | null {
  const trimmed = value?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
}

/** Whether an amount of pence is a whole, non-negative number. */
export function isPence(value: number): boolean {
  return Number.isSafeInteger(value) && value >= 0;
}

/**
 * Whether a string is a 'yyyy-MM-dd' day that exists on the calendar: 2026-02-30, 2025-02-29 and year 0 (which
 * PostgreSQL does not have) are not. Date.parse alone rolls 30 February over to 2 March.
 */
export function isIsoDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year === 0) return false;
  const date = new Date(Date.UTC(2000, month - 1, day));
  date.setUTCFullYear(year);
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

const utcDay = (moment: Date) => moment.toISOString().slice(0, 10);

/** Whether a 'yyyy-MM-dd' day is after today in London: the forms' date pickers stop at today. */
export function isFutureDay(day: string, now: Date): boolean {
  // London is UTC or one hour ahead, so only a day between those two needs the (slow) time-zone lookup.
  if (day <= utcDay(now)) return false;
  if (day > utcDay(new Date(now.getTime() + 3_600_000))) return true;
  return day > londonToday(now);
}

/** When the next reminder or the end of a postponement falls. */
export function inReminderDays(now: Date): Date {
  return addDays(now, REMINDER_DAYS);
}

/** What an accepted action writes besides the item patch. */
export interface Effects {
  notifications?: NotificationIntent[];
  emails?: EmailIntent[];
  refunds?: RefundIntent[];
  comments?: CommentIntent[];
  groOrder?: GroOrderRecord;
  despatch?: DespatchRecord;
  groRefund?: { amount: number };
  orderRegion?: Outcome['orderRegion'];
  repriced?: Outcome['repriced'];
  approveAttachmentIds?: number[];
  /** Extra timeline data besides the action's input (e.g. a defaulted cost). */
  payload?: Record<string, unknown>;
}

/** An accepted outcome with its timeline event built from the action input and the patch. */
export function accept(
  item: WorkItem,
  action: WorkflowAction,
  patch: ItemPatch,
  effects: Effects = {},
): Outcome {
  const { type, ...input } = action;
  const { payload, ...rest } = effects;
  return {
    ok: true,
    patch,
    events: [
      {
        action: type,
        fromState: item.currentState,
        toState: patch.currentState ?? item.currentState,
        payload: { ...input, ...payload },
      },
    ],
    notifications: rest.notifications ?? [],
    emails: rest.emails ?? [],
    refunds: rest.refunds ?? [],
    comments: rest.comments ?? [],
    ...(rest.groOrder ? { groOrder: rest.groOrder } : {}),
    ...(rest.despatch ? { despatch: rest.despatch } : {}),
    ...(rest.groRefund ? { groRefund: rest.groRefund } : {}),
    ...(rest.orderRegion ? { orderRegion: rest.orderRegion } : {}),
    ...(rest.repriced && rest.repriced.length > 0 ? { repriced: rest.repriced } : {}),
    ...(rest.approveAttachmentIds && rest.approveAttachmentIds.length > 0
      ? { approveAttachmentIds: rest.approveAttachmentIds }
      : {}),
  };
}

/** The notification for the assignee, or for the admins when nobody holds the item. */
export function notifyAssignee(item: WorkItem, kind: string, message: string): NotificationIntent {
  return { to: item.userId ?? 'admins', kind, message };
}
