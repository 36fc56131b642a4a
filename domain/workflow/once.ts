/**
 * Which calls must carry a precondition so that money and customer e-mail happen exactly once
 * (docs/decisions/exactly-once.md). Every other action that e-mails or moves money is a one-way move of the
 * state, so the state machine itself refuses its repeat.
 */
import type { ActionType, Outcome } from './types';

/** Actions whose call requires the lock_version read: they e-mail or move money and may leave the state as it was. */
export const PRECONDITION_ACTIONS = [
  'contact_customer',
  'request_update',
  'confirm_update',
  'withdraw_update',
  'gro_order_placed',
  'reject_documents',
  'despatch',
  'cancel_refund',
  'gro_communication',
] as const satisfies readonly ActionType[];

/** Actions the job runner takes when they fall due; the due time it moves on guards their repeat. */
export const SCHEDULED_ACTIONS = [
  'reminder_due',
  'postponement_ended',
] as const satisfies readonly ActionType[];

/** Whether an outcome e-mails the customer or moves money. */
export function movesMoneyOrMails(outcome: Outcome): boolean {
  return (
    outcome.emails.length > 0 ||
    outcome.refunds.length > 0 ||
    outcome.groRefund !== undefined ||
    outcome.groOrder !== undefined ||
    outcome.despatch !== undefined ||
    outcome.patch.netValue !== undefined
  );
}
