/**
 * Undo (issue 49, docs/decisions/undo.md): takes back an assignment, a flag, an archive or a bulk assign or
 * flag, with the token its answer carried. Any member of staff, for their own changes only.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { UndoRequestSchema, UndoResultSchema } from '../../domain/contract/undo';
import { currentUser } from '../auth/guard';
import { undoChange } from '../services/undo/undo';
import { json, refusal, refusals } from './answers';
import { actorOf } from './order-item-actions/action';
import type { RouteDeps } from './route-deps';

export const undoRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { database }) => {
  const { db } = database;
  app.post(
    '/undo.json',
    {
      schema: {
        tags: ['undo'],
        summary: 'Take back a change just made (assign, flag, archive, bulk assign or flag)',
        description:
          'undo.token is the token of the undo offer the change answered. Only whoever made the change may ' +
          'undo it (403), once (a second undo answers 409 wrong_state, also when two race), until the offer’s ' +
          'expires_at (410 expired), and only while every item or conversation it changed is still exactly as ' +
          'the change left it (409 stale naming what changed): all or none, nothing is changed by a refusal. ' +
          'Each item’s timeline records the undo; no e-mail is sent, and an "assigned to you" notification ' +
          'still unread is removed. An unknown token answers 404.',
        body: UndoRequestSchema,
        response: {
          200: json('What was undone', UndoResultSchema),
          ...refusal(404, 'No change with this token (`not_found`, details name `undo.token`).'),
          ...refusals(409, 410),
        },
      },
    },
    async (request) => undoChange(db, request.body.undo.token, actorOf(currentUser(request))),
  );
};
