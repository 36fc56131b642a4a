/** The outbox's undelivered e-mails by status, and the oldest waiting one: what /metrics reports. */
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { pgBigint, pgTimestamp, rowsOf } from '../../db/rows';

export interface OutboxCounts {
  pending: number;
  sending: number;
  failed: number;
  oldestPendingAt: Date | null;
}

/** The counts as the statement answers them. */
const CountsRow = z.object({
  pending: pgBigint(),
  sending: pgBigint(),
  failed: pgBigint(),
  oldest: pgTimestamp().nullable(),
});

/** Counts through the (status, next_attempt_at) index: only the unfinished statuses, skipping the many sent. */
export async function countUndeliveredEmails(db: Db): Promise<OutboxCounts> {
  const result = await db.execute(sql`
    select count(*) filter (where status = 'pending') as pending,
           count(*) filter (where status = 'sending') as sending,
           count(*) filter (where status = 'failed') as failed,
           min(created_at) filter (where status in ('pending', 'sending')) as oldest
      from outbox
     where status in ('pending', 'sending', 'failed')`);
  const [row] = rowsOf(CountsRow, result.rows);
  return {
    pending: Number(row?.pending ?? 0),
    sending: Number(row?.sending ?? 0),
    failed: Number(row?.failed ?? 0),
    oldestPendingAt: row?.oldest ? new Date(row.oldest) : null,
  };
}
