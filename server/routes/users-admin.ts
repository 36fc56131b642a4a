/** User admin (admins only). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MfaResetSchema, SecurityPolicySchema, SessionsEndedSchema } from '../../domain/contract/mfa';
import { AdminUserListSchema, AdminUserResponseSchema } from '../../domain/contract/users';
import { currentUser } from '../auth/guard';
import { auditActorOf } from '../services/audit/record';
import { resetMfa, securityPolicy, setSecurityPolicy } from '../services/auth/mfa';
import { endAllUserSessions } from '../services/auth/sessions';
import { adminCreateUser, adminUpdateUser, listUsers, resetPassword } from '../services/users/admin';
import { NewUserSchema, UserChangesSchema } from '../services/users/users';
import { json, refusals } from './answers';
import type { RouteDeps } from './route-deps';

const IdParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

export const userAdminRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { database }) => {
  const { db } = database;
  const config = { auth: 'admin' as const };
  const tags = ['users'];
  app.get(
    '/users.json',
    {
      config,
      schema: {
        tags,
        summary: 'All staff accounts',
        response: { 200: json('Every account, active first, by name', AdminUserListSchema) },
      },
    },
    async () => listUsers(db),
  );
  app.post(
    '/users.json',
    {
      config,
      schema: {
        tags,
        summary: 'Create an account',
        body: NewUserSchema,
        response: {
          201: json('The new account', AdminUserResponseSchema),
          ...refusals(409),
        },
      },
    },
    async (request, reply) => {
      reply.status(201);
      return adminCreateUser(db, request.body, auditActorOf(request));
    },
  );
  app.put(
    '/users/:id.json',
    {
      config,
      schema: {
        tags,
        summary: 'Change name, role, orderer flag or active',
        params: IdParams,
        body: UserChangesSchema.omit({ password: true }),
        response: { 200: json('The changed account', AdminUserResponseSchema) },
      },
    },
    async (request) =>
      adminUpdateUser(
        db,
        { ...auditActorOf(request), actorId: currentUser(request).id },
        request.params.id,
        request.body,
      ),
  );
  app.post(
    '/users/:id/reset_password.json',
    {
      config,
      schema: {
        tags,
        summary: "Set a new password (ends the user's sessions)",
        params: IdParams,
        body: z.object({ password: z.string().min(12, 'Passwords have at least 12 characters.').max(1000) }),
        response: { 200: json('The account; its sessions have ended', AdminUserResponseSchema) },
      },
    },
    async (request) => resetPassword(db, request.params.id, request.body.password, auditActorOf(request)),
  );
  app.post(
    '/users/:id/end_sessions.json',
    {
      config,
      schema: {
        tags,
        summary: "Sign a user out everywhere (ends all of the user's sessions)",
        params: IdParams,
        response: { 200: json('How many sessions ended', SessionsEndedSchema) },
      },
    },
    async (request) => endAllUserSessions(db, request.params.id, auditActorOf(request)),
  );
  app.post(
    '/users/:id/mfa/reset.json',
    {
      config,
      schema: {
        tags,
        summary: "Reset a user's 2-step verification (they set it up again)",
        params: IdParams,
        response: { 200: json('Reset', MfaResetSchema), ...refusals(409) },
      },
    },
    async (request) => resetMfa(db, request.params.id, auditActorOf(request)),
  );
  app.get(
    '/security_policy.json',
    {
      config,
      schema: {
        tags,
        summary: 'The security policy: whether everyone must have 2-step verification',
        response: { 200: json('The policy', SecurityPolicySchema) },
      },
    },
    async () => securityPolicy(db),
  );
  app.put(
    '/security_policy.json',
    {
      config,
      schema: {
        tags,
        summary: 'Require 2-step verification for everyone, or stop requiring it',
        body: SecurityPolicySchema,
        response: { 200: json('The policy now', SecurityPolicySchema) },
      },
    },
    async (request) =>
      setSecurityPolicy(db, request.body.security_policy.mfa_required, auditActorOf(request)),
  );
};
