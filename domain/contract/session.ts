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

/** Every `error.code` the API answers with (server/errors.ts maps each to its HTTP status). */
export const ERROR_CODES = [
  'unauthenticated',
  'invalid_credentials',
  'forbidden',
  'csrf_failed',
  'not_found',
  'wrong_state',
  'stale',
  'conflict',
  'choose_item',
  'different_customer',
  'price_change',
  'expired',
  'payload_too_large',
  'invalid_input',
  'too_many_attempts',
  'internal',
  'unavailable',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** The fields a refusal is about, each with what is wrong (`field` is the path: `despatch.despatched_on`). */
export const FieldErrorsSchema = z
  .array(z.object({ field: z.string(), message: z.string() }))
  .describe(
    'Each field the refusal is about (its path, e.g. `despatch.despatched_on`) and what is wrong with it.',
  );

/** What changed under a stale write: the record's lock_version now, or the items changed since (an undo). */
export const StaleDetailsSchema = z.object({
  current_lock_version: z.number().int().optional(),
  changed: z.array(z.string()).optional().describe('The refs of the items changed since (an undo).'),
});

/** A conversation transfer to an order with several items that names none: the items to choose from. */
export const ChooseItemDetailsSchema = z.object({
  order_ref: z.string(),
  items: z.array(
    z.object({ ref: z.string(), type: z.string(), current_state: z.string(), state_label: z.string() }),
  ),
});

/** A conversation transfer to another customer's order, not confirmed: both addresses. */
export const DifferentCustomerDetailsSchema = z.object({
  conversation_email: z.string(),
  order_email: z.string(),
  order_item_ref: z.string(),
});

const refusalOf = <C extends readonly [ErrorCode, ...ErrorCode[]], D extends z.ZodType>(
  codes: C,
  details: D,
) => z.object({ code: z.enum(codes), message: z.string(), details, request_id: z.string() });

/**
 * The one error body: `details` has one shape per code (field errors, what changed, the items to choose
 * from), and none for the codes that need none. `request_id` is the request's id, as in the x-request-id
 * header and the server's log lines.
 */
export const ErrorSchema = z.object({
  error: z.discriminatedUnion('code', [
    refusalOf(['invalid_input', 'not_found', 'conflict', 'price_change'], FieldErrorsSchema.optional()),
    refusalOf(['stale'], StaleDetailsSchema.optional()),
    refusalOf(['choose_item'], ChooseItemDetailsSchema),
    refusalOf(['different_customer'], DifferentCustomerDetailsSchema),
    z.object({
      code: z.enum([
        'unauthenticated',
        'invalid_credentials',
        'forbidden',
        'csrf_failed',
        'wrong_state',
        'expired',
        'payload_too_large',
        'too_many_attempts',
        'internal',
        'unavailable',
      ]),
      message: z.string(),
      request_id: z.string(),
    }),
  ]),
});
export type ApiErrorBody = z.infer<typeof ErrorSchema>;

export const NotificationSchema = z.object({
  id: z.number().int(),
  kind: z.string(),
  message: z.string(),
  order_item_ref: z.string().nullable(),
  /** The conversation it is about (a thread back from its snooze), or null. */
  conversation_id: z.number().int().nullable(),
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
