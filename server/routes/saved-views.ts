/**
 * Saved views: the signed-in user's named lists and the views shared with the team, with their live counts
 * (issues 18 and 49).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  SavedViewInputSchema,
  SavedViewListSchema,
  SavedViewResponseSchema,
} from '../../domain/contract/lists';
import { currentUser } from '../auth/guard';
import {
  createSavedView,
  deleteSavedView,
  listSavedViews,
  updateSavedView,
} from '../services/saved-views/saved-views';
import { json, refusal, refusals } from './answers';
import type { RouteDeps } from './route-deps';

const IdParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

export const savedViewRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { database }) => {
  const { db } = database;
  const tags = ['saved views'];
  app.get(
    '/saved_views.json',
    {
      schema: {
        tags,
        summary:
          "The signed-in user's saved views, then the team's shared ones, each with how many items it matches now",
        response: {
          200: json(
            'The own views in their order, then the shared ones, with live counts',
            SavedViewListSchema,
          ),
        },
      },
    },
    async (request) => listSavedViews(db, currentUser(request)),
  );
  app.post(
    '/saved_views.json',
    {
      schema: {
        tags,
        summary: 'Save a view of a list (a screen and its query), private or shared with the team',
        body: SavedViewInputSchema,
        response: {
          201: json('The new view, last in the order, with its count', SavedViewResponseSchema),
          ...refusals(409),
        },
      },
    },
    async (request, reply) => {
      reply.status(201);
      return createSavedView(db, currentUser(request), request.body.saved_view);
    },
  );
  app.put(
    '/saved_views/:id.json',
    {
      schema: {
        tags,
        summary: 'Rename a saved view, change its screen or query, or share or unshare it',
        params: IdParams,
        body: SavedViewInputSchema,
        response: {
          200: json('The view with its count', SavedViewResponseSchema),
          ...refusal(403, 'A shared view of another user, and not an administrator (`forbidden`).'),
          ...refusals(409),
        },
      },
    },
    async (request) => updateSavedView(db, currentUser(request), request.params.id, request.body.saved_view),
  );
  app.delete(
    '/saved_views/:id.json',
    {
      schema: {
        tags,
        summary: 'Delete a saved view (its owner, or an administrator for a shared one)',
        params: IdParams,
        response: {
          200: json('The views left, with their counts', SavedViewListSchema),
          ...refusal(403, 'A shared view of another user, and not an administrator (`forbidden`).'),
        },
      },
    },
    async (request) => deleteSavedView(db, currentUser(request), request.params.id),
  );
};
