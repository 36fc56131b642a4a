/**
 * Orderers and their queues: who can be assigned work, and per-orderer counts for the dashboard.
 */
import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { preparedStatement } from '../../db/prepared';
import { orderItems, users } from '../../db/schema';
import { isOpenState } from '../../db/states-sql';

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
 * Per user, state and the three flags that decide an item's group (domain `groupOf`): how many open items,
 * and how many of them are past their despatch-by date; one row per user with no open items (null state).
 * One statement: each user's open items are grouped through the (user_id, current_state) index, beside the
 * user's own row; the caller turns each row's state and flags into its group.
 */
const countsByUser = (db: Db) =>
  db
    .select({
      state: orderItems.currentState,
      isEscalated: orderItems.isEscalated,
      isOnHold: orderItems.isOnHold,
      waitingCustomerResponse: orderItems.waitingCustomerResponse,
      items: count().as('items'),
      overdue:
        sql<number>`count(*) filter (where ${orderItems.despatchDueOn} < ${sql.placeholder('today')}::date)`
          .mapWith(Number)
          .as('overdue'),
    })
    .from(orderItems)
    .where(and(eq(orderItems.userId, users.id), isOpenState(orderItems.currentState)))
    .groupBy(
      orderItems.currentState,
      orderItems.isEscalated,
      orderItems.isOnHold,
      orderItems.waitingCustomerResponse,
    )
    .as('counts');

const usersWithCounts = (db: Db) => {
  const counts = countsByUser(db);
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
      overdue: counts.overdue,
    })
    .from(users)
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
