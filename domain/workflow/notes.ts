/** Actions any state allows: notes, the flag and the arrival of the customer's original documents. */
import { londonToday } from '../format';
import { accept, invalid, isFutureDay, isIsoDate, text } from './result';
import type { ActionOf, Decision, WorkItem } from './types';

/** add_note: a staff note on the item's comments. */
export function addNote(item: WorkItem, action: ActionOf<'add_note'>): Decision {
  const body = text(action.body);
  if (!body) return invalid('body', 'Enter a note.');
  return accept(item, action, {}, { comments: [{ kind: 'note', body }] });
}

/** toggle_flag: mark or unmark the item for attention. */
export function toggleFlag(item: WorkItem, action: ActionOf<'toggle_flag'>): Decision {
  return accept(item, action, { flagged: !item.flagged });
}

/** original_received: record the London day the originals arrived (today unless given); no state change. */
export function originalReceived(item: WorkItem, action: ActionOf<'original_received'>, now: Date): Decision {
  const receivedOn = action.receivedOn ?? londonToday(now);
  if (!isIsoDate(receivedOn)) return invalid('received_on', 'Enter the date the originals arrived.');
  if (isFutureDay(receivedOn, now))
    return invalid('received_on', 'The originals cannot arrive in the future.');
  return accept(item, action, { originalReceivedOn: receivedOn }, { payload: { received_on: receivedOn } });
}
