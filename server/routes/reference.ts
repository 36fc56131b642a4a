/** Reference lists and articles (SPEC.md section 7): reads for staff, writes for admins. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { FreeFormBodySchema } from '../../domain/contract/common';
import {
  ArticleCategoryListSchema,
  ArticleCategoryResponseSchema,
  ArticleListSchema,
  ArticleResponseSchema,
  ArticleWriteSchema,
  CreateArticleCategorySchema,
  CreateReferenceItemSchema,
  REFERENCE_KINDS,
  REFERENCE_SINGULAR,
  ReferenceItemResponseSchemas,
  ReferenceListSchemas,
  ReorderSchema,
  UpdateArticleSchema,
  UpdateReferenceItemSchema,
  wrappedBody,
} from '../../domain/contract/reference';
import { auditedWrites } from '../services/audit/record';
import {
  createArticleCategory,
  deleteArticleCategory,
  listArticleCategories,
  renameArticleCategory,
  reorderArticleCategories,
} from '../services/reference/article-categories';
import {
  createArticle,
  createReference,
  listArticles,
  listReference,
  updateArticle,
  updateReference,
} from '../services/reference/reference';
import { json, refusals } from './answers';
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
  const audited = auditedWrites(db);
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
        config: {
          auth: 'admin',
          documentedBody: wrappedBody(REFERENCE_SINGULAR[kind], CreateReferenceItemSchema),
        },
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
        return keyed(
          key,
          await audited(request, (tx) => createReference(tx, kind, unwrap(request.body, key))),
        );
      },
    );
    app.put(
      `/${kind}/:id.json`,
      {
        config: {
          auth: 'admin',
          documentedBody: wrappedBody(REFERENCE_SINGULAR[kind], UpdateReferenceItemSchema),
        },
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
        return keyed(
          key,
          await audited(request, (tx) =>
            updateReference(tx, kind, request.params.id, unwrap(request.body, key)),
          ),
        );
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
      config: { auth: 'admin', documentedBody: wrappedBody('article', ArticleWriteSchema) },
      schema: {
        tags,
        summary: 'Add an article',
        body: FreeFormBodySchema,
        response: { 201: json('The new article', ArticleResponseSchema) },
      },
    },
    async (request, reply) => {
      reply.status(201);
      return { article: await audited(request, (tx) => createArticle(tx, unwrap(request.body, 'article'))) };
    },
  );
  app.put(
    '/articles/:id.json',
    {
      config: { auth: 'admin', documentedBody: wrappedBody('article', UpdateArticleSchema) },
      schema: {
        tags,
        summary: 'Change one attribute',
        params: IdParams,
        body: FreeFormBodySchema,
        response: { 200: json('The changed article', ArticleResponseSchema) },
      },
    },
    async (request) => ({
      article: await audited(request, (tx) =>
        updateArticle(tx, request.params.id, unwrap(request.body, 'article')),
      ),
    }),
  );
  articleCategoryRoutes(app, db);
};

/** The managed list of article categories: read by staff, kept by admins, reordered as a whole list. */
function articleCategoryRoutes(
  app: Parameters<FastifyPluginAsyncZod<RouteDeps>>[0],
  db: RouteDeps['database']['db'],
) {
  const tags = ['reference content'];
  const audited = auditedWrites(db);
  const admin = { auth: 'admin' as const };
  const list = (description: string) => json(description, ArticleCategoryListSchema);
  app.get(
    '/article_categories.json',
    {
      schema: {
        tags,
        summary: 'Article categories in order, with how many articles each has',
        response: { 200: list('Every article category in order') },
      },
    },
    async () => listArticleCategories(db),
  );
  app.post(
    '/article_categories.json',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Add an article category at the bottom',
        body: CreateArticleCategorySchema,
        response: {
          201: json('The new category', ArticleCategoryResponseSchema),
          ...refusals(409),
        },
      },
    },
    async (request, reply) => {
      reply.status(201);
      return audited(request, (tx) => createArticleCategory(tx, request.body.name));
    },
  );
  // Registered before the `:id` route it would otherwise look like.
  app.put(
    '/article_categories/order.json',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Reorder the article categories (every id, once, in the new order)',
        body: ReorderSchema,
        response: { 200: list('Every article category in its new order'), ...refusals(409) },
      },
    },
    async (request) => audited(request, (tx) => reorderArticleCategories(tx, request.body.ids)),
  );
  app.put(
    '/article_categories/:id.json',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Rename an article category',
        params: IdParams,
        body: CreateArticleCategorySchema,
        response: { 200: json('The renamed category', ArticleCategoryResponseSchema), ...refusals(409) },
      },
    },
    async (request) =>
      audited(request, (tx) => renameArticleCategory(tx, request.params.id, request.body.name)),
  );
  app.delete(
    '/article_categories/:id.json',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Delete an article category no article uses',
        params: IdParams,
        response: { 200: list('The remaining categories'), ...refusals(409) },
      },
    },
    async (request) => audited(request, (tx) => deleteArticleCategory(tx, request.params.id)),
  );
}
