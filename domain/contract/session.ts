/** Sign-in, the current user and the error shape every endpoint answers with. */
import { z } from 'zod';
import { IdSchema, TEXT_LIMITS } from './common';

export const RoleSchema = z.enum(['admin', 'orderer']);
export type Role = z.infer<typeof RoleSchema>;

export const SignInSchema = z.object({
  email: z.string().trim().min(1, 'Enter your e-mail address.').max(TEXT_LIMITS.email),
  password: z.string().min(1, 'Enter your password.').max(1000),
});
export type SignIn = z.infer<typeof SignInSchema>;

export const UserSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  role: RoleSchema,
  is_orderer: z.boolean(),
});
export type User = z.infer<typeof UserSchema>;

export const CurrentUserSchema = z.object({ user: UserSchema, csrf_token: z.string() });
export type CurrentUser = z.infer<typeof CurrentUserSchema>;

/** DELETE /session: signing out answers an empty object. */
export const SignedOutSchema = z.object({});
export type SignedOut = z.infer<typeof SignedOutSchema>;

export const ErrorSchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    details: z.unknown().optional(),
    /** The request's id, as in the x-request-id header and the server's log lines. */
    request_id: z.string(),
  }),
});
export type ApiErrorBody = z.infer<typeof ErrorSchema>;

export const NotificationSchema = z.object({
  id: z.number().int(),
  kind: z.string(),
  message: z.string(),
  order_item_ref: z.string().nullable(),
  read: z.boolean(),
  created_at: z.string(),
});
export type Notification = z.infer<typeof NotificationSchema>;

export const NotificationListSchema = z.object({
  notifications: z.array(NotificationSchema),
  unread_count: z.number().int(),
});
export type NotificationList = z.infer<typeof NotificationListSchema>;

export const MarkNotificationsReadSchema = z.object({
  notification_ids: z.array(IdSchema).max(500).optional(),
});
export type MarkNotificationsRead = z.infer<typeof MarkNotificationsReadSchema>;
