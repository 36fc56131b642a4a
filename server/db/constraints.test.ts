/**
 * The database guards its invariants by itself (migration 0010): a write that skips the app and breaks a
 * rule is refused, one test per kind of constraint; and the migration is safe on a database that already
 * holds rows breaking its rules.
 */
import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildOrderItem } from '../test/factories';
import { buildUser, freshDatabase } from '../test/harness';
import { type Database, migrationsFolder, openPglite } from './client';

/** The PostgreSQL error a statement fails with (code and constraint), or 'accepted'. */
async function refusal(statement: PromiseLike<unknown>) {
  try {
    await statement;
  } catch (error) {
    const e = error as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
    return { code: e.cause?.code ?? e.code, constraint: e.cause?.constraint ?? e.constraint };
  }
  return 'accepted';
}
const checkViolation = (constraint: string) => ({ code: '23514', constraint });

describe('a direct write that breaks a rule is refused by the database', () => {
  let database: Database;
  let itemId: number;
  beforeAll(async () => {
    database = await freshDatabase();
    itemId = (await buildOrderItem(database)).id;
  });
  afterAll(() => database.close());
  const run = (statement: ReturnType<typeof sql>) => refusal(database.db.execute(statement));

  it('a state outside the workflow', async () => {
    expect(await run(sql`UPDATE order_items SET current_state = 'lost' WHERE id = ${itemId}`)).toEqual(
      checkViolation('order_items_current_state_check'),
    );
  });

  it('an enumeration value outside its list (a role)', async () => {
    const user = await buildUser(database);
    expect(await run(sql`UPDATE users SET role = 'superuser' WHERE id = ${user.id}`)).toEqual(
      checkViolation('users_role_check'),
    );
  });

  it('a batch id naming no FCO batch (foreign key)', async () => {
    expect(await run(sql`UPDATE order_items SET fco_batch_id = 424242 WHERE id = ${itemId}`)).toEqual({
      code: '23503',
      constraint: 'order_items_fco_batch_id_fco_batches_id_fk',
    });
  });

  it('negative money', async () => {
    expect(await run(sql`UPDATE order_items SET net_value = -1 WHERE id = ${itemId}`)).toEqual(
      checkViolation('order_items_net_value_not_negative'),
    );
    expect(
      await run(
        sql`INSERT INTO refunds (order_item_id, action, amount, reason) VALUES (${itemId}, 'refund_only', 0, 'duplicate')`,
      ),
    ).toEqual(checkViolation('refunds_amount_positive'));
  });

  it('a negative count', async () => {
    expect(await run(sql`UPDATE orderables SET copies = -1`)).toEqual(
      checkViolation('orderables_copies_not_negative'),
    );
  });

  it('the same writes within the rules are accepted', async () => {
    expect(
      await run(sql`UPDATE order_items SET current_state = 'cancelled', net_value = 0 WHERE id = ${itemId}`),
    ).toBe('accepted');
  });
});

describe('migration 0010 on a database already holding rows that break its rules', () => {
  /** A migrations folder holding only the migrations before 0010. */
  function foldersBefore0010(): string {
    const dir = mkdtempSync(path.join(tmpdir(), 'ukds-migrations-'));
    cpSync(migrationsFolder, dir, { recursive: true });
    const journalFile = path.join(dir, 'meta', '_journal.json');
    const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { idx: number }[] };
    journal.entries = journal.entries.filter((e) => e.idx < 10);
    writeFileSync(journalFile, JSON.stringify(journal));
    return dir;
  }

  const badRows = `
    INSERT INTO addresses (name) VALUES ('Old Data');
    INSERT INTO orders (ref, email, delivery_region, billing_address_id, placed_at)
      VALUES ('OLD1', 'old@example.com', 'UK', (SELECT max(id) FROM addresses), now());
    INSERT INTO orderables (type, subtotal_in_pence) VALUES ('Certificate', 2800);
    INSERT INTO order_items (ref, order_id, position, type, orderable_type, orderable_id, current_state, net_value, fco_batch_id)
      VALUES ('OLD1-1', (SELECT max(id) FROM orders), 1, 'Birth Certificate', 'Certificate',
              (SELECT max(id) FROM orderables), 'lost_in_old_system', -500, 424242);`;

  const validated = `
    SELECT conname, convalidated FROM pg_constraint
    WHERE conname IN ('order_items_current_state_check', 'order_items_net_value_not_negative', 'users_role_check',
                      'orders_delivery_region_check', 'order_items_fco_batch_id_fco_batches_id_fk')
    ORDER BY conname`;

  async function expectSafe(query: (text: string) => Promise<Record<string, unknown>[]>) {
    const [item] = await query("SELECT fco_batch_id, current_state FROM order_items WHERE ref = 'OLD1-1'");
    // The dangling batch id was cleared; the broken state was kept for a person to fix.
    expect(item).toEqual({ fco_batch_id: null, current_state: 'lost_in_old_system' });
    expect(await query(validated)).toEqual([
      { conname: 'order_items_current_state_check', convalidated: false },
      { conname: 'order_items_fco_batch_id_fco_batches_id_fk', convalidated: true },
      { conname: 'order_items_net_value_not_negative', convalidated: false },
      { conname: 'orders_delivery_region_check', convalidated: true },
      { conname: 'users_role_check', convalidated: true },
    ]);
    // NOT VALID still guards every new row.
    await expect(
      query("UPDATE order_items SET current_state = 'another_unknown', net_value = 0 WHERE ref = 'OLD1-1'"),
    ).rejects.toThrow(/order_items_current_state_check/);
  }

  it('applies on PGlite: nothing is lost, the dangling key is cleared, broken rules stay NOT VALID', async () => {
    if (process.env.TEST_DB_KIND === 'postgres') return;
    const pglite = await openPglite('memory://');
    try {
      await migratePglite(drizzlePglite(pglite), { migrationsFolder: foldersBefore0010() });
      await pglite.exec(badRows);
      await migratePglite(drizzlePglite(pglite), { migrationsFolder });
      await expectSafe(async (text) => (await pglite.query<Record<string, unknown>>(text)).rows);
    } finally {
      await pglite.close();
    }
  });

  it('applies on PostgreSQL: nothing is lost, the dangling key is cleared, broken rules stay NOT VALID', async () => {
    if (process.env.TEST_DB_KIND !== 'postgres') return;
    const url = process.env.TEST_DATABASE_URL ?? '';
    // Named after the run's template, so the run's teardown drops it.
    const name = `${inject('pgTemplate')}_m${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const target = new URL(url);
    target.pathname = `/${name}`;
    const client = new pg.Client({ connectionString: target.toString() });
    await client.connect();
    try {
      await migratePg(drizzlePg(client), { migrationsFolder: foldersBefore0010() });
      await client.query(badRows);
      await migratePg(drizzlePg(client), { migrationsFolder });
      await expectSafe(async (text) => (await client.query(text)).rows);
    } finally {
      await client.end();
    }
  });
});
