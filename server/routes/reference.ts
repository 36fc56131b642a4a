/** Reference lists and articles (SPEC.md section 7): reads for staff, writes for admins. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { FreeFormBodySchema } from '../../domain/contract/common';
import {
  ArticleListSchema,
  ArticleResponseSchema,
  REFERENCE_KINDS,
  REFERENCE_SINGULAR,
  ReferenceItemResponseSchemas,
  ReferenceListSchemas,
} from '../../domain/contract/reference';
import {
  createArticle,
  createReference,
  listArticles,
  listReference,
  updateArticle,
  updateReference,
} from '../services/reference/reference';
import { json } from './answers';
import type { RouteDeps } from './route-deps';

const IdParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

/** One value under one key of several, typed as what it is: one of the single-key objects. */
type Keyed<K extends string, V> = K extends string ? Record<K, V> : never;
const keyed = <K extends string, V>(key: K, value: V) => ({ [key]: value }) as Keyed<K, V>;

/** Accepts `{"name": …}` or the wrapped `{"registry": {"name": …}}` form. */
const unwrap = (body: Record<string, unknown>, key: string) =>
  Object.keys(body).length === 1 && typeof body[key] === 'object' && body[key] !== null
    ? (body[key] as Record<string, unknown>)
    : body;

export const referenceRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { database }) => {
  const { db } = database;
  const tags = ['reference content'];
  for (const kind of REFERENCE_KINDS) {
    app.get(
      `/${kind}.json`,
      {
        schema: {
          tags,
          summary: `All ${kind}`,
          response: { 200: json(`Every item, by name`, ReferenceListSchemas[kind]) },
        },
      },
      async () => keyed(kind, await listReference(db, kind)),
    );
    app.post(
      `/${kind}.json`,
      {
        config: { auth: 'admin' },
        schema: {
          tags,
          summary: `Add to ${kind} (name, details)`,
          body: FreeFormBodySchema,
          response: { 201: json('The new item', ReferenceItemResponseSchemas[kind]) },
        },
      },
      async (request, reply) => {
        const key = REFERENCE_SINGULAR[kind];
        reply.status(201);
        return keyed(key, await createReference(db, kind, unwrap(request.body, key)));
      },
    );
    app.put(
      `/${kind}/:id.json`,
      {
        config: { auth: 'admin' },
        schema: {
          tags,
          summary: 'Change one attribute',
          params: IdParams,
          body: FreeFormBodySchema,
          response: { 200: json('The changed item', ReferenceItemResponseSchemas[kind]) },
        },
      },
      async (request) => {
        const key = REFERENCE_SINGULAR[kind];
        return keyed(key, await updateReference(db, kind, request.params.id, unwrap(request.body, key)));
      },
    );
  }
  app.get(
    '/articles.json',
    {
      schema: {
        tags,
        summary: 'All articles',
        response: { 200: json('Every article, by title', ArticleListSchema) },
      },
    },
    async () => listArticles(db),
  );
  app.post(
    '/articles.json',
    {
      config: { auth: 'admin' },
      schema: {
        tags,
        summary: 'Add an article',
        body: FreeFormBodySchema,
        response: { 201: json('The new article', ArticleResponseSchema) },
      },
    },
    async (request, reply) => {
      reply.status(201);
      return { article: await createArticle(db, unwrap(request.body, 'article')) };
    },
  );
  app.put(
    '/articles/:id.json',
    {
      config: { auth: 'admin' },
      schema: {
        tags,
        summary: 'Change one attribute',
        params: IdParams,
        body: FreeFormBodySchema,
        response: { 200: json('The changed article', ArticleResponseSchema) },
      },
    },
    async (request) => ({
      article: await updateArticle(db, request.params.id, unwrap(request.body, 'article')),
    }),
  );
};
