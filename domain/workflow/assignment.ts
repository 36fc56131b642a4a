/** Assignment: an admin gives an item to an orderer; an unassigned item starts its product line's path. */

import type { OrderItemState } from '../states';
import { productLine } from '../states';
import { accept, wrongState } from './result';
import type { ActionOf, Decision, WorkItem } from './types';

/** Where an unassigned item goes when someone takes it on. */
export function firstAssignedState(item: WorkItem): OrderItemState {
  switch (productLine(item.orderableType)) {
    case 'certificate':
      return 'gro_order_required';
    case 'translation':
      return item.orderable.documentsByPost ? 'waiting_delivery' : 'review_documents';
    case 'deed_poll':
      return 'review_documents';
  }
}

/** assign_to_orderer and reassign: set the assignee; only an unassigned item changes state. */
export function assign(item: WorkItem, action: ActionOf<'assign'>): Decision {
  // Assigning to the current assignee would notify them twice for nothing (a double click or a retry).
  if (item.userId === action.ordererId)
    return wrongState(item, 'assign', 'it is already assigned to this orderer');
  const currentState = item.currentState === 'unassigned' ? firstAssignedState(item) : item.currentState;
  return accept(
    item,
    action,
    { userId: action.ordererId, currentState },
    {
      notifications: [
        {
          to: action.ordererId,
          kind: 'assigned',
          message: `Order item ${item.ref} has been assigned to you.`,
        },
      ],
    },
  );
}
