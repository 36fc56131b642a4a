/**
 * Reference content: the five name/details lists (registries, embassies, councils, parishes, courts) and
 * articles. Reads for any member of staff, writes for admins (enforced by the routes' guard).
 */
import { asc, eq, getTableColumns } from 'drizzle-orm';
import sanitizeHtml from 'sanitize-html';
import type { z } from 'zod';
import {
  CreateArticleSchema,
  CreateReferenceItemSchema,
  type ReferenceKind,
} from '../../../domain/contract/reference';
import type { Db, Tx } from '../../db/client';
import {
  articleCategories,
  articles,
  councils,
  courts,
  embassies,
  parishes,
  registries,
} from '../../db/schema';
import { invalidInput, notFound } from '../../errors';
import { resolveArticleCategory } from './article-categories';

const TABLES = { registries, embassies, councils, parishes, courts } as const;
const SINGULAR: Record<ReferenceKind | 'articles', string> = {
  registries: 'Registry',
  embassies: 'Embassy',
  councils: 'Council',
  parishes: 'Parish',
  courts: 'Court',
  articles: 'Article',
};

/**
 * What the article editor (tiptap's StarterKit with Link, docs/decisions/articles-editor.md) produces, and
 * nothing more: paragraphs, headings, bold/italic/strike/underline/code, lists, blockquotes, code blocks,
 * rules, line breaks and links (http, https, mailto). Scripts, event handlers, styles, images and
 * javascript: links are removed before the HTML is stored.
 */
export function cleanArticleHtml(html: string): string {
  return sanitizeHtml(html, {
    allowedTags: [
      'p',
      'br',
      'h1',
      'h2',
      'h3',
      'h4',
      'strong',
      'b',
      'em',
      'i',
      's',
      'u',
      'code',
      'pre',
      'blockquote',
      'ul',
      'ol',
      'li',
      'hr',
      'a',
    ],
    allowedAttributes: { a: ['href', 'target', 'rel'], ol: ['start'] },
    allowedSchemes: ['http', 'https', 'mailto'],
    allowProtocolRelative: false,
    // A link that opens a new tab never hands the site's window to the page it opens.
    transformTags: {
      a: (tagName, attribs) => {
        const href = attribs.href ?? '';
        const kept: Record<string, string> =
          attribs.target === '_blank'
            ? { href, target: '_blank', rel: 'noopener noreferrer nofollow' }
            : { href };
        return { tagName, attribs: kept };
      },
    },
  });
}

function parse<T extends z.ZodType>(schema: T, input: unknown): z.output<T> {
  const result = schema.safeParse(input);
  if (!result.success) {
    throw invalidInput(
      'Check the highlighted fields.',
      result.error.issues.map((i) => ({ field: i.path.join('.') || 'body', message: i.message })),
    );
  }
  return result.data;
}

/** A PUT body: exactly one known attribute (the SPA saves one field at a time). */
function singleChange(body: Record<string, unknown>, allowed: readonly string[]): [string, unknown] {
  const keys = Object.keys(body);
  if (keys.length !== 1)
    throw invalidInput('Change one field at a time.', [
      { field: 'body', message: 'Send exactly one attribute.' },
    ]);
  if (!allowed.includes(keys[0])) {
    throw invalidInput(`${keys[0]} cannot be changed.`, [{ field: keys[0], message: 'Unknown attribute.' }]);
  }
  return [keys[0], body[keys[0]]];
}

const itemWire = (r: typeof registries.$inferSelect) => ({
  id: r.id,
  name: r.name,
  details: r.details,
  created_at: r.createdAt.toISOString(),
  updated_at: r.updatedAt.toISOString(),
});
type ArticleRow = typeof articles.$inferSelect & { category: string };
const articleWire = (a: ArticleRow) => ({
  id: a.id,
  certificate_type: a.certificateType,
  title: a.title,
  content: a.content,
  category_id: a.categoryId,
  category: a.category,
  site: a.site,
  created_at: a.createdAt.toISOString(),
  updated_at: a.updatedAt.toISOString(),
});

/** Articles with their category's name. */
const articleRows = (db: Db | Tx) =>
  db
    .select({ ...getTableColumns(articles), category: articleCategories.name })
    .from(articles)
    .innerJoin(articleCategories, eq(articleCategories.id, articles.categoryId));

async function showArticle(db: Db | Tx, id: number) {
  const [row] = await articleRows(db).where(eq(articles.id, id));
  return articleWire(row);
}

/** A category id must name a category that exists (422 at the field otherwise). */
async function checkCategory(db: Db | Tx, id: number) {
  const [row] = await db
    .select({ id: articleCategories.id })
    .from(articleCategories)
    .where(eq(articleCategories.id, id));
  if (!row) {
    throw invalidInput('Check the highlighted fields.', [
      { field: 'category_id', message: 'Choose a category from the list.' },
    ]);
  }
}

/** Every item of one list, by name. */
export async function listReference(db: Db | Tx, kind: ReferenceKind) {
  const table = TABLES[kind];
  const rows = await db.select().from(table).orderBy(asc(table.name), asc(table.id)).limit(5000);
  return rows.map(itemWire);
}

/** Adds an item to a list. */
export async function createReference(db: Db | Tx, kind: ReferenceKind, body: unknown) {
  const data = parse(CreateReferenceItemSchema, body);
  const [row] = await db
    .insert(TABLES[kind])
    .values({ name: data.name.trim(), details: data.details })
    .returning();
  return itemWire(row);
}

/** Changes one attribute of a list item. */
export async function updateReference(
  db: Db | Tx,
  kind: ReferenceKind,
  id: number,
  body: Record<string, unknown>,
) {
  const [field, value] = singleChange(body, ['name', 'details']);
  const data = parse(CreateReferenceItemSchema.pick({ [field]: true } as { name: true }), { [field]: value });
  const table = TABLES[kind];
  const [row] = await db
    .update(table)
    .set({ ...data, updatedAt: new Date() })
    .where(eq(table.id, id))
    .returning();
  if (!row) throw notFound(SINGULAR[kind]);
  return itemWire(row);
}

/** Every article, by title. */
export async function listArticles(db: Db | Tx) {
  const rows = await articleRows(db).orderBy(asc(articles.title), asc(articles.id)).limit(5000);
  return { articles: rows.map(articleWire) };
}

/** Adds an article (its HTML sanitised) under an existing category. */
export async function createArticle(db: Db | Tx, body: Record<string, unknown>) {
  const data = parse(CreateArticleSchema, await resolveArticleCategory(db, body));
  await checkCategory(db, data.category_id);
  const [row] = await db
    .insert(articles)
    .values({
      certificateType: data.certificate_type,
      title: data.title,
      content: cleanArticleHtml(data.content),
      categoryId: data.category_id,
      site: data.site,
    })
    .returning({ id: articles.id });
  return showArticle(db, row.id);
}

const ARTICLE_COLUMNS = {
  certificate_type: 'certificateType',
  title: 'title',
  content: 'content',
  category_id: 'categoryId',
  site: 'site',
} as const;
type ArticleField = keyof typeof ARTICLE_COLUMNS;

/** Changes one attribute of an article (the category by id, or by name as the older API sent it). */
export async function updateArticle(db: Db | Tx, id: number, body: Record<string, unknown>) {
  const [field, value] = singleChange(await resolveArticleCategory(db, body), Object.keys(ARTICLE_COLUMNS));
  const data = parse(CreateArticleSchema.pick({ [field]: true } as Record<ArticleField, true>), {
    [field]: value,
  }) as Record<ArticleField, string | number>;
  const next = data[field as ArticleField];
  if (field === 'category_id') await checkCategory(db, next as number);
  const stored = field === 'content' ? cleanArticleHtml(next as string) : next;
  const [row] = await db
    .update(articles)
    .set({ [ARTICLE_COLUMNS[field as ArticleField]]: stored, updatedAt: new Date() })
    .where(eq(articles.id, id))
    .returning({ id: articles.id });
  if (!row) throw notFound('Article');
  return showArticle(db, row.id);
}
