/**
 * Which comments ask someone to do something (docs/decisions/comments-and-timeline.md). Only these carry the
 * "Actioned" tick and count as to-dos; the others are a record of what was already said or done.
 */

/** Comment kinds that need action: something arrived or was asked of staff and someone must follow it up. */
export const COMMENT_KINDS_NEEDING_ACTION = [
  /** A message from the customer (storefront or a transferred conversation). */
  'customer',
  /** A staff note: how staff leave a follow-up for whoever works the item next. */
  'note',
  /** An escalation message: the admins must answer it. */
  'escalation',
  /** An admin handing the item back with instructions. */
  'return_to_orderer',
  /** What the GRO told us (a refund, a query): someone must reorder, refund or reply. */
  'gro_communication',
] as const;

const needingAction: ReadonlySet<string> = new Set(COMMENT_KINDS_NEEDING_ACTION);

/**
 * Whether a comment of this kind needs action. Our own outgoing messages (to the customer, feedback on
 * documents, notes for the translator) and records of work done (IPS completed, reorder noted) do not.
 */
export function commentNeedsAction(kind: string): boolean {
  return needingAction.has(kind);
}
