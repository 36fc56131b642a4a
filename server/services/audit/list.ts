/** Reading the audit log (admins): a filtered page, newest first, and the same filters as CSV. */
import { and, count, desc, eq, gte, lt, type SQL } from 'drizzle-orm';
import type { AuditEvent, AuditPage, AuditQuery } from '../../../domain/contract/audit';
import { formatDateTime } from '../../../domain/format';
import type { Db } from '../../db/client';
import { londonMidnight } from '../../db/london-days';
import { auditEvents, users } from '../../db/schema';
import { toCsv } from '../order-items/csv-export';
import { customerAuditTarget } from './record';

export const AUDIT_PER_PAGE = 50;
/** The CSV export stops here, so one click cannot make the server build a file of millions of rows. */
export const AUDIT_CSV_MAX_ROWS = 100_000;

/** A target typed as an e-mail address is looked up as the customer hash the log keeps instead. */
const targetIdOf = (target: string) => (target.includes('@') ? customerAuditTarget(target) : target);

function filterOf(q: Omit<AuditQuery, 'page'>): SQL | undefined {
  const target = q.target?.trim();
  return and(
    q.actor_id ? eq(auditEvents.actorId, q.actor_id) : undefined,
    q.kind ? eq(auditEvents.kind, q.kind) : undefined,
    q.target_type ? eq(auditEvents.targetType, q.target_type) : undefined,
    target ? eq(auditEvents.targetId, targetIdOf(target)) : undefined,
    q.from ? gte(auditEvents.occurredAt, londonMidnight(q.from)) : undefined,
    q.until ? lt(auditEvents.occurredAt, londonMidnight(q.until, 1)) : undefined,
  );
}

const columns = {
  e: auditEvents,
  actorName: users.name,
};
type Row = { e: typeof auditEvents.$inferSelect; actorName: string | null };

const wire = ({ e, actorName }: Row): AuditEvent => ({
  id: e.id,
  occurred_at: e.occurredAt.toISOString(),
  kind: e.kind,
  actor: e.actorId === null ? null : { id: e.actorId, name: actorName ?? `User ${e.actorId}` },
  ip: e.ip,
  user_agent: e.userAgent,
  target_type: e.targetType,
  target_id: e.targetId,
  summary: e.summary,
  before: e.before,
  after: e.after,
});

const select = (db: Db, where: SQL | undefined) =>
  db
    .select(columns)
    .from(auditEvents)
    .leftJoin(users, eq(users.id, auditEvents.actorId))
    .where(where)
    .orderBy(desc(auditEvents.occurredAt), desc(auditEvents.id));

/** One page of the log, newest first. */
export async function listAuditEvents(db: Db, query: AuditQuery): Promise<AuditPage> {
  const where = filterOf(query);
  const [rows, [{ n }]] = await Promise.all([
    select(db, where)
      .limit(AUDIT_PER_PAGE)
      .offset((query.page - 1) * AUDIT_PER_PAGE),
    db.select({ n: count() }).from(auditEvents).where(where),
  ]);
  return {
    events: rows.map(wire),
    page: query.page,
    per_page: AUDIT_PER_PAGE,
    total_count: n,
    total_pages: Math.ceil(n / AUDIT_PER_PAGE),
  };
}

const CSV_COLUMNS = [
  'When',
  'Kind',
  'Actor',
  'Address',
  'User agent',
  'Target type',
  'Target',
  'Summary',
  'Before',
  'After',
];

/** Every row the filters match (up to AUDIT_CSV_MAX_ROWS), newest first, as CSV; and how many rows it holds. */
export async function exportAuditCsv(
  db: Db,
  query: Omit<AuditQuery, 'page'>,
): Promise<{ csv: string; rows: number }> {
  const rows = await select(db, filterOf(query)).limit(AUDIT_CSV_MAX_ROWS);
  const lines = rows
    .map(wire)
    .map((e) => [
      formatDateTime(e.occurred_at),
      e.kind,
      e.actor?.name ?? 'System',
      e.ip ?? '',
      e.user_agent ?? '',
      e.target_type ?? '',
      e.target_id ?? '',
      e.summary,
      e.before ? JSON.stringify(e.before) : '',
      e.after ? JSON.stringify(e.after) : '',
    ]);
  return { csv: `\uFEFF${toCsv([CSV_COLUMNS, ...lines])}`, rows: lines.length };
}
