/**
 * A migration tried on the data before it: an embedded database migrated by hand up to (not including) the
 * migration whose file name ends with `suffix`, so a test can store rows as they were, then `applyTarget()`
 * and look at what the migration made of them.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { migrationsFolder, openPglite } from '../db/client';

export async function migratedUpTo(suffix: string) {
  const files = readdirSync(migrationsFolder)
    .filter((f) => f.endsWith('.sql'))
    .sort();
  const target = files.findIndex((f) => f.endsWith(suffix));
  if (target <= 0) throw new Error(`No migration ends with ${suffix}`);
  const pglite = await openPglite('memory://');
  const apply = async (file: string) => {
    for (const statement of readFileSync(path.join(migrationsFolder, file), 'utf8').split(
      '--> statement-breakpoint',
    ))
      if (statement.trim()) await pglite.exec(statement);
  };
  for (const file of files.slice(0, target)) await apply(file);
  return { pglite, applyTarget: () => apply(files[target]) };
}
