/**
 * The article-categories migration turns the free-text categories already stored into rows of the managed
 * list and points each article at its row: one row per name ignoring case and spaces, blanks filed under
 * "Uncategorised". Applied by hand up to and including that migration, so the data before it can be set up.
 */
import { expect, it } from 'vitest';
import { migratedUpTo } from '../test/migrations';

it('turns free-text article categories into rows and references them', async () => {
  const { pglite, applyTarget } = await migratedUpTo('_article_categories.sql');
  try {
    await pglite.exec(`
      INSERT INTO articles (certificate_type, title, content, category, site) VALUES
        ('birth', 'A', '<p>a</p>', 'guides', 'ukds'),
        ('birth', 'B', '<p>b</p>', ' Guides ', 'ukds'),
        ('marriage', 'C', '<p>c</p>', 'apostille', 'ukds'),
        ('death', 'D', '<p>d</p>', '', 'ukds');
    `);
    await applyTarget();
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
  // Applying ~30 migrations by hand to a fresh embedded database takes seconds, and far longer on a loaded
  // machine: this test has more than the default 30 s.
}, 120_000);
