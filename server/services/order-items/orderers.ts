/**
 * Orderers and their queues: who can be assigned work, and per-orderer counts for the dashboard.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import type { OrderItemState } from '../../../domain/states';
import type { Db } from '../../db/client';
import { preparedStatement } from '../../db/prepared';
import { openItemCounts as counted, openItemDueCounts as due, users } from '../../db/schema';

/** Active staff who work a queue (orderers, and admins flagged as orderers), by name. */
export async function listOrderers(db: Db) {
  return orderers(db).execute();
}
const orderers = preparedStatement((db) =>
  db
    .select({ id: users.id, name: users.name, email: users.email, role: users.role })
    .from(users)
    .where(and(eq(users.active, true), eq(users.isOrderer, true)))
    .orderBy(asc(users.name), asc(users.id))
    .prepare('orderers'),
);

/** One count of open_item_counts: a state, the three flags that decide an item's group, and its items. */
export type OpenItemCount = [
  state: OrderItemState,
  isEscalated: boolean,
  isOnHold: boolean,
  waiting: boolean,
  items: number,
];

/**
 * Users with their open items by state and flags (domain `groupOf` turns each into a group) and their open
 * items past their despatch-by date, read from open_item_counts and open_item_due_counts (kept by triggers,
 * migration 0024): a few dozen counts per user whatever the backlog. One row per user, the counts as one JSON
 * array of `OpenItemCount` (PostgreSQL builds it; mapping ~130 rows field by field cost more than the query).
 */
const usersWithCounts = (db: Db) =>
  db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      // Stats are kept for those who work a queue (as the list of orderers).
      works: sql<boolean>`${users.active} and ${users.isOrderer}`,
      counts: sql<OpenItemCount[]>`(
        select coalesce(json_agg(json_build_array(${counted.currentState}, ${counted.isEscalated},
          ${counted.isOnHold}, ${counted.waitingCustomerResponse}, ${counted.items})), '[]')
        from ${counted} where ${counted.userId} = ${users.id} and ${counted.items} > 0)`,
      overdue: sql<number>`(
        select coalesce(sum(${due.items}), 0)::int from ${due}
        where ${due.userId} = ${users.id} and ${due.despatchDueOn} < ${sql.placeholder('today')}::date)`,
    })
    .from(users);

/** Every orderer's open items by state and flags (the orderers in name order, each with their rows). */
export async function countOpenItemsByOrderer(db: Db, today: string) {
  return openItemCounts(db).execute({ today });
}
const openItemCounts = preparedStatement((db) =>
  usersWithCounts(db)
    .where(and(eq(users.active, true), eq(users.isOrderer, true)))
    .orderBy(asc(users.name), asc(users.id))
    .prepare('open_item_counts'),
);

/** One user with their open items by state and flags (an orderer's queue); no rows when unknown. */
export async function userWithOpenItemCounts(db: Db, userId: number, today: string) {
  return userOpenItemCounts(db).execute({ user: userId, today });
}
const userOpenItemCounts = preparedStatement((db) =>
  usersWithCounts(db)
    .where(eq(users.id, sql.placeholder('user')))
    .prepare('user_open_item_counts'),
);

export type OpenItemCountRow = Awaited<ReturnType<typeof countOpenItemsByOrderer>>[number];
