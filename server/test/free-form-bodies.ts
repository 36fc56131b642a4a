/**
 * The operations whose route takes a free-form JSON object and whose service parses it with its own
 * schemas. The text-limits test walks those schemas as it walks the OpenAPI description; the fuzz test
 * generates bodies from them.
 */
import type { z } from 'zod';
import { AddressInputSchema } from '../../domain/contract/order-item-actions';
import {
  CreateArticleSchema,
  CreateFaqCategorySchema,
  CreateFaqSchema,
  CreateReferenceItemSchema,
  REFERENCE_KINDS,
} from '../../domain/contract/reference';
import { StorefrontCartSchema } from '../../domain/contract/storefront';
import { EDITABLE } from '../services/order-items/edit-fields';

/** "METHOD /path" as the OpenAPI description names it → the schemas its service parses the body with. */
export const FREE_FORM_BODIES: Record<string, z.ZodType[]> = {
  'POST /api/v1/storefront/carts.json': [StorefrontCartSchema],
  'PUT /api/v1/order_items/{ref}.json': [
    AddressInputSchema,
    ...Object.values(EDITABLE).flatMap((record) =>
      Object.values(record).map(([, schema]) => schema as z.ZodType),
    ),
  ],
  'POST /api/v1/articles.json': [CreateArticleSchema],
  'PUT /api/v1/articles/{id}.json': [CreateArticleSchema],
  'POST /api/v1/faq_categories.json': [CreateFaqCategorySchema],
  'PUT /api/v1/faq_categories/{id}.json': [CreateFaqCategorySchema],
  'POST /api/v1/faq_categories/{id}/faqs.json': [CreateFaqSchema],
  'PUT /api/v1/faqs/{id}.json': [CreateFaqSchema],
  ...Object.fromEntries(
    REFERENCE_KINDS.flatMap((kind) => [
      [`POST /api/v1/${kind}.json`, [CreateReferenceItemSchema]],
      [`PUT /api/v1/${kind}/{id}.json`, [CreateReferenceItemSchema]],
    ]),
  ),
};
