/**
 * The article-categories migration turns the free-text categories already stored into rows of the managed
 * list and points each article at its row: one row per name ignoring case and spaces, blanks filed under
 * "Uncategorised". Applied by hand up to and including that migration, so the data before it can be set up.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { migrationsFolder, openPglite } from './client';

const files = readdirSync(migrationsFolder)
  .filter((f) => f.endsWith('.sql'))
  .sort();
const target = files.findIndex((f) => f.endsWith('_article_categories.sql'));

it('turns free-text article categories into rows and references them', async () => {
  expect(target).toBeGreaterThan(0);
  const pglite = await openPglite('memory://');
  const apply = async (file: string) => {
    for (const statement of readFileSync(path.join(migrationsFolder, file), 'utf8').split(
      '--> statement-breakpoint',
    ))
      if (statement.trim()) await pglite.exec(statement);
  };
  try {
    for (const file of files.slice(0, target)) await apply(file);
    await pglite.exec(`
      INSERT INTO articles (certificate_type, title, content, category, site) VALUES
        ('birth', 'A', '<p>a</p>', 'guides', 'ukds'),
        ('birth', 'B', '<p>b</p>', ' Guides ', 'ukds'),
        ('marriage', 'C', '<p>c</p>', 'apostille', 'ukds'),
        ('death', 'D', '<p>d</p>', '', 'ukds');
    `);
    await apply(files[target]);
    const categories = await pglite.query<{ name: string; position: number }>(
      'SELECT name, position FROM article_categories ORDER BY position',
    );
    expect(categories.rows).toEqual([
      { name: 'apostille', position: 1 },
      { name: 'Guides', position: 2 },
      { name: 'Uncategorised', position: 3 },
    ]);
    const filed = await pglite.query<{ title: string; name: string }>(
      'SELECT a.title, c.name FROM articles a JOIN article_categories c ON c.id = a.category_id ORDER BY a.title',
    );
    expect(filed.rows.map((r) => [r.title, r.name])).toEqual([
      ['A', 'Guides'],
      ['B', 'Guides'],
      ['C', 'apostille'],
      ['D', 'Uncategorised'],
    ]);
  } finally {
    await pglite.close();
  }
});
