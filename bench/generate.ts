/**
 * Large data generator: `npm run bench:data -- --items 1000000 [--database-url postgres://…] [--data-dir …]`.
 * Fills an EMPTY database (PostgreSQL when a URL is given, else PGlite under the data dir) with a realistic
 * set: 10 orderers, orders of 1–3 items over the last three years in every product line and state,
 * addresses, GRO orders, events, refunds, FCO batches, conversations and carts. Rows are made by
 * set-based INSERT … SELECT over generate_series in chunks, so a million items take minutes, not hours.
 */
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { type Database, fromPglite, fromPostgres, openPglite } from '../server/db/client';
import { createUser } from '../server/services/users/users';
import { BENCH_FIRST_NAMES, BENCH_SURNAMES, FIRST_NAME_SKEW, SURNAME_SKEW, skewedPick } from './names';

const { values } = parseArgs({
  options: {
    items: { type: 'string', default: '100000' },
    'database-url': { type: 'string' },
    'data-dir': { type: 'string', default: './bench/data' },
    chunk: { type: 'string', default: '50000' },
  },
});
const ITEMS = Number(values.items);
const CHUNK = Number(values.chunk);
if (!Number.isInteger(ITEMS) || ITEMS < 100) throw new Error('--items must be a whole number ≥ 100');

// Orders average 1.6 items: item i belongs to order floor(i / 1.6).
const ORDERS = Math.ceil(ITEMS / 1.6);

/** Every state an item can be in, weighted towards what a real back office holds (mostly complete). */
const STATES = [
  ...Array(60).fill('order_complete'),
  ...[
    'unassigned',
    'gro_order_required',
    'waiting_gro',
    'apostille_required',
    'scan_send_required',
    'despatch_required',
  ],
  ...[
    'fco_order_placed',
    'waiting_fco',
    'gro_refunded',
    'gro_refunded_response_received',
    'cancelled',
    'waiting_ips',
  ],
  ...['review_documents', 'ready_for_translation', 'waiting_translation', 'waiting_delivery'],
  ...[
    'gro_order_escalation',
    'apostille_escalation',
    'scan_send_escalation',
    'despatch_escalation',
    'gro_reorder_escalation',
  ],
  ...[
    'gro_order_response_received',
    'despatch_response_received',
    'waiting_despatch_response',
    'waiting_gro_order_response',
  ],
  ...['on_hold_waiting_despatch_response', 'waiting_upgrade_payment', 'waiting_downgrade_approval'],
];
const stateArray = `ARRAY[${STATES.map((s) => `'${s}'`).join(',')}]`;
/** A first name or surname for row g, as often as in real life; `salt` makes each use independent. */
const first = (salt: number) => skewedPick(BENCH_FIRST_NAMES, FIRST_NAME_SKEW, salt);
const last = (salt: number) => skewedPick(BENCH_SURNAMES, SURNAME_SKEW, salt);

function bar(label: string, done: number, total: number, started: number) {
  const width = 30;
  const filled = Math.round((done / total) * width);
  const secs = ((Date.now() - started) / 1000).toFixed(1);
  process.stdout.write(
    `\r  ${label.padEnd(14)} [${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${done.toLocaleString('en-GB')}/${total.toLocaleString('en-GB')} ${secs}s`,
  );
  if (done >= total) process.stdout.write('\n');
}

async function chunked(
  database: Database,
  label: string,
  total: number,
  statement: (from: number, to: number) => string,
) {
  const started = Date.now();
  for (let from = 0; from < total; from += CHUNK) {
    const to = Math.min(total, from + CHUNK) - 1;
    await database.db.execute(sql.raw(statement(from, to)));
    bar(label, to + 1, total, started);
  }
}

async function main() {
  const database = values['database-url']
    ? // No statement timeout: VACUUM ANALYZE of 5M items takes minutes.
      fromPostgres(values['database-url'], { max: 2, statementTimeoutMs: 0 })
    : fromPglite(await openPglite(`${values['data-dir']}/pgdata`));
  await database.migrate();
  const { rows } = await database.db.execute<{ n: number }>(sql`select count(*)::int as n from order_items`);
  if (Number(rows[0].n) > 0)
    throw new Error('The database already has order items; generate into an empty one.');
  const t0 = Date.now();
  console.log(
    `Generating ${ITEMS.toLocaleString('en-GB')} order items (${ORDERS.toLocaleString('en-GB')} orders) on ${database.kind}`,
  );

  const orderers: number[] = [];
  for (let i = 1; i <= 10; i++) {
    const u = await createUser(database.db, {
      email: `orderer${i}@bench.test`,
      name: `Orderer ${i}`,
      role: i === 1 ? 'admin' : 'orderer',
      is_orderer: true,
      password: 'bench-password',
    });
    orderers.push(u.id);
  }
  const ordererArray = `ARRAY[${orderers.join(',')}]`;
  const base = await database.db.execute<{ a: number; o: number; ob: number; oi: number }>(sql`
    select coalesce((select max(id) from addresses), 0) as a, coalesce((select max(id) from orders), 0) as o,
      coalesce((select max(id) from orderables), 0) as ob, coalesce((select max(id) from order_items), 0) as oi`);
  const {
    a: A0,
    o: O0,
    ob: OB0,
    oi: OI0,
  } = Object.fromEntries(Object.entries(base.rows[0]).map(([k, v]) => [k, Number(v)])) as Record<
    string,
    number
  >;

  await chunked(
    database,
    'addresses',
    ORDERS,
    (f, t) => `
    insert into addresses (id, name, line_1, city, zip, country_code)
    overriding system value
    select ${A0} + g + 1, ${first(1)} || ' ' || ${last(2)},
      (1 + g % 180) || ' High Street', (ARRAY['London','Leeds','Bristol','Manchester','Cardiff','Norwich'])[1 + g % 6],
      (ARRAY['SW','LS','BS','M','CF','NR'])[1 + g % 6] || (1 + g % 20) || ' ' || (g % 9) || chr(65 + g % 26) || chr(65 + (g / 26) % 26), 'GB'
    from generate_series(${f}, ${t}) g`,
  );
  await chunked(
    database,
    'orders',
    ORDERS,
    (f, t) => `
    insert into orders (id, ref, email, phone, delivery_region, billing_address_id, placed_at)
    overriding system value
    select ${O0} + g + 1, (200000 + g)::text, replace(lower(${first(1)} || '.' || ${last(2)}), '''', '') || (g % 100) || '@' ||
        (ARRAY['gmail.com','outlook.com','hotmail.co.uk','yahoo.co.uk','btinternet.com','icloud.com'])[1 + g % 6], '07700 ' || lpad((g % 999999)::text, 6, '0'),
      (ARRAY['UK','UK','UK','UK','UK','EC','EC','NA','WW'])[1 + g % 9], ${A0} + g + 1,
      now() - ((${ORDERS} - g)::float / ${ORDERS} * interval '1095 days')
    from generate_series(${f}, ${t}) g`,
  );
  await chunked(
    database,
    'orderables',
    ITEMS,
    (f, t) => `
    insert into orderables (id, type, pages, copies, service_level, apostille_copies, scan_send, despatch_by, subtotal_in_pence,
      certificate_country, source_language, firstname_a, surname_a, firstname_b, surname_b, firstname_c, surname_c)
    overriding system value
    select ${OB0} + g + 1,
      (ARRAY['Certificate','Certificate','Certificate','DivorceCertificate','CertifiedTranslation','SwornTranslation','AdultDeedPoll','ChildDeedPoll'])[1 + g % 8],
      case when g % 8 in (4, 5) then 1 + g % 7 end, 1 + g % 3,
      case when g % 8 in (4, 5) then ((g / 8) % 3)::text when g % 8 in (6, 7) then (ARRAY['standard','priority'])[1 + (g / 8) % 2] else (ARRAY['standard','rapid','priority'])[1 + (g / 8) % 3] end,
      case when g % 11 = 0 then 1 else 0 end, g % 13 = 0, (ARRAY['standard','standard','signed_for','tracked','courier'])[1 + g % 5],
      2800 + (g % 7) * 1700,
      case when g % 8 < 4 then (ARRAY['EW','EW','EW','SC','NI','RI','OS'])[1 + g % 7] end,
      case when g % 8 in (4, 5) then (ARRAY['fr','de','pl','es','ur','zh'])[1 + g % 6] end,
      ${first(3)}, ${last(4)} || case when g % 97 = 0 then '-' || ${last(5)} else '' end,
      ${first(6)}, ${last(7)}, ${first(8)}, ${last(9)}
    from generate_series(${f}, ${t}) g`,
  );
  await chunked(
    database,
    'order items',
    ITEMS,
    (f, t) => `
    insert into order_items (id, ref, order_id, position, type, orderable_type, orderable_id, current_state, user_id,
      is_escalated, is_on_hold, waiting_customer_response, flagged, net_value, despatch_due_on, created_at, updated_at)
    overriding system value
    select ${OI0} + g + 1, o.ref || '-' || p.position, o.id, p.position,
      (ARRAY['Birth Certificate','Marriage Certificate','Death Certificate','Divorce Certificate','Certified Translation','Sworn Translation','Adult Deed Poll','Child Deed Poll'])[1 + g % 8],
      (ARRAY['Certificate','Certificate','Certificate','DivorceCertificate','Translation','Translation','AdultDeedPoll','ChildDeedPoll'])[1 + g % 8],
      ${OB0} + g + 1, s.state,
      case when s.state = 'unassigned' then null else (${ordererArray})[1 + g % 10] end,
      s.state like '%escalation' or s.state like '%response%', s.state like 'on_hold_%',
      s.state like 'waiting_%_response' or s.state like 'on_hold_%', g % 50 = 0,
      case when s.state = 'cancelled' then 0 else 2800 + (g % 7) * 1700 end,
      (o.placed_at + interval '15 days')::date, o.placed_at, o.placed_at
    from generate_series(${f}, ${t}) g
    cross join lateral (select floor(g / 1.6)::int as oi) k
    join orders o on o.id = ${O0} + k.oi + 1
    cross join lateral (select (g - ceil(k.oi * 1.6)::int + 1) as position) p
    cross join lateral (select case when o.placed_at > now() - interval '45 days' then (${stateArray})[1 + (g::bigint * 7919) % ${STATES.length}] else 'order_complete' end as state) s`,
  );
  // The rows above carry explicit ids: move the identity sequences past them before anything else inserts.
  for (const table of ['addresses', 'orders', 'orderables', 'order_items']) {
    await database.db.execute(
      sql.raw(
        `select setval(pg_get_serial_sequence('${table}', 'id'), coalesce((select max(id) from ${table}), 1))`,
      ),
    );
  }
  await chunked(
    database,
    'events',
    ITEMS,
    (f, t) => `
    insert into order_item_events (order_item_id, user_id, action, from_state, to_state, payload, created_at)
    select oi.id, oi.user_id, 'assign', 'unassigned', oi.current_state, '{}'::jsonb, oi.created_at + interval '1 hour'
    from order_items oi where oi.id between ${OI0 + f + 1} and ${OI0 + t + 1} and oi.user_id is not null`,
  );
  await chunked(
    database,
    'GRO orders',
    ITEMS,
    (f, t) => `
    insert into gro_orders (order_item_id, reference, destination, service, cost, created_at)
    select oi.id, 'GRO' || lpad(oi.id::text, 9, '0'), 'office_orders', 'standard', 925, oi.created_at + interval '1 day'
    from order_items oi where oi.id between ${OI0 + f + 1} and ${OI0 + t + 1}
      and oi.orderable_type in ('Certificate', 'DivorceCertificate') and oi.current_state not in ('unassigned', 'gro_order_required')`,
  );
  await chunked(
    database,
    'refunds',
    ITEMS,
    (f, t) => `
    insert into refunds (order_item_id, action, amount, reason, user_id, created_at)
    select oi.id, 'refund_only', 500, 'over_payment', ${orderers[0]}, oi.created_at + interval '20 days'
    from order_items oi where oi.id between ${OI0 + f + 1} and ${OI0 + t + 1} and oi.id % 100 = 0`,
  );
  await chunked(
    database,
    'conversations',
    Math.ceil(ITEMS / 100),
    (f, t) => `
    insert into conversations (email, name, subject, content, active, created_at, updated_at)
    select replace(lower(${first(1)} || '.' || ${last(2)}), '''', '') || (g % 100) || '@' ||
        (ARRAY['gmail.com','outlook.com','hotmail.co.uk','yahoo.co.uk','btinternet.com','icloud.com'])[1 + g % 6], 'Customer ' || g, 'Question ' || g, '<p>Where is my order ' || (200000 + g) || '?</p>',
      g % 3 = 0, now() - (g || ' minutes')::interval, now() - (g || ' minutes')::interval
    from generate_series(${f}, ${t}) g`,
  );
  await chunked(
    database,
    'carts',
    Math.ceil(ITEMS / 200),
    (f, t) => `
    with a as (
      insert into addresses (name, line_1, city, zip) select 'Cart Customer ' || g, '1 Cart Lane', 'Leeds', 'LS1 4AP'
      from generate_series(${f}, ${t}) g returning id)
    insert into carts (ref, email, billing_address_id, items, total_in_pence, state, created_at)
    select 'C-' || (900000 + a.id), 'cart' || a.id || '@example.com', a.id, '[{"type":"Birth Certificate","net_value":2800}]'::jsonb, 2800,
      case when a.id % 4 = 0 then 'unpaid' else 'paid' end, now() - (a.id % 1000 || ' hours')::interval
    from a`,
  );
  // What autovacuum would have done on a live database: statistics, and the visibility map that lets the
  // covering indexes answer without visiting the table (index-only scans).
  process.stdout.write('  vacuum analyze...');
  await database.db.execute(sql`vacuum analyze`);
  console.log(
    ` done.\nGenerated in ${((Date.now() - t0) / 1000).toFixed(1)} s. Staff sign-in: orderer1@bench.test (admin) … orderer10@bench.test, password bench-password`,
  );
  await database.close();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
