/** Reference content administered on /admin: registries, embassies, councils, parishes, courts, articles, FAQs. */
import { z } from 'zod';
import { ARTICLE_CERTIFICATE_TYPES, ARTICLE_SITES } from '../options';
import { enumOf, IdSchema, MAX_ID, requiredText, TEXT_LIMITS, TimestampSchema } from './common';

/** The five reference lists that share one shape (name, details). */
export const REFERENCE_KINDS = ['registries', 'embassies', 'councils', 'parishes', 'courts'] as const;
export type ReferenceKind = (typeof REFERENCE_KINDS)[number];

export const ReferenceItemSchema = z.object({
  id: IdSchema,
  name: z.string(),
  details: z.string(),
  created_at: TimestampSchema.optional(),
  updated_at: TimestampSchema.optional(),
});
export type ReferenceItem = z.infer<typeof ReferenceItemSchema>;

export const CreateReferenceItemSchema = z.object({
  name: requiredText('Enter a name.', 300),
  details: z.string().max(20_000).default(''),
});
export type CreateReferenceItem = z.infer<typeof CreateReferenceItemSchema>;

/** PUT {id}: a single changed attribute as key/value. */
export const UpdateReferenceItemSchema = CreateReferenceItemSchema.partial().refine(
  (b) => Object.keys(b).length === 1,
  'Change one field at a time.',
);
export type UpdateReferenceItem = z.infer<typeof UpdateReferenceItemSchema>;

export const ArticleSchema = z.object({
  id: IdSchema,
  certificate_type: z.string(),
  title: z.string(),
  content: z.string(),
  /** The managed category (article_categories); `category` is its name, as the sites have always read it. */
  category_id: IdSchema,
  category: z.string(),
  site: z.string(),
  created_at: TimestampSchema.optional(),
  updated_at: TimestampSchema.optional(),
});
export type Article = z.infer<typeof ArticleSchema>;

/** A new article; its certificate type and site are values of their lists (domain/options.ts). */
export const CreateArticleSchema = z.object({
  certificate_type: enumOf(ARTICLE_CERTIFICATE_TYPES, 'Choose a certificate type.'),
  title: requiredText('Enter a title.', 300),
  content: requiredText('Enter the content.', TEXT_LIMITS.article),
  category_id: z.number({ error: 'Choose a category.' }).int().positive('Choose a category.').max(MAX_ID),
  site: enumOf(ARTICLE_SITES, 'Choose a site.'),
});
export type CreateArticle = z.infer<typeof CreateArticleSchema>;

/** An article category: the managed list the article form picks from, in the sites' order. */
export const ArticleCategorySchema = z.object({
  id: IdSchema,
  name: z.string(),
  position: z.number().int(),
  /** How many articles are filed under it (a category in use cannot be deleted). */
  article_count: z.number().int(),
});
export type ArticleCategory = z.infer<typeof ArticleCategorySchema>;

export const CreateArticleCategorySchema = z.object({ name: requiredText('Enter a name.', 100) });
export type CreateArticleCategory = z.infer<typeof CreateArticleCategorySchema>;

export const ArticleCategoryResponseSchema = z.object({ article_category: ArticleCategorySchema });
export const ArticleCategoryListSchema = z.object({ article_categories: z.array(ArticleCategorySchema) });
export type ArticleCategoryList = z.infer<typeof ArticleCategoryListSchema>;

/**
 * A reorder: every id of the list, once, in the new order. A list that is not exactly the current set
 * (something was added or deleted since it was read) is refused and changes nothing.
 */
export const ReorderSchema = z.object({
  ids: z
    .array(IdSchema)
    .min(1, 'Send every id of the list.')
    .max(1000)
    .refine((ids) => new Set(ids).size === ids.length, 'Each id may appear only once.'),
});
export type Reorder = z.infer<typeof ReorderSchema>;

export const FaqSchema = z.object({
  id: IdSchema,
  question: z.string(),
  answer: z.string(),
  position: z.number().int(),
});
export type Faq = z.infer<typeof FaqSchema>;

export const FaqCategorySchema = z.object({
  id: IdSchema,
  site: z.string(),
  title: z.string(),
  position: z.number().int(),
  faqs: z.array(FaqSchema),
});
export type FaqCategory = z.infer<typeof FaqCategorySchema>;

export const CreateFaqCategorySchema = z.object({
  site: requiredText('Enter the site.', 100),
  title: requiredText('Enter a title.', 300),
});
export type CreateFaqCategory = z.infer<typeof CreateFaqCategorySchema>;

export const UpdateFaqCategorySchema = CreateFaqCategorySchema.partial().refine(
  (b) => Object.keys(b).length === 1,
  'Change one field at a time.',
);
export type UpdateFaqCategory = z.infer<typeof UpdateFaqCategorySchema>;

export const CreateFaqSchema = z.object({
  question: requiredText('Enter the question.', 1000),
  answer: requiredText('Enter the answer.'),
});
export type CreateFaq = z.infer<typeof CreateFaqSchema>;

export const UpdateFaqSchema = CreateFaqSchema.partial().refine(
  (b) => Object.keys(b).length === 1,
  'Change one field at a time.',
);
export type UpdateFaq = z.infer<typeof UpdateFaqSchema>;

/**
 * A write body of the reference content as the API takes it: the fields, or the fields wrapped in the record's
 * singular name (`{"registry": {"name": …}}`, as the old admin sent them). The service parses the fields with
 * the schema given here (its field errors name the field), so this is the body's description, not a second check.
 */
export const wrappedBody = <K extends string, S extends z.ZodType>(key: K, fields: S) =>
  z.union([fields, z.object({ [key]: fields } as Record<K, S>)]);

/** A new article names its category by id, or by name (`category`, as the sites have always sent it). */
export const ArticleWriteSchema = z.union([
  CreateArticleSchema,
  CreateArticleSchema.omit({ category_id: true }).extend({
    category: requiredText('Choose a category.', 100),
  }),
]);

/** One changed attribute of an article (its category by id or by name). */
export const UpdateArticleSchema = CreateArticleSchema.extend({
  category: requiredText('Choose a category.', 100),
})
  .partial()
  .refine((b) => Object.keys(b).length === 1, 'Change one field at a time.');

/** The four moves of an FAQ or FAQ category. */
export const MOVES = ['move_to_top', 'move_up', 'move_down', 'move_to_bottom'] as const;
export type Move = (typeof MOVES)[number];

/**
 * One reference list's answer for a kind known only at run time (the SPA's shared tab): `{"<kind>": [...]}`.
 * A record keyed by the enum of all five kinds would want every kind, so it is keyed by the one asked for.
 */
export const referenceListSchema = <K extends ReferenceKind>(kind: K) =>
  z.looseRecord(z.literal(kind), z.array(ReferenceItemSchema));

/** One reference item's answer under its singular key (`{"registry": {...}}`), for a kind known at run time. */
export const referenceItemResponseSchema = <K extends string>(singular: K) =>
  z.looseRecord(z.literal(singular), ReferenceItemSchema);
export const ArticleListSchema = z.object({ articles: z.array(ArticleSchema) });
export type ArticleList = z.infer<typeof ArticleListSchema>;

/** What adding or editing an article answers. */
export const ArticleResponseSchema = z.object({ article: ArticleSchema });
export type ArticleResponse = z.infer<typeof ArticleResponseSchema>;

/** The key one record of each reference list travels under: `{"registry": {...}}` and so on. */
export const REFERENCE_SINGULAR = {
  registries: 'registry',
  embassies: 'embassy',
  councils: 'council',
  parishes: 'parish',
  courts: 'court',
} as const satisfies Record<ReferenceKind, string>;

/** What each list answers: `{"registries": [...]}` and so on. */
export const ReferenceListSchemas = {
  registries: z.object({ registries: z.array(ReferenceItemSchema) }),
  embassies: z.object({ embassies: z.array(ReferenceItemSchema) }),
  councils: z.object({ councils: z.array(ReferenceItemSchema) }),
  parishes: z.object({ parishes: z.array(ReferenceItemSchema) }),
  courts: z.object({ courts: z.array(ReferenceItemSchema) }),
} as const satisfies Record<ReferenceKind, z.ZodType>;

/** What adding or editing one item of each list answers: `{"registry": {...}}` and so on. */
export const ReferenceItemResponseSchemas = {
  registries: z.object({ registry: ReferenceItemSchema }),
  embassies: z.object({ embassy: ReferenceItemSchema }),
  councils: z.object({ council: ReferenceItemSchema }),
  parishes: z.object({ parish: ReferenceItemSchema }),
  courts: z.object({ court: ReferenceItemSchema }),
} as const satisfies Record<ReferenceKind, z.ZodType>;

/** What adding or editing an FAQ category answers: the category with its FAQs. */
export const FaqCategoryResponseSchema = z.object({ faq_category: FaqCategorySchema });
export type FaqCategoryResponse = z.infer<typeof FaqCategoryResponseSchema>;

/** What adding or editing an FAQ answers. */
export const FaqResponseSchema = z.object({ faq: FaqSchema });
export type FaqResponse = z.infer<typeof FaqResponseSchema>;

export const FaqCategoryListSchema = z.object({ faq_categories: z.array(FaqCategorySchema) });
export type FaqCategoryList = z.infer<typeof FaqCategoryListSchema>;
