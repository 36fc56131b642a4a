/**
 * The calls any member of staff makes on an item in passing, whatever its state: flag it, add a note,
 * postpone the customer's reminder.
 */
import * as C from '../../../domain/contract/order-item-actions';
import { type ActionRow, action, NoPayload } from './action';

/** Flag, note and reminder calls, as rows of the action table. */
export const noteActions: ActionRow[] = [
  action(
    'toggle_flag',
    NoPayload,
    () => ({ type: 'toggle_flag' }),
    'Flag or unflag',
    'Answers the offer to undo it (POST /undo.json).',
    'flag',
  ),
  action('add_note', C.AddNoteSchema, (b) => ({ type: 'add_note', body: b.note.body }), 'Add a note'),
  action(
    'postpone_notification',
    NoPayload,
    () => ({ type: 'postpone_notification' }),
    'Postpone the reminder to the customer by 7 days',
  ),
];
