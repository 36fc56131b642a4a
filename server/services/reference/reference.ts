/**
 * Reference content: the five name/details lists (registries, embassies, councils, parishes, courts) and
 * articles. Reads for any member of staff, writes for admins (enforced by the routes' guard).
 */
import { asc, eq } from 'drizzle-orm';
import sanitizeHtml from 'sanitize-html';
import type { z } from 'zod';
import {
  CreateArticleSchema,
  CreateReferenceItemSchema,
  type ReferenceKind,
} from '../../../domain/contract/reference';
import type { Db } from '../../db/client';
import { articles, councils, courts, embassies, parishes, registries } from '../../db/schema';
import { invalidInput, notFound } from '../../errors';

const TABLES = { registries, embassies, councils, parishes, courts } as const;
const SINGULAR: Record<ReferenceKind | 'articles', string> = {
  registries: 'Registry',
  embassies: 'Embassy',
  councils: 'Council',
  parishes: 'Parish',
  courts: 'Court',
  articles: 'Article',
};

/** Article HTML keeps formatting, links and lists; scripts, handlers and styles are removed. */
export function cleanArticleHtml(html: string): string {
  return sanitizeHtml(html, {
    allowedTags: [...sanitizeHtml.defaults.allowedTags, 'h1', 'h2', 'img'],
    allowedAttributes: { a: ['href', 'title'], img: ['src', 'alt'] },
    allowedSchemes: ['http', 'https', 'mailto'],
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
const articleWire = (a: typeof articles.$inferSelect) => ({
  id: a.id,
  certificate_type: a.certificateType,
  title: a.title,
  content: a.content,
  category: a.category,
  site: a.site,
  created_at: a.createdAt.toISOString(),
  updated_at: a.updatedAt.toISOString(),
});

/** Every item of one list, by name. */
export async function listReference(db: Db, kind: ReferenceKind) {
  const table = TABLES[kind];
  const rows = await db.select().from(table).orderBy(asc(table.name), asc(table.id)).limit(5000);
  return rows.map(itemWire);
}

/** Adds an item to a list. */
export async function createReference(db: Db, kind: ReferenceKind, body: unknown) {
  const data = parse(CreateReferenceItemSchema, body);
  const [row] = await db
    .insert(TABLES[kind])
    .values({ name: data.name.trim(), details: data.details })
    .returning();
  return itemWire(row);
}

/** Changes one attribute of a list item. */
export async function updateReference(
  db: Db,
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
export async function listArticles(db: Db) {
  const rows = await db.select().from(articles).orderBy(asc(articles.title), asc(articles.id)).limit(5000);
  return { articles: rows.map(articleWire) };
}

/** Adds an article (its HTML sanitised). */
export async function createArticle(db: Db, body: unknown) {
  const data = parse(CreateArticleSchema, body);
  const [row] = await db
    .insert(articles)
    .values({
      certificateType: data.certificate_type,
      title: data.title,
      content: cleanArticleHtml(data.content),
      category: data.category,
      site: data.site,
    })
    .returning();
  return articleWire(row);
}

const ARTICLE_COLUMNS = {
  certificate_type: 'certificateType',
  title: 'title',
  content: 'content',
  category: 'category',
  site: 'site',
} as const;

/** Changes one attribute of an article. */
export async function updateArticle(db: Db, id: number, body: Record<string, unknown>) {
  const [field, value] = singleChange(body, Object.keys(ARTICLE_COLUMNS));
  const data = parse(CreateArticleSchema.pick({ [field]: true } as { title: true }), {
    [field]: value,
  }) as Record<string, string>;
  const text = field === 'content' ? cleanArticleHtml(data[field]) : data[field];
  const [row] = await db
    .update(articles)
    .set({ [ARTICLE_COLUMNS[field as keyof typeof ARTICLE_COLUMNS]]: text, updatedAt: new Date() })
    .where(eq(articles.id, id))
    .returning();
  if (!row) throw notFound('Article');
  return articleWire(row);
}
