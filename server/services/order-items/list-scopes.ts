/**
 * The lists a filter applies to by name (the `scope` of GET /order_items/ids.json; a saved view's screen) and
 * who may read them: the escalations desk is for admins only.
 */
import { BULK_CAP, type ListScopeName, type MatchingIds } from '../../../domain/contract/lists';
import type { MatchingIdsQuery } from '../../../domain/contract/queues';
import type { SessionUser } from '../../auth/sessions';
import type { Db } from '../../db/client';
import { forbidden } from '../../errors';
import { type ListScope, listItemIds } from './read';

/** The list a scope name means for this viewer; the escalations desk refuses anyone but an admin. */
export function listScope(name: ListScopeName, viewer: SessionUser, ordererId?: number): ListScope {
  switch (name) {
    case 'dashboard':
      return { kind: 'unassigned' };
    case 'my_queue':
      return { kind: 'open_assigned', userId: viewer.id };
    case 'work_queue':
      return { kind: 'open_assigned', userId: ordererId ?? viewer.id };
    case 'escalations':
      if (viewer.role !== 'admin') throw forbidden('Only administrators may see the escalations desk.');
      return { kind: 'escalated' };
    case 'team':
      return { kind: 'team' };
  }
}

/** The ids of every item a list's filter matches, in the list's order, capped at BULK_CAP. */
export async function matchingIds(
  db: Db,
  viewer: SessionUser,
  query: MatchingIdsQuery,
): Promise<MatchingIds> {
  const scope = listScope(query.scope, viewer, query.orderer_id);
  // Without a sort each list has its own default order: the queues by despatch-by date, the desk by when
  // the item was escalated, the dashboard oldest first.
  const sort =
    query.sort ??
    (scope.kind === 'escalated' ? 'escalated_at' : scope.kind === 'unassigned' ? undefined : 'due');
  const { ids, total } = await listItemIds(db, scope, { ...query, sort }, BULK_CAP);
  return { ids, total_count: total, capped: total > ids.length };
}
