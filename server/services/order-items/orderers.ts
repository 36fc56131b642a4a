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
 * Per orderer, state and the three flags that decide an item's group (domain `groupOf`): how many open
 * items, and how many of them are past their despatch-by date. One grouped query over the
 * (user_id, current_state) index; the caller turns each row's state and flags into its group.
 */
export async function countOpenItemsByOrdererAndState(db: Db, today: string) {
  return openItemCounts(db).execute({ today });
}
const openItemColumns = {
  userId: orderItems.userId,
  state: orderItems.currentState,
  isEscalated: orderItems.isEscalated,
  isOnHold: orderItems.isOnHold,
  waitingCustomerResponse: orderItems.waitingCustomerResponse,
  items: count(),
  overdue:
    sql<number>`count(*) filter (where ${orderItems.despatchDueOn} < ${sql.placeholder('today')}::date)`.mapWith(
      Number,
    ),
};
const openItemGroups = [
  orderItems.userId,
  orderItems.currentState,
  orderItems.isEscalated,
  orderItems.isOnHold,
  orderItems.waitingCustomerResponse,
];
const openItemCounts = preparedStatement((db) =>
  db
    .select(openItemColumns)
    .from(orderItems)
    .where(and(sql`${orderItems.userId} is not null`, isOpenState(orderItems.currentState)))
    .groupBy(...openItemGroups)
    .prepare('open_item_counts'),
);

/** The same counts for one orderer only (their queue's header): their open items alone. */
export async function countOpenItemsOf(db: Db, userId: number, today: string) {
  return openItemCountsOf(db).execute({ user: userId, today });
}
const openItemCountsOf = preparedStatement((db) =>
  db
    .select(openItemColumns)
    .from(orderItems)
    .where(and(eq(orderItems.userId, sql.placeholder('user')), isOpenState(orderItems.currentState)))
    .groupBy(...openItemGroups)
    .prepare('open_item_counts_of'),
);
