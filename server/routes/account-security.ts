/** The signed-in user's own security: their second factor and their sessions (docs/decisions/mfa.md). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  MfaCodeSchema,
  MfaEnrolmentSchema,
  MfaStatusSchema,
  RecoveryCodesSchema,
  SessionsEndedSchema,
  UserSessionListSchema,
} from '../../domain/contract/mfa';
import { currentUser } from '../auth/guard';
import { auditActorOf } from '../services/audit/record';
import { confirmEnrolment, mfaKeyFrom, mfaStatus, startEnrolment } from '../services/auth/mfa';
import { endOwnSession, listUserSessions } from '../services/auth/sessions';
import { json, refusals } from './answers';
import type { RouteDeps } from './route-deps';

const SessionParams = z.object({
  id: z
    .string()
    .max(32, { error: 'Not a session reference.', abort: true })
    .regex(/^[0-9a-f]{32}$/, 'Not a session reference.'),
});

export const accountSecurityRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { database, config }) => {
  const { db } = database;
  const mfaKey = mfaKeyFrom(config.sessionSecret);
  const tags = ['account'];

  app.get(
    '/me/mfa.json',
    {
      schema: {
        tags,
        summary: 'Whether my 2-step verification is on, and whether everyone must have it',
        response: { 200: json('The second factor and the policy', MfaStatusSchema) },
      },
    },
    async (request) => mfaStatus(db, currentUser(request).id),
  );

  app.post(
    '/me/mfa.json',
    {
      schema: {
        tags,
        summary: 'Start setting up 2-step verification (a new secret, not in force until confirmed)',
        response: {
          200: json('The otpauth URI to scan and the secret to type instead', MfaEnrolmentSchema),
          ...refusals(409),
        },
      },
    },
    async (request) => startEnrolment(db, mfaKey, currentUser(request), auditActorOf(request)),
  );

  app.post(
    '/me/mfa/confirm.json',
    {
      schema: {
        tags,
        summary: 'Turn 2-step verification on with a code from the app',
        body: MfaCodeSchema,
        response: {
          200: json('The ten single-use recovery codes, shown this once', RecoveryCodesSchema),
          ...refusals(409, 429),
        },
      },
    },
    async (request) =>
      confirmEnrolment(db, mfaKey, {
        userId: currentUser(request).id,
        code: request.body.code,
        ip: request.ip,
        actor: auditActorOf(request),
      }),
  );

  app.get(
    '/me/sessions.json',
    {
      schema: {
        tags,
        summary: 'My signed-in sessions: device, address, last seen; this one marked current',
        response: { 200: json('My live sessions, most recently used first', UserSessionListSchema) },
      },
    },
    async (request) => listUserSessions(db, currentUser(request).id, request.session?.id),
  );

  app.delete(
    '/me/sessions/:id.json',
    {
      schema: {
        tags,
        summary: 'Sign out one of my sessions',
        params: SessionParams,
        response: { 200: json('The session has ended', SessionsEndedSchema), ...refusals(404) },
      },
    },
    async (request) => endOwnSession(db, currentUser(request).id, request.params.id, auditActorOf(request)),
  );
};
