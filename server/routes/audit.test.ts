/**
 * The audit log: the database refuses UPDATE, DELETE and TRUNCATE of its rows except the retention job's
 * delete of old ones; admins read it filtered and paged and export it as CSV (the export itself recorded);
 * orderers are refused; bad filters are 422 naming the field.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuditPageSchema } from '../../domain/contract/audit';
import { RETENTION_DEFAULTS, runRetention } from '../jobs/retention';
import { customerAuditTarget, recordAudit, SYSTEM_ACTOR } from '../services/audit/record';
import { type Agent, buildUser, createTestApp, signInAs, type TestContext } from '../test/harness';

let ctx: TestContext;
let admin: Agent;
let olga: Agent;
let adminId: number;
beforeAll(async () => {
  ctx = await createTestApp();
  const a = await buildUser(ctx.database, { role: 'admin', is_orderer: false, name: 'Ada Audit' });
  const o = await buildUser(ctx.database, { name: 'Olga Audit' });
  adminId = a.id;
  admin = await signInAs(ctx.app, a.email);
  olga = await signInAs(ctx.app, o.email);
});
afterAll(() => ctx.close());

const page = async (agent: Agent, query: string) => {
  const res = await agent.request({ method: 'GET', url: `/api/v1/audit_events.json?${query}` });
  expect(res.statusCode).toBe(200);
  return AuditPageSchema.parse(res.json());
};
/** What the database said, under Drizzle's "Failed query" wrapper. */
const refusal = (work: Promise<unknown>) =>
  work.then(
    () => 'done',
    (error: Error) => String((error.cause as Error | undefined)?.message ?? error.message),
  );
const rowCount = async () => {
  const { rows } = await ctx.database.db.execute<{ n: number }>(
    sql`select count(*)::int as n from audit_events`,
  );
  return rows[0].n;
};

describe('the audit log', () => {
  it('refuses UPDATE, DELETE and TRUNCATE in the database itself', async () => {
    await recordAudit(ctx.database.db, SYSTEM_ACTOR, { kind: 'user.updated', summary: 'A row to guard' });
    const before = await rowCount();
    expect(await refusal(ctx.database.db.execute(sql`update audit_events set summary = 'changed'`))).toMatch(
      /append-only: UPDATE refused/,
    );
    expect(await refusal(ctx.database.db.execute(sql`delete from audit_events`))).toMatch(
      /append-only: DELETE refused/,
    );
    expect(await refusal(ctx.database.db.execute(sql`truncate audit_events`))).toMatch(
      /append-only: TRUNCATE refused/,
    );
    expect(await rowCount()).toBe(before);
    const { rows } = await ctx.database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from audit_events where summary = 'changed'`,
    );
    expect(rows[0].n).toBe(0);
  });

  it('lets only the retention job delete rows older than RETENTION_AUDIT_DAYS', async () => {
    const now = new Date();
    const old = new Date(now.getTime() - 800 * 24 * 3600 * 1000);
    const young = new Date(now.getTime() - 700 * 24 * 3600 * 1000);
    await recordAudit(ctx.database.db, SYSTEM_ACTOR, { kind: 'user.updated', summary: 'Old act' }, old);
    await recordAudit(ctx.database.db, SYSTEM_ACTOR, { kind: 'user.updated', summary: 'Young act' }, young);
    // Naming a moment does not open the door to younger rows.
    expect(
      await refusal(
        ctx.database.db.transaction(async (tx) => {
          await tx.execute(sql`select set_config('ukds.audit_purge_before', ${old.toISOString()}, true)`);
          await tx.execute(sql`delete from audit_events where summary = 'Young act'`);
        }),
      ),
    ).toMatch(/append-only: DELETE refused/);
    const result = await runRetention(ctx.database.db, RETENTION_DEFAULTS, now);
    expect(result.auditEvents).toBe(1);
    const { rows } = await ctx.database.db.execute<{ summary: string }>(
      sql`select summary from audit_events where summary in ('Old act', 'Young act')`,
    );
    expect(rows.map((r) => r.summary)).toEqual(['Young act']);
  });

  it('answers admins a filtered page, newest first, and refuses orderers', async () => {
    await recordAudit(
      ctx.database.db,
      { actorId: adminId, ip: '203.0.113.9', userAgent: 'Test UA' },
      {
        kind: 'export.customer',
        targetType: 'customer',
        targetId: customerAuditTarget('Jo.Bloggs@example.com'),
        summary: 'Exported everything held about a customer',
      },
    );
    const all = await page(admin, '');
    expect(all.events[0]).toMatchObject({
      kind: 'export.customer',
      actor: { id: adminId, name: 'Ada Audit' },
      ip: '203.0.113.9',
      user_agent: 'Test UA',
      target_type: 'customer',
    });
    // A customer is found by the address, though the log holds only its hash.
    const byAddress = await page(admin, 'target=jo.bloggs%40example.com');
    expect(byAddress.events.map((e) => e.kind)).toEqual(['export.customer']);
    expect(JSON.stringify(byAddress)).not.toContain('bloggs');
    expect((await page(admin, `actor_id=${adminId}&kind=export.customer`)).total_count).toBe(1);
    expect((await page(admin, 'kind=user.created')).total_count).toBe(0);

    const refused = await olga.request({ method: 'GET', url: '/api/v1/audit_events.json' });
    expect(refused.statusCode).toBe(403);
    const csvRefused = await olga.request({ method: 'GET', url: '/api/v1/audit_events.csv' });
    expect(csvRefused.statusCode).toBe(403);
  });

  it('answers a bad filter with 422 naming the field', async () => {
    for (const [query, field] of [
      ['kind=nonsense', 'kind'],
      ['actor_id=x', 'actor_id'],
      ['from=2026-13-01', 'from'],
      ['from=2026-11-02&until=2026-11-01', 'until'],
    ] as const) {
      const res = await admin.request({ method: 'GET', url: `/api/v1/audit_events.json?${query}` });
      expect(res.statusCode, query).toBe(422);
      expect(JSON.stringify(res.json().error.details), query).toContain(field);
    }
  });

  it('exports the filtered log as CSV and records the export', async () => {
    const res = await admin.request({ method: 'GET', url: '/api/v1/audit_events.csv?kind=export.customer' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('When,Kind,Actor,Address,User agent,Target type,Target,Summary,Before,After');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('export.customer');
    const exports = await page(admin, 'kind=export.audit_csv');
    expect(exports.events[0]).toMatchObject({
      actor: { id: adminId },
      summary: 'Exported 1 audit log row as CSV',
      after: { filters: { kind: 'export.customer' }, rows: 1 },
    });
  });
});
