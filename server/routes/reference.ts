/** Reference lists and articles (SPEC.md section 7): reads for staff, writes for admins. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { FreeFormBodySchema } from '../../domain/contract/common';
import { REFERENCE_KINDS } from '../../domain/contract/reference';
import {
  createArticle,
  createReference,
  listArticles,
  listReference,
  updateArticle,
  updateReference,
} from '../services/reference/reference';
import type { RouteDeps } from './index';

const IdParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
const SINGULAR = {
  registries: 'registry',
  embassies: 'embassy',
  councils: 'council',
  parishes: 'parish',
  courts: 'court',
} as const;

/** Accepts `{"name": …}` or the wrapped `{"registry": {"name": …}}` form. */
const unwrap = (body: Record<string, unknown>, key: string) =>
  Object.keys(body).length === 1 && typeof body[key] === 'object' && body[key] !== null
    ? (body[key] as Record<string, unknown>)
    : body;

export const referenceRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { database }) => {
  const { db } = database;
  const tags = ['reference content'];
  for (const kind of REFERENCE_KINDS) {
    app.get(`/${kind}.json`, { schema: { tags, summary: `All ${kind}` } }, async () =>
      listReference(db, kind),
    );
    app.post(
      `/${kind}.json`,
      {
        config: { auth: 'admin' },
        schema: { tags, summary: `Add to ${kind} (name, details)`, body: FreeFormBodySchema },
      },
      async (request, reply) => {
        reply.status(201);
        return { [SINGULAR[kind]]: await createReference(db, kind, unwrap(request.body, SINGULAR[kind])) };
      },
    );
    app.put(
      `/${kind}/:id.json`,
      {
        config: { auth: 'admin' },
        schema: { tags, summary: 'Change one attribute', params: IdParams, body: FreeFormBodySchema },
      },
      async (request) => ({
        [SINGULAR[kind]]: await updateReference(
          db,
          kind,
          request.params.id,
          unwrap(request.body, SINGULAR[kind]),
        ),
      }),
    );
  }
  app.get('/articles.json', { schema: { tags, summary: 'All articles' } }, async () => listArticles(db));
  app.post(
    '/articles.json',
    { config: { auth: 'admin' }, schema: { tags, summary: 'Add an article', body: FreeFormBodySchema } },
    async (request, reply) => {
      reply.status(201);
      return { article: await createArticle(db, unwrap(request.body, 'article')) };
    },
  );
  app.put(
    '/articles/:id.json',
    {
      config: { auth: 'admin' },
      schema: { tags, summary: 'Change one attribute', params: IdParams, body: FreeFormBodySchema },
    },
    async (request) => ({
      article: await updateArticle(db, request.params.id, unwrap(request.body, 'article')),
    }),
  );
};
