/** FAQ categories and FAQs with their ordering moves (SPEC.md section 7). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { FreeFormBodySchema } from '../../domain/contract/common';
import {
  CreateFaqCategorySchema,
  CreateFaqSchema,
  FaqCategoryListSchema,
  FaqCategoryResponseSchema,
  FaqResponseSchema,
  MOVES,
  ReorderSchema,
  UpdateFaqCategorySchema,
  UpdateFaqSchema,
  wrappedBody,
} from '../../domain/contract/reference';
import { auditedWrites } from '../services/audit/record';
import {
  createFaq,
  createFaqCategory,
  deleteFaq,
  deleteFaqCategory,
  listFaqCategories,
  moveFaq,
  moveFaqCategory,
  reorderFaqCategories,
  reorderFaqs,
  updateFaq,
  updateFaqCategory,
} from '../services/faq/faq';
import { json, refusals } from './answers';
import type { RouteDeps } from './route-deps';

const IdParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
const unwrap = (body: Record<string, unknown>, key: string) =>
  Object.keys(body).length === 1 && typeof body[key] === 'object' && body[key] !== null
    ? (body[key] as Record<string, unknown>)
    : body;

export const faqRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { database }) => {
  const { db } = database;
  const tags = ['faq'];
  const audited = auditedWrites(db);
  const admin = { auth: 'admin' as const };
  // Deleting and moving answer every category, as their order may change.
  const categories = (description: string) => ({ 200: json(description, FaqCategoryListSchema) });
  app.get(
    '/faq_categories.json',
    {
      schema: {
        tags,
        summary: 'Categories in order with their FAQs',
        response: categories('Every category in order, each with its FAQs in order'),
      },
    },
    async () => listFaqCategories(db),
  );
  app.post(
    '/faq_categories.json',
    {
      config: { ...admin, documentedBody: wrappedBody('faq_category', CreateFaqCategorySchema) },
      schema: {
        tags,
        summary: 'Add a category (site, title) at the bottom',
        body: FreeFormBodySchema,
        response: { 201: json('The new category', FaqCategoryResponseSchema) },
      },
    },
    async (request, reply) => {
      reply.status(201);
      return audited(request, (tx) => createFaqCategory(tx, unwrap(request.body, 'faq_category')));
    },
  );
  app.post(
    '/faq_categories/:id/faqs.json',
    {
      config: { ...admin, documentedBody: wrappedBody('faq', CreateFaqSchema) },
      schema: {
        tags,
        summary: 'Add an FAQ (question, answer) at the bottom of a category',
        params: IdParams,
        body: FreeFormBodySchema,
        response: { 201: json('The new FAQ', FaqResponseSchema) },
      },
    },
    async (request, reply) => {
      reply.status(201);
      return audited(request, (tx) => createFaq(tx, request.params.id, unwrap(request.body, 'faq')));
    },
  );
  // Registered before the `:id` route it would otherwise look like.
  app.put(
    '/faq_categories/order.json',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Reorder the categories (every id, once, in the new order)',
        body: ReorderSchema,
        response: { ...categories('Every category in its new order'), ...refusals(409) },
      },
    },
    async (request) => audited(request, (tx) => reorderFaqCategories(tx, request.body.ids)),
  );
  app.put(
    '/faq_categories/:id/faqs/order.json',
    {
      config: admin,
      schema: {
        tags,
        summary: "Reorder a category's FAQs (every id, once, in the new order)",
        params: IdParams,
        body: ReorderSchema,
        response: { ...categories('Every category, the FAQs in their new order'), ...refusals(409) },
      },
    },
    async (request) => audited(request, (tx) => reorderFaqs(tx, request.params.id, request.body.ids)),
  );
  app.put(
    '/faq_categories/:id.json',
    {
      config: { ...admin, documentedBody: wrappedBody('faq_category', UpdateFaqCategorySchema) },
      schema: {
        tags,
        summary: 'Change one attribute of a category',
        params: IdParams,
        body: FreeFormBodySchema,
        response: { 200: json('The category with its FAQs', FaqCategoryResponseSchema) },
      },
    },
    async (request) =>
      audited(request, (tx) =>
        updateFaqCategory(tx, request.params.id, unwrap(request.body, 'faq_category')),
      ),
  );
  app.put(
    '/faqs/:id.json',
    {
      config: { ...admin, documentedBody: wrappedBody('faq', UpdateFaqSchema) },
      schema: {
        tags,
        summary: 'Change one attribute of an FAQ',
        params: IdParams,
        body: FreeFormBodySchema,
        response: { 200: json('The FAQ', FaqResponseSchema) },
      },
    },
    async (request) =>
      audited(request, (tx) => updateFaq(tx, request.params.id, unwrap(request.body, 'faq'))),
  );
  app.delete(
    '/faq_categories/:id.json',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Delete a category and its FAQs',
        params: IdParams,
        response: categories('The remaining categories'),
      },
    },
    async (request) => audited(request, (tx) => deleteFaqCategory(tx, request.params.id)),
  );
  app.delete(
    '/faqs/:id.json',
    {
      config: admin,
      schema: { tags, summary: 'Delete an FAQ', params: IdParams, response: categories('Every category') },
    },
    async (request) => audited(request, (tx) => deleteFaq(tx, request.params.id)),
  );
  for (const move of MOVES) {
    app.post(
      `/faq_categories/:id/${move}.json`,
      {
        config: admin,
        schema: {
          tags,
          summary: `Category: ${move.replaceAll('_', ' ')}`,
          params: IdParams,
          response: categories('Every category in its new order'),
        },
      },
      async (request) => audited(request, (tx) => moveFaqCategory(tx, request.params.id, move)),
    );
    app.post(
      `/faqs/:id/${move}.json`,
      {
        config: admin,
        schema: {
          tags,
          summary: `FAQ: ${move.replaceAll('_', ' ')}`,
          params: IdParams,
          response: categories('Every category, the FAQs in their new order'),
        },
      },
      async (request) => audited(request, (tx) => moveFaq(tx, request.params.id, move)),
    );
  }
};
