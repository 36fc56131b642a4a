/** Saved views: the signed-in user's named lists with their live counts (issue 18). */
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
import { json, refusals } from './answers';
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
        summary: "The signed-in user's saved views, each with how many items it matches now",
        response: { 200: json('The views in their order, with live counts', SavedViewListSchema) },
      },
    },
    async (request) => listSavedViews(db, currentUser(request)),
  );
  app.post(
    '/saved_views.json',
    {
      schema: {
        tags,
        summary: 'Save a view of a list (a screen and its query)',
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
        summary: 'Rename a saved view or change its screen or query',
        params: IdParams,
        body: SavedViewInputSchema,
        response: { 200: json('The view with its count', SavedViewResponseSchema), ...refusals(409) },
      },
    },
    async (request) => updateSavedView(db, currentUser(request), request.params.id, request.body.saved_view),
  );
  app.delete(
    '/saved_views/:id.json',
    {
      schema: {
        tags,
        summary: 'Delete a saved view',
        params: IdParams,
        response: { 200: json('The views left, with their counts', SavedViewListSchema) },
      },
    },
    async (request) => deleteSavedView(db, currentUser(request), request.params.id),
  );
};
