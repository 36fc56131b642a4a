/**
 * The personal data the retention job lets go of (docs/privacy.md): the documents of items finished more
 * than RETENTION_DOCUMENTS_DAYS ago, and every customer with no order for RETENTION_CUSTOMER_YEARS (erased as
 * an admin's erasure does, services/privacy/erase.ts). An item is finished when it reached its final state
 * (the newest timeline step into it; its last update when the timeline has none).
 *
 * Documents go in batches, each one transaction: the rows are taken FOR UPDATE SKIP LOCKED (another instance
 * running the job at the same moment takes other rows), their files removed from the storage, then the rows
 * deleted and the deletion recorded per item. A storage failure rolls the batch back: the rows still name
 * their files, and the next run removes them again (removing a file already gone is no error).
 */
import { inArray, sql } from 'drizzle-orm';
import { FINAL_STATES } from '../../../domain/states';
import { type Db, transaction } from '../../db/client';
import { attachments } from '../../db/schema';
import { AppError } from '../../errors';
import { recordAudit, SYSTEM_ACTOR } from '../audit/record';
import { type ErasureDeps, eraseCustomer } from './erase';
import { ERASED_DOMAIN } from './scope';

const FINAL = sql.join(
  FINAL_STATES.map((s) => sql`${s}`),
  sql`, `,
);

/** Deletes a batch of documents of items finished before `before` (files first, then rows); answers how many. */
export async function deleteOldDocuments(
  db: Db,
  deps: ErasureDeps,
  before: Date,
  batch: number,
  now = new Date(),
): Promise<number> {
  return transaction(db, async (tx) => {
    const { rows } = await tx.execute<{ id: number; storage_key: string; ref: string }>(sql`
      select a.id, a.storage_key, oi.ref from attachments a
        join order_items oi on oi.id = a.order_item_id
      where oi.current_state in (${FINAL})
        and coalesce(
          (select max(e.created_at) from order_item_events e
            where e.order_item_id = oi.id and e.to_state in (${FINAL})),
          oi.updated_at) < ${before.toISOString()}
      order by a.id
      limit ${batch}
      for update of a skip locked`);
    if (rows.length === 0) return 0;
    for (const row of rows) await deps.storage.remove(row.storage_key);
    await tx.delete(attachments).where(
      inArray(
        attachments.id,
        rows.map((r) => r.id),
      ),
    );
    const perItem = new Map<string, number>();
    for (const row of rows) perItem.set(row.ref, (perItem.get(row.ref) ?? 0) + 1);
    for (const [ref, n] of perItem) {
      await recordAudit(
        tx,
        SYSTEM_ACTOR,
        {
          kind: 'document.deleted_by_retention',
          targetType: 'order_item',
          targetId: ref,
          summary: `Deleted ${n} document${n === 1 ? '' : 's'} of ${ref}, finished longer than the retention period`,
          after: { documents: n },
        },
        now,
      );
    }
    return rows.length;
  });
}

/**
 * Erases up to `limit` customers whose newest order was placed before `before` and whose items are all
 * finished (one with open work is left until it is done); answers how many. Each is its own transaction.
 */
export async function eraseInactiveCustomers(
  db: Db,
  deps: ErasureDeps,
  before: Date,
  limit: number,
  now = new Date(),
): Promise<number> {
  const { rows } = await db.execute<{ email: string }>(sql`
    select distinct lower(o.email) as email from orders o
    where o.placed_at < ${before.toISOString()}
      and o.email not like ${`%@${ERASED_DOMAIN}`}
      and not exists (select 1 from orders n
        where lower(n.email) = lower(o.email) and n.placed_at >= ${before.toISOString()})
      and not exists (select 1 from orders m join order_items oi on oi.order_id = m.id
        where lower(m.email) = lower(o.email) and oi.current_state not in (${FINAL}))
    limit ${limit}`);
  let erased = 0;
  for (const { email } of rows) {
    try {
      await eraseCustomer(db, deps, SYSTEM_ACTOR, { email, kind: 'customer.erased_by_retention' }, now);
      erased += 1;
    } catch (error) {
      // Another instance erased them first, or they ordered again meanwhile: nothing to do now.
      if (!(error instanceof AppError)) throw error;
    }
  }
  return erased;
}
