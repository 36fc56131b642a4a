/** Quick and advanced search (SPEC.md section 7). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AdvancedSearchSchema, SearchResultsSchema, SimpleSearchSchema } from '../../domain/contract/search';
import { currentUser } from '../auth/guard';
import { advancedSearch, simpleSearch } from '../services/search/search';
import { json } from './answers';
import type { RouteDeps } from './route-deps';

/** Both searches answer the same way. */
const RESULTS = {
  200: json('At most 50 items, exact refs first, then the newest; the total', SearchResultsSchema),
};

export const searchRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { database }) => {
  const { db } = database;
  app.post(
    '/search/simple.json',
    {
      schema: {
        tags: ['search'],
        summary: 'Search by ref, customer, e-mail, postcode, GRO/FCO reference or names',
        body: SimpleSearchSchema,
        response: RESULTS,
      },
    },
    async (request) =>
      simpleSearch(db, request.body.search.query, currentUser(request), request.body.search.filter),
  );
  app.post(
    '/search/advanced.json',
    {
      schema: {
        tags: ['search'],
        summary: 'Search by item type and the names on the orderable',
        body: AdvancedSearchSchema,
        response: RESULTS,
      },
    },
    async (request) =>
      advancedSearch(db, request.body.search.query, currentUser(request), request.body.search.filter),
  );
};
