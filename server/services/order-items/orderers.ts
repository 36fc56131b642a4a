/**
 * Orderers and their queues: who can be assigned work, and per-orderer counts for the dashboard.
 */
import { and, asc, eq, gt, lt, sql } from 'drizzle-orm';
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

/**
 * Per user, state and the three flags that decide an item's group (domain `groupOf`): how many open items;
 * one row per user with no open items (null state), and on every row the user's open items past their
 * despatch-by date. Read from open_item_counts and open_item_due_counts (kept by triggers, migration 0024):
 * a few dozen rows per user whatever the backlog, beside the user's own row; the caller turns each row's
 * state and flags into its group.
 */
const countsByUser = (db: Db) =>
  db
    .select({
      state: counted.currentState,
      isEscalated: counted.isEscalated,
      isOnHold: counted.isOnHold,
      waitingCustomerResponse: counted.waitingCustomerResponse,
      items: counted.items,
    })
    .from(counted)
    .where(and(eq(counted.userId, users.id), gt(counted.items, 0)))
    .as('counts');

/** Per user: their open items past their despatch-by date (one row). */
const overdueByUser = (db: Db) =>
  db
    .select({
      overdue: sql<number>`coalesce(sum(${due.items}), 0)::int`.mapWith(Number).as('overdue'),
    })
    .from(due)
    .where(and(eq(due.userId, users.id), lt(due.despatchDueOn, sql`${sql.placeholder('today')}::date`)))
    .as('overdue');

const usersWithCounts = (db: Db) => {
  const counts = countsByUser(db);
  const overdue = overdueByUser(db);
  return db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      // Stats are kept for those who work a queue (as the list of orderers).
      works: sql<boolean>`${users.active} and ${users.isOrderer}`,
      state: counts.state,
      isEscalated: counts.isEscalated,
      isOnHold: counts.isOnHold,
      waitingCustomerResponse: counts.waitingCustomerResponse,
      items: counts.items,
      overdue: overdue.overdue,
    })
    .from(users)
    .leftJoinLateral(overdue, sql`true`)
    .leftJoinLateral(counts, sql`true`);
};

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
