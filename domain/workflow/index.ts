/** The workflow state machine: decide() and what it reads and returns. */
export { firstAssignedState } from './assignment';
export { ACTION_PERMISSIONS, applyPatch, decide, type Permission, permissionRefusal } from './decide';
export { cancelRefundActions, escalationStage, isHeld, isWaitingForCustomer } from './escalation';
export { exploreTransitions, START_ITEMS, type Transition } from './explore';
export { applyUpdate, priceContextOf, updateErrors } from './modify-order';
export { ACTION_LABELS, REMINDER_DAYS } from './result';
export type * from './types';
