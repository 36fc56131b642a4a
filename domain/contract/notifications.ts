/**
 * The notifications grouped by order item and kind (GET /notifications/groups), and marking one group read.
 * The flat list and POST /notifications/mark_read stay in session.ts, as SPEC.md names them.
 */
import { z } from 'zod';
import { TimestampSchema } from './common';
import { NotificationSchema } from './session';

export const NOTIFICATION_FILTERS = ['unread', 'all'] as const;
export type NotificationFilter = (typeof NOTIFICATION_FILTERS)[number];

export const NotificationGroupsQuerySchema = z.object({
  filter: z.enum(NOTIFICATION_FILTERS, { error: 'Choose unread or all.' }).default('all'),
});

/** A kind as the services name them: lower-case letters and underscores. */
const KindSchema = z
  .string({ error: 'Send the kind.' })
  .min(1, 'Send the kind.')
  .max(60, 'A kind has at most 60 characters.')
  .regex(/^[a-z_]+$/, 'A kind is lower-case letters and underscores.');

export const NotificationGroupSchema = z.object({
  kind: z.string(),
  /** The order item the group is about, or null for notifications about none. */
  order_item_ref: z.string().nullable(),
  /** The conversation the group is about, or null. */
  conversation_id: z.number().int().nullable(),
  count: z.number().int(),
  unread_count: z.number().int(),
  latest_at: TimestampSchema,
  /** The newest few of the group, newest first (the group's count says how many there are in all). */
  notifications: z.array(NotificationSchema),
});
export type NotificationGroup = z.infer<typeof NotificationGroupSchema>;

export const NotificationGroupsSchema = z.object({
  filter: z.enum(NOTIFICATION_FILTERS),
  groups: z.array(NotificationGroupSchema),
  /** All the user's unread notifications, whatever the filter. */
  unread_count: z.number().int(),
});
export type NotificationGroups = z.infer<typeof NotificationGroupsSchema>;

export const MarkGroupReadSchema = z.object({
  kind: KindSchema,
  order_item_ref: z
    .string({ error: 'Send the order item ref, or null.' })
    .max(30, 'An order item ref has at most 30 characters.')
    .nullable(),
  /** The group's conversation (absent or null for groups about none). */
  conversation_id: z
    .number({ error: 'Send the conversation id, or null.' })
    .int('Send the conversation id, or null.')
    .positive('Send the conversation id, or null.')
    .max(2_147_483_647, 'Send the conversation id, or null.')
    .nullable()
    .default(null),
});
export type MarkGroupRead = z.infer<typeof MarkGroupReadSchema>;

export const UnreadCountSchema = z.object({ unread_count: z.number().int() });
