/**
 * Migration 0029 (the first surnames and first names written, for advanced search) fills its word tables
 * from the orderables already stored, and its triggers keep them as orderables are inserted and corrected:
 * once per word, in lower case, blanks left out. Applied by hand up to that migration, so the rows before it
 * can be set up.
 */
import { expect, it } from 'vitest';
import { migratedUpTo } from '../test/migrations';

it('fills the words from the orderables stored, then keeps them as orderables are written', async () => {
  const { pglite, applyTarget } = await migratedUpTo('_name_a_words.sql');
  const words = async () => ({
    surnames: (
      await pglite.query<{ word: string }>('SELECT word FROM name_a_surnames ORDER BY word')
    ).rows.map((r) => r.word),
    firstnames: (
      await pglite.query<{ word: string }>('SELECT word FROM name_a_firstnames ORDER BY word')
    ).rows.map((r) => r.word),
  });
  try {
    await pglite.exec(`
      INSERT INTO orderables (type, firstname_a, surname_a) VALUES
        ('birth', 'Oliver', 'Smith'), ('birth', 'OLIVER', 'smith'), ('birth', '', NULL), ('birth', NULL, 'Ng');
    `);
    await applyTarget();
    expect(await words()).toEqual({ surnames: ['ng', 'smith'], firstnames: ['oliver'] });

    // One statement of several orderables, with words already known and new ones.
    await pglite.exec(`
      INSERT INTO orderables (type, firstname_a, surname_a) VALUES
        ('birth', 'Zara', 'Smith'), ('birth', 'zara', 'Okafor-Smith'), ('death', 'Ada', 'NG');
    `);
    expect(await words()).toEqual({
      surnames: ['ng', 'okafor-smith', 'smith'],
      firstnames: ['ada', 'oliver', 'zara'],
    });
    // A corrected name adds its new spelling; the old one stays (it matches nothing more than before).
    await pglite.exec(`UPDATE orderables SET surname_a = 'Smyth' WHERE firstname_a = 'Oliver'`);
    await pglite.exec(`UPDATE orderables SET copies = 2`);
    expect((await words()).surnames).toEqual(['ng', 'okafor-smith', 'smith', 'smyth']);
  } finally {
    await pglite.close();
  }
  // Applying ~30 migrations by hand to a fresh embedded database takes seconds, and far longer on a loaded
  // machine: this test has more than the default 30 s.
}, 120_000);
