/**
 * The reference-content API as the /admin tabs use it: list queries, the article form's schema, and the
 * one-attribute-per-PUT save the server expects with its failure at the field that failed.
 */
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import {
  ArticleCategoryListSchema,
  ArticleListSchema,
  CreateArticleSchema,
  FaqCategoryListSchema,
  type ReferenceKind,
  referenceListSchema,
} from '../../../domain/contract/reference';
import { api } from '../../api/client';
import { queryKeys } from '../../api/query-keys';
import { type Messages, serverMessages } from '../../components/form';

/**
 * Keys under `queryKeys.reference` and `queryKeys.faq`: the live-update hook leaves these alone (reference
 * content does not follow order-item changes), and the tabs refresh them after their own writes.
 */
export const referenceQuery = (kind: ReferenceKind) =>
  queryOptions({
    queryKey: queryKeys.reference.list(kind),
    queryFn: async ({ signal }) => (await api.get(kind, referenceListSchema(kind), { signal }))[kind],
  });

export const articlesQuery = queryOptions({
  queryKey: queryKeys.reference.articles,
  queryFn: async ({ signal }) => (await api.get('articles', ArticleListSchema, { signal })).articles,
});

export const articleCategoriesQuery = queryOptions({
  queryKey: queryKeys.reference.articleCategories,
  queryFn: async ({ signal }) =>
    (await api.get('article_categories', ArticleCategoryListSchema, { signal })).article_categories,
});

export const faqCategoriesQuery = queryOptions({
  queryKey: queryKeys.faq.categories,
  queryFn: async ({ signal }) =>
    (await api.get('faq_categories', FaqCategoryListSchema, { signal })).faq_categories,
});

/** The article fields in the order an edit saves them. */
export const ARTICLE_FIELDS = ['title', 'certificate_type', 'category_id', 'site', 'content'] as const;
/** The form's values: all text, the category as its id in a picker's string form ('' when none is picked). */
export type ArticleDraft = Record<(typeof ARTICLE_FIELDS)[number], string>;

/** The article form's check: the shared schema, with the picker's string id read as a number. */
export const ArticleFormSchema = CreateArticleSchema.extend({
  category_id: z.coerce.number<string>().int().positive('Choose a category.'),
});

/** One field of the form as the API takes it (the category id as a number). */
export const articleValue = (field: keyof ArticleDraft, value: string): string | number =>
  field === 'category_id' ? Number(value) : value;

/**
 * The field errors of a failed save, by the field's last name (the form kit's `serverMessages`). An error
 * that names no known field is put on `fallbackField` when one is given, so the message still shows where
 * the user was typing.
 */
export function fieldErrorsOf(error: unknown, fields: readonly string[], fallbackField?: string): Messages {
  const out = serverMessages(error, fields);
  if (Object.keys(out).length === 0 && fallbackField) {
    out[fallbackField] = error instanceof Error ? error.message : 'Could not save this field.';
  }
  return out;
}

/** A save that stopped at one field: the message for that field and what was saved before it. */
export class FieldSaveError extends Error {
  constructor(
    readonly errors: Messages,
    failure: unknown,
  ) {
    super(failure instanceof Error ? failure.message : 'Could not save.', { cause: failure });
    this.name = 'FieldSaveError';
  }
}

/**
 * Saves the changed fields of a draft one PUT at a time (the server takes a single attribute per call),
 * in the order given. Stops at the first failure with its errors mapped to the field; the caller keeps
 * the draft, so nothing typed is lost. Answers the last response, or null when nothing changed.
 */
export async function saveChangedFields<T, V extends Record<string, unknown>>(
  original: V,
  draft: V,
  fields: readonly (keyof V & string)[],
  put: (field: keyof V & string, value: V[keyof V]) => Promise<T>,
  onSaved?: (response: T) => void,
): Promise<T | null> {
  let last: T | null = null;
  for (const field of fields) {
    if (draft[field] === original[field]) continue;
    try {
      last = await put(field, draft[field]);
      onSaved?.(last);
    } catch (error) {
      throw new FieldSaveError(fieldErrorsOf(error, fields, field), error);
    }
  }
  return last;
}
