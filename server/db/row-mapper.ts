/**
 * A row mapper made once for one select shape, for the reads that bring back many columns of several joined
 * tables (the order item: ~100 columns). Drizzle maps every value of every row through a generic walk (an
 * `is()` check per field, a path walk, a null map per table): for search's 50 items, in a profile, more of the
 * app's CPU per call than the statements. This one knows the shape beforehand, so a row is one loop over
 * plain arrays, each value decoded by its own column (`mapFromDriverValue`, as Drizzle does). The answer is the
 * same as Drizzle's, which `row-mapper.test.ts` checks on real rows. `preparedMapped` (prepared.ts) runs a
 * query through it.
 *
 * The shape is what `db.select(shape)` takes, restricted to tables, objects of columns and single SQL values;
 * its select list is in the shape's key order and each table's column order, as Drizzle writes it.
 */
import { type Column, getTableColumns, is, SQL, Table } from 'drizzle-orm';

/**
 * One table, an object of columns (a few columns of a joined table), or one SQL value without `mapWith` (a JSON
 * text PostgreSQL built), kept as the driver reads it, as Drizzle keeps it.
 */
type Group = Table | Record<string, Column> | SQL;

interface CompiledGroup {
  name: string;
  keys: string[];
  columns: Column[];
  /** A left-joined group is null when every one of its columns is (no row joined), as Drizzle answers it. */
  nullable: boolean;
  /** Where its first column is in the select list. */
  start: number;
}

/**
 * Makes the mapper of `shape`: array rows (the select list in order) to objects keyed as the shape is.
 * `leftJoined` names the groups that may be missing.
 */
export function compileRowMapper<T>(
  shape: Record<string, Group>,
  leftJoined: readonly string[],
): (rows: unknown[][]) => T[] {
  const values: { name: string; index: number }[] = [];
  let index = 0;
  const groups: CompiledGroup[] = [];
  for (const [name, group] of Object.entries(shape)) {
    if (is(group, SQL)) {
      values.push({ name, index: index++ });
      continue;
    }
    const columns = is(group, Table) ? getTableColumns(group) : group;
    const keys = Object.keys(columns);
    groups.push({
      name,
      keys,
      columns: Object.values(columns),
      nullable: leftJoined.includes(name),
      start: index,
    });
    index += keys.length;
  }
  const unknownGroup = leftJoined.find((name) => !(name in shape));
  if (unknownGroup) throw new Error(`compileRowMapper: no group ${unknownGroup} in the shape`);
  return (rows) =>
    rows.map((row) => {
      const mapped: Record<string, unknown> = {};
      for (const group of groups) {
        const fields: Record<string, unknown> = {};
        let joined = false;
        for (let c = 0, i = group.start; c < group.keys.length; c++, i++) {
          const raw = row[i];
          if (raw === null || raw === undefined) {
            fields[group.keys[c]] = null;
          } else {
            joined = true;
            fields[group.keys[c]] = group.columns[c].mapFromDriverValue(raw);
          }
        }
        mapped[group.name] = group.nullable && !joined ? null : fields;
      }
      for (const value of values) {
        mapped[value.name] = row[value.index] ?? null;
      }
      return mapped as T;
    });
}
