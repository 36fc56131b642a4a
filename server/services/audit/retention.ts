/**
 * The one way rows leave the audit log: the retention job deletes those older than RETENTION_AUDIT_DAYS
 * (default two years). The table's trigger (migration 0039) refuses a DELETE unless the same transaction
 * first names the moment rows must be older than, so this transaction says it and deletes only those.
 */
import { asc, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { transaction } from '../../db/client';
import { auditEvents } from '../../db/schema';

/** Deletes a batch of audit rows that happened before `before`; answers how many. */
export async function deleteOldAuditEvents(db: Db, before: Date, batch: number): Promise<number> {
  return transaction(db, async (tx) => {
    await tx.execute(sql`select set_config('ukds.audit_purge_before', ${before.toISOString()}, true)`);
    const ids = tx
      .select({ id: auditEvents.id })
      .from(auditEvents)
      .where(lt(auditEvents.occurredAt, before))
      .orderBy(asc(auditEvents.occurredAt))
      .limit(batch)
      .for('update', { skipLocked: true });
    const rows = await tx
      .delete(auditEvents)
      .where(inArray(auditEvents.id, ids))
      .returning({ id: auditEvents.id });
    return rows.length;
  });
}
