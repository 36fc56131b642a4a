/**
 * The escalations desk and the matching ids behind "select all N matching" (issue 18); the team list (issue
 * 49).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { EscalationsPageSchema } from '../../domain/contract/escalations';
import { MatchingIdsSchema } from '../../domain/contract/lists';
import {
  EscalationsQuerySchema,
  MatchingIdsQuerySchema,
  TeamListPageSchema,
  TeamListQuerySchema,
} from '../../domain/contract/queues';
import { currentUser } from '../auth/guard';
import { escalationsPage } from '../services/order-items/escalations';
import { matchingIds } from '../services/order-items/list-scopes';
import { teamListPage } from '../services/order-items/team-list';
import { json, refusal } from './answers';
import type { RouteDeps } from './route-deps';

export const orderItemListRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { database }) => {
  const { db } = database;
  const tags = ['order items'];

  app.get(
    '/order_items/escalations.json',
    {
      config: { auth: 'admin' },
      schema: {
        tags,
        summary: 'The escalations desk: a page of every open escalated item, with counts by stage',
        querystring: EscalationsQuerySchema,
        response: {
          200: json(
            'A page of escalated items, their stages and ages, and the counts',
            EscalationsPageSchema,
          ),
        },
      },
    },
    async (request) => escalationsPage(db, request.query),
  );

  app.get(
    '/order_items/team.json',
    {
      schema: {
        tags,
        summary:
          'The team list: a page of every open item, whoever has it (`orderer=none`: the unassigned), with counts',
        querystring: TeamListQuerySchema,
        response: {
          200: json(
            'A page of open items with the paging totals and the filtered counts in all, by group and overdue',
            TeamListPageSchema,
          ),
        },
      },
    },
    async (request) => teamListPage(db, request.query),
  );

  app.get(
    '/order_items/ids.json',
    {
      schema: {
        tags,
        summary: "The ids of every item a list's filter matches, in its order (at most 500)",
        querystring: MatchingIdsQuerySchema,
        response: {
          200: json('The ids, the total and whether the ids stop at the cap', MatchingIdsSchema),
          ...refusal(403, 'The escalations desk is for administrators (`forbidden`).'),
        },
      },
    },
    async (request) => matchingIds(db, currentUser(request), request.query),
  );
};
