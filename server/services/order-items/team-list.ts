/**
 * The team list (/items, issue 49): every open item of the team, whoever has it, a page at a time, filtered
 * and sorted as the other lists (the `orderer` filter names one orderer, or `none` for the unassigned), with
 * the filtered set's counts: in all, by state group and overdue.
 */
import type { TeamListCounts, TeamListPage, TeamListQuery } from '../../../domain/contract/queues';
import { groupOf, STATE_GROUPS, type StateGroup } from '../../../domain/states';
import type { Db } from '../../db/client';
import { readsSideBySide } from '../../db/reads';
import { jsonText } from '../../response-serializer';
import { filterOf } from './list-filter';
import { countListItemsByStateAndFlags, type ListPage, pageOrderItemRows, type StateFlagCount } from './read';

/** The counts of the team list from its rows by state and flags: each row's group is the domain's `groupOf`. */
export function teamCounts(rows: readonly StateFlagCount[]): TeamListCounts {
  const byGroup = Object.fromEntries(STATE_GROUPS.map((g) => [g, 0])) as Record<StateGroup, number>;
  let open = 0;
  let overdue = 0;
  for (const row of rows) {
    const n = Number(row.n);
    byGroup[groupOf({ ...row, currentState: row.state })] += n;
    open += n;
    if (row.overdue) overdue += n;
  }
  return { open, by_group: byGroup, overdue };
}

/** One page of the team list with its paging totals and the counts of the whole filtered set. */
export async function teamListPage(db: Db, query: TeamListQuery, now = new Date()): Promise<TeamListPage> {
  const scope = { kind: 'team' } as const;
  const [page, byState] = await readsSideBySide(db, [
    (): Promise<ListPage> => pageOrderItemRows(db, scope, query, now),
    () => countListItemsByStateAndFlags(db, scope, filterOf(query), now),
  ]);
  const counts = JSON.stringify(teamCounts(byState));
  return jsonText<TeamListPage>(
    `{"counts":${counts},"order_items":${page.rowsJson},"page":${query.page},"per_page":${query.per_page},"total_count":${page.total},"total_pages":${Math.ceil(page.total / query.per_page)}}`,
  );
}
