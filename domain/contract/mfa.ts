/**
 * The second factor (TOTP with recovery codes), the security policy and a user's sessions
 * (docs/decisions/mfa.md).
 */
import { z } from 'zod';
import { TimestampSchema } from './common';
import { CurrentUserSchema } from './session';

/** A six-digit TOTP code or a recovery code (`XXXX-XXXX-XXXX`); spaces and hyphens are ignored. */
export const MfaCodeSchema = z.object({
  code: z
    .string({ error: 'Enter the code.' })
    .trim()
    .min(1, 'Enter the code.')
    .max(40, 'Enter the 6-digit code or a recovery code.')
    .regex(/^[0-9A-Za-z -]+$/, 'Enter the 6-digit code or a recovery code.'),
});
export type MfaCode = z.infer<typeof MfaCodeSchema>;

/** What starting enrolment answers: the URI an authenticator app scans and the secret to type instead. */
export const MfaEnrolmentSchema = z.object({
  mfa: z.object({ otpauth_uri: z.string(), secret: z.string() }),
});
export type MfaEnrolment = z.infer<typeof MfaEnrolmentSchema>;

/** Ten single-use recovery codes, shown once. */
export const RecoveryCodesSchema = z.object({ recovery_codes: z.array(z.string()) });
export type RecoveryCodes = z.infer<typeof RecoveryCodesSchema>;

/** Whether the signed-in user has a second factor, and whether everyone must. */
export const MfaStatusSchema = z.object({ mfa: z.object({ enabled: z.boolean(), required: z.boolean() }) });
export type MfaStatus = z.infer<typeof MfaStatusSchema>;

/** A password accepted, but a second factor is needed (and, when `enrolment_required`, set up first). */
export const MfaChallengeSchema = z.object({
  mfa_required: z.literal(true),
  enrolment_required: z.boolean(),
});
export type MfaChallenge = z.infer<typeof MfaChallengeSchema>;

/** POST /session: signed in, or asked for a second factor. */
export const SignInAnswerSchema = z.union([CurrentUserSchema, MfaChallengeSchema]);
export type SignInAnswer = z.infer<typeof SignInAnswerSchema>;

/** POST /session/mfa: signed in; `recovery_codes` when the code also finished enrolment. */
export const SecondFactorAnswerSchema = CurrentUserSchema.extend({
  recovery_codes: z.array(z.string()).optional(),
});
export type SecondFactorAnswer = z.infer<typeof SecondFactorAnswerSchema>;

export const SecurityPolicySchema = z.object({
  security_policy: z.object({ mfa_required: z.boolean({ error: 'Say true or false.' }) }),
});
export type SecurityPolicy = z.infer<typeof SecurityPolicySchema>;

/** One of the user's live sessions; `id` is an opaque reference, not the session's key. */
export const UserSessionSchema = z.object({
  id: z.string(),
  device: z.string(),
  ip: z.string().nullable(),
  created_at: TimestampSchema,
  last_seen_at: TimestampSchema,
  current: z.boolean(),
});
export type UserSession = z.infer<typeof UserSessionSchema>;

export const UserSessionListSchema = z.object({ sessions: z.array(UserSessionSchema) });
export type UserSessionList = z.infer<typeof UserSessionListSchema>;

/** How many sessions an act ended. */
export const SessionsEndedSchema = z.object({ ended: z.number().int() });
export type SessionsEnded = z.infer<typeof SessionsEndedSchema>;

/** POST /users/{id}/mfa/reset answers an empty object. */
export const MfaResetSchema = z.object({});
export type MfaReset = z.infer<typeof MfaResetSchema>;
