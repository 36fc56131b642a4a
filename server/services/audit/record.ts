/**
 * Writing the audit log (docs/decisions/audit-log.md). A route names who acts (`auditActorOf(request)`), the
 * service that does the act writes one row with `recordAudit`, inside the act's own transaction where it has
 * one, so the act and its record commit or roll back together. A refusal that changes nothing (a failed
 * sign-in, a wrong code) is recorded on its own, since there is no transaction to join.
 *
 * Never written here: passwords, tokens, TOTP secrets or codes, webhook secrets, message bodies, and any
 * customer's name or address. A customer is named by `customerAuditTarget`, a hash of the address, so the
 * log answers "was this address exported or erased, and by whom" when asked about that address, without
 * listing anyone's address, and still holds nothing of them after an erasure.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { AuditKind, AuditTargetType } from '../../../domain/contract/audit';
import type { Db, Tx } from '../../db/client';
import { transaction } from '../../db/client';
import { auditEvents } from '../../db/schema';

/** Who acted, from where. `actorId` is null for the system (retention) and for someone not signed in. */
export interface AuditActor {
  actorId: number | null;
  ip: string | null;
  userAgent: string | null;
}

/** The system itself (the retention job, the mailbox reader). */
export const SYSTEM_ACTOR: AuditActor = { actorId: null, ip: null, userAgent: null };

/** The actor of a request: its signed-in user (if any), its client address and its user agent (cut to 500). */
export function auditActorOf(request: {
  user: { id: number } | null;
  ip: string;
  headers: { 'user-agent'?: string };
}): AuditActor {
  return {
    actorId: request.user?.id ?? null,
    ip: request.ip,
    userAgent: request.headers['user-agent']?.slice(0, 500) ?? null,
  };
}

/**
 * The actor of the request being handled, for acts recorded deep inside a service (money moved by a workflow
 * action) that would otherwise need the address and user agent passed down through the domain. The app sets
 * it for each API request once the guard has run (`withRequestActor`); outside a request it is the system.
 */
const requestActor = new AsyncLocalStorage<AuditActor>();

/** Runs `next` (the rest of a request's handling) with `actor` as the request's actor. */
export const withRequestActor = (actor: AuditActor, next: () => void) => requestActor.run(actor, next);

/** The actor of the request being handled, or the system outside one. */
export const currentAuditActor = (): AuditActor => requestActor.getStore() ?? SYSTEM_ACTOR;

/**
 * Runs `work` in one transaction that names its actor to the database (settings local to the transaction),
 * so the audit triggers record who made a change (migration 0042: reference content).
 */
export function asActor<T>(db: Db | Tx, actor: AuditActor, work: (tx: Tx) => Promise<T>): Promise<T> {
  return transaction(db, async (tx) => {
    await tx.execute(
      sql`select set_config('ukds.actor_id', ${actor.actorId === null ? '' : String(actor.actorId)}, true),
        set_config('ukds.actor_ip', ${actor.ip ?? ''}, true),
        set_config('ukds.actor_user_agent', ${actor.userAgent ?? ''}, true)`,
    );
    return work(tx);
  });
}

/** `asActor` bound to a database, for routes: `audited(request, (tx) => service(tx, …))`. */
export const auditedWrites =
  (db: Db) =>
  <T>(request: Parameters<typeof auditActorOf>[0], work: (tx: Tx) => Promise<T>) =>
    asActor(db, auditActorOf(request), work);

export interface AuditRecord {
  kind: AuditKind;
  targetType?: AuditTargetType;
  targetId?: string | number;
  /** One line, as staff would say it ("Changed Jane Smith's role to admin"); nothing a customer could be found by. */
  summary: string;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
}

/** Appends one row to the audit log (in `db`'s transaction when it is one). */
export async function recordAudit(db: Db | Tx, actor: AuditActor, record: AuditRecord, now?: Date) {
  await db.insert(auditEvents).values({
    occurredAt: now,
    kind: record.kind,
    actorId: actor.actorId,
    ip: actor.ip,
    userAgent: actor.userAgent,
    targetType: record.targetType ?? null,
    targetId: record.targetId === undefined ? null : String(record.targetId),
    summary: record.summary.slice(0, 1000),
    before: record.before ?? null,
    after: record.after ?? null,
  });
}

/** How the log names a customer: `sha256:` and the first 32 hex digits of the hash of the lower-cased address. */
export function customerAuditTarget(email: string): string {
  const digest = createHash('sha256')
    .update(`ukds-audit-customer:${email.trim().toLowerCase()}`)
    .digest('hex');
  return `sha256:${digest.slice(0, 32)}`;
}

/**
 * The fields of `before` and `after` that differ, as the two snapshots an update row keeps (`keys` limits
 * them to what may be shown: never a hash or a secret). Null when nothing listed changed.
 */
export function changedFields<T extends Record<string, unknown>>(
  before: T,
  after: Partial<T>,
  keys: readonly (keyof T & string)[],
): { before: Record<string, unknown>; after: Record<string, unknown> } | null {
  const b: Record<string, unknown> = {};
  const a: Record<string, unknown> = {};
  for (const key of keys) {
    if (!(key in after)) continue;
    if (JSON.stringify(before[key]) === JSON.stringify(after[key])) continue;
    b[key] = before[key] ?? null;
    a[key] = after[key] ?? null;
  }
  return Object.keys(a).length === 0 ? null : { before: b, after: a };
}
