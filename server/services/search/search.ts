/**
 * Quick and advanced search over order items. Refs are matched by prefix (a btree), everything else by
 * substring through trigram indexes; the quick search unions one indexed lookup per table (an OR across
 * joined tables would defeat the indexes), stops collecting at MAX_COUNTED matches, ranks exact refs first,
 * then the newest, and answers at most 50 results with the total. An optional list filter (lists.ts) narrows
 * the matches before they are counted.
 */
import { type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import type { ListFilter } from '../../../domain/contract/lists';
import type { AdvancedSearch } from '../../../domain/contract/search';
import { londonToday } from '../../../domain/format';
import type { SessionUser } from '../../auth/sessions';
import type { Db } from '../../db/client';
import { executeNamed } from '../../db/prepared';
import { rowsOf } from '../../db/rows';
import { addresses, nameAFirstnames, nameASurnames, orderItems, orders } from '../../db/schema';
import { invalidInput } from '../../errors';
import { listFilterCondition, needsJoins } from '../order-items/list-filter';
import { loadOrderItemRecords } from '../order-items/read';
import { orderItemWire } from '../order-items/serialize';

export const SEARCH_LIMIT = 50;
export const MIN_QUERY_LENGTH = 3;
/**
 * Matches collected and counted at most. A common name can match thousands of items: "more than 500" is
 * enough to know the search needs narrowing, and collecting (then sorting) 2,000 cost four times as much.
 */
export const MAX_COUNTED = 500;
/**
 * Rows collected at most before they are told apart: an item can be found by several branches (its
 * customer's e-mail and name, and a name on it), so 500 distinct items may take more than 500 rows.
 */
const MAX_COLLECTED = 2 * MAX_COUNTED;
const TRIGRAM = 3;

/** Escapes LIKE wildcards so a user's % or _ matches itself. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
const likePattern = (text: string) => `%${escapeLike(text)}%`;

const NAMES = sql`coalesce(ob.firstname_a, '') || ' ' || coalesce(ob.surname_a, '') || ' ' ||
  coalesce(ob.firstname_b, '') || ' ' || coalesce(ob.surname_b, '') || ' ' ||
  coalesce(ob.firstname_c, '') || ' ' || coalesce(ob.surname_c, '')`;

const billing = alias(addresses, 'billing');

/**
 * What every lookup answers of an item it finds (as `oi`): its id, and what the ranking needs, read from the
 * row the lookup reached anyway, so the ranking does not look each item up again.
 */
const FOUND = sql.raw('oi.id, oi.ref, oi.created_at');

/**
 * The matches narrowed by a list filter, collected up to MAX_COLLECTED rows: the filter applies before the
 * collection stops, so "more than" counts matches that pass it. An item found by two branches (its customer's
 * e-mail and a name on the certificate) is collected twice. The order and its billing address are joined
 * only for its text.
 */
function collectedHits(hits: SQL, filter: ListFilter | undefined): SQL {
  const condition = listFilterCondition(
    filter,
    { customerName: billing.name, email: orders.email },
    londonToday(new Date()),
  );
  if (!condition) return sql`${hits} limit ${MAX_COLLECTED}`;
  const joins = needsJoins(filter)
    ? sql`join ${orders} on ${orders.id} = ${orderItems.orderId}
      join ${addresses} ${sql.identifier('billing')} on ${billing.id} = ${orders.billingAddressId}`
    : sql``;
  return sql`select h.id, h.ref, h.created_at from (${hits}) h
    join ${orderItems} on ${orderItems.id} = h.id ${joins}
    where ${condition} limit ${MAX_COLLECTED}`;
}

/** A ranked hit: the item, how many matched (counted up to MAX_COUNTED) and how many rows were collected. */
const HitRow = z.object({ id: z.number(), total: z.number(), collected: z.number() });

/**
 * The ids of the first page of matches, ranked; how many items matched, counted up to MAX_COUNTED; and
 * whether there may be more (MAX_COUNTED items, or the collection stopped at MAX_COLLECTED rows).
 *
 * `named`: run as a named prepared statement (parsed once per connection; a ref search's statement took longer
 * to plan than to run). Only for lookups whose plan does not hang on a pattern's selectivity (a ref's prefix, a
 * surname's equality): PostgreSQL soon gives a named statement a generic plan, and for substring and initial
 * patterns that plan was measurably slower (advanced search at 1M items; docs/performance.md).
 */
async function rankedHits(db: Db, hits: SQL, rank: SQL, filter: ListFilter | undefined, named: boolean) {
  const statement = sql`
    with collected as materialized (${collectedHits(hits, filter)}),
    -- Named as the ranking expressions name an item (rank: oi.ref).
    oi as (select distinct id, ref, created_at from collected limit ${MAX_COUNTED})
    select oi.id, count(*) over ()::int as total, (select count(*) from collected)::int as collected
    from oi
    order by ${rank}, oi.created_at desc, oi.id desc
    limit ${SEARCH_LIMIT}`;
  const rows = named
    ? await executeNamed(db, statement, HitRow)
    : rowsOf(HitRow, (await db.execute(statement)).rows);
  const total = rows.length ? Number(rows[0].total) : 0;
  return {
    ids: rows.map((r) => Number(r.id)),
    total,
    capped: total >= MAX_COUNTED || (rows.length > 0 && Number(rows[0].collected) >= MAX_COLLECTED),
  };
}

/**
 * The items of the newest orderables that `orderables` finds (a query of `ob.id`, walked in a btree newest
 * first and stopped at MAX_COUNTED), `item` narrowing them, only when the walk reached MAX_COUNTED. When it
 * stopped short the search cannot be "more than 500" on these alone and `hits` runs anyway (it finds every
 * match this finds: its conditions are weaker), so the items are not even joined: ranking them was work
 * thrown away (a large part of advanced search's SQL for "Smith", "Ol" at 1M items). PostgreSQL checks the
 * count once, before the join (a one-time filter).
 */
function newestFirst(orderables: SQL, item?: SQL | null): SQL {
  return sql`with newest as materialized (${orderables} order by ob.id desc limit ${MAX_COUNTED})
    select ${FOUND} from newest join order_items oi on oi.orderable_id = newest.id
    where (select count(*) from newest) >= ${MAX_COUNTED}${item ? sql` and ${item}` : sql``}`;
}

/**
 * The answer: the first page of the matches as records, with the total. `first`, when given, is a cheap
 * lookup of some of the matches (newestFirst): when it fills MAX_COUNTED, the search is "more than 500"
 * whatever else matches and `hits` (every match, through trigram indexes whose cost grows with the data) is
 * not run.
 */
async function answer(
  db: Db,
  search: { hits: SQL; rank: SQL; first?: SQL; named?: { hits?: boolean; first?: boolean } },
  viewer: SessionUser,
  filter?: ListFilter,
) {
  const { hits, rank, first, named } = search;
  let found = first ? await rankedHits(db, first, rank, filter, named?.first === true) : null;
  if (!found?.capped) found = await rankedHits(db, hits, rank, filter, named?.hits === true);
  const { ids, total, capped } = found;
  if (ids.length === 0) return { results: [], total: 0, total_capped: false };
  const rows = await loadOrderItemRecords(db, ids);
  const byId = new Map(rows.map((r) => [r.item.id, r]));
  return {
    results: ids.flatMap((id) => {
      const row = byId.get(id);
      return row ? [orderItemWire(row, viewer)] : [];
    }),
    total,
    total_capped: capped,
  };
}

/** A whole surname as staff type it: letters, apostrophes and hyphens (Smith, O'Brien, Smith-Jones). */
const WHOLE_SURNAME = /^[\p{L}'’-]+$/u;

/**
 * The items of the newest orderables whose first surname is `surname` (any case), when there are at least
 * MAX_COUNTED of them: walked backwards in orderables_surname_a_lower_idx and stopped there (newestFirst).
 */
const newestWithSurname = (surname: string) =>
  newestFirst(sql`select ob.id from orderables ob where lower(ob.surname_a) = ${surname.toLowerCase()}`);

/** One box: item ref, order ref, customer name, e-mail, postcode, GRO and FCO references, names on the orderable. */
export async function simpleSearch(db: Db, query: string, viewer: SessionUser, filter?: ListFilter) {
  const q = query.trim();
  if (q.length < MIN_QUERY_LENGTH) {
    const message = `Type at least ${MIN_QUERY_LENGTH} characters to search.`;
    throw invalidInput(message, [{ field: 'search.query', message }]);
  }
  const p = likePattern(q);
  const escaped = escapeLike(q);
  // External references (GRO, FCO) hold letters and digits: matched anywhere in them.
  const references = sql`
    select ${FOUND} from gro_orders g join order_items oi on oi.id = g.order_item_id where g.reference ilike ${p}
    union all select ${FOUND} from fco_batches f join order_items oi on oi.fco_batch_id = f.id where f.fco_reference ilike ${p}`;
  const isRef = /^[\d-]+$/.test(q);
  const hits = isRef
    ? // Digits (and a dash) are a ref. An item ref begins with its order's ref, so one prefix lookup on item
      // refs finds "824981" (the order's items) and "824981-2" alike; names, e-mails and postcodes hold none.
      sql`select ${FOUND} from order_items oi where oi.ref like ${`${escaped}%`}
    union all ${references}`
    : // Letters cannot be in our refs. One branch per table: an OR within a table still uses its indexes
      // (a BitmapOr), an OR across joined tables would not.
      sql`${references}
    union all select ${FOUND} from orders o join order_items oi on oi.order_id = o.id where o.email ilike ${p}
    union all select ${FOUND} from addresses a join orders o on o.billing_address_id = a.id
      join order_items oi on oi.order_id = o.id
      where a.name ilike ${p} or replace(a.zip, ' ', '') ilike ${likePattern(q.replace(/\s+/g, ''))}
    union all select ${FOUND} from orderables ob join order_items oi on oi.orderable_id = ob.id where (${NAMES}) ilike ${p}`;
  const exact = q.toLowerCase();
  const rank = sql`case
    when lower(oi.ref) = ${exact} then 0
    when lower(split_part(oi.ref, '-', 1)) = ${exact} then 1
    when lower(oi.ref) like ${`${escaped.toLowerCase()}%`} then 2
    else 3 end`;
  // A common surname matches more than MAX_COUNTED items on its own: found in its index, newest first.
  const first = WHOLE_SURNAME.test(q) ? newestWithSurname(q) : undefined;
  // A ref's prefix and a surname's equality plan alike whatever the value: named (rankedHits).
  return answer(db, { hits, rank, first, named: { hits: isRef, first: true } }, viewer, filter);
}

const ADVANCED_FIELDS = [
  'firstname_a',
  'surname_a',
  'firstname_b',
  'surname_b',
  'firstname_c',
  'surname_c',
] as const;

/**
 * Every given name field must match, case-insensitively; the type narrows by item type. A field of three
 * letters or more matches anywhere in the name; one or two letters are an initial and match its start ("Ol"
 * finds Oliver and Olivia, not Carol), which is what staff mean by them and lets the trigram index serve
 * them too (its start-of-word trigrams: "  o", " ol").
 */
export async function advancedSearch(
  db: Db,
  query: AdvancedSearch['search']['query'],
  viewer: SessionUser,
  filter?: ListFilter,
) {
  const names: SQL[] = [];
  // A first surname with a first name: both are looked up in orderables_surname_a_firstname_idx, a fragment
  // through the words it matches (namesMatching). Alone, a fragment keeps its trigram index: with a single
  // condition of unknown width the planner walked every orderable instead (slower than the trigram index).
  const paired = Boolean(query.surname_a?.trim() && query.firstname_a?.trim());
  for (const field of ADVANCED_FIELDS) {
    const value = query[field]?.trim();
    if (!value) continue;
    if (value.length >= TRIGRAM && paired && (field === 'surname_a' || field === 'firstname_a'))
      names.push(sql`lower(ob.${sql.raw(field)}) = any(${namesMatching(field, value)})`);
    else if (value.length >= TRIGRAM) names.push(sql`ob.${sql.raw(field)} ilike ${likePattern(value)}`);
    // The first name's initial as orderables_firstname_a_lower_prefix_idx holds it (a range in a btree; its
    // trigrams are broad), the other names' through their trigram indexes (migration 0028).
    else if (field === 'firstname_a')
      names.push(sql`lower(ob.firstname_a) like ${`${escapeLike(value.toLowerCase())}%`}`);
    else names.push(sql`ob.${sql.raw(field)} ilike ${`${escapeLike(value)}%`}`);
  }
  const type = query.type ? sql`oi.type = ${query.type}` : null;
  const hits = sql`select ${FOUND} from orderables ob join order_items oi on oi.orderable_id = ob.id
    where ${sql.join(type ? [...names, type] : names, sql` and `)}`;
  return answer(db, { hits, rank: sql`null::int`, first: wholeSurnameFirst(query, type) }, viewer, filter);
}

/**
 * The first surnames or first names written (migration 0029: each once, in lower case) that hold `fragment`
 * anywhere, any case, as an array: found through the words' trigram index, a few thousand words instead of
 * every orderable. `lower(name) like lower(pattern)` is what PostgreSQL's `ilike` does (both lowered by the
 * database, not by JavaScript), so the names are the same.
 */
function namesMatching(field: 'surname_a' | 'firstname_a', fragment: string): SQL {
  const words = field === 'surname_a' ? nameASurnames : nameAFirstnames;
  return sql`array(select ${words.word} from ${words} where ${words.word} like lower(${likePattern(fragment)}))`;
}

/**
 * For an advanced search on a whole first surname ("Smith"), with or without a first name's initial
 * ("Ol"): its matches found in orderables_surname_a_firstname_idx (the surname, then the initial as a
 * range), the other names checked on each, the newest first, when there are at least MAX_COUNTED of them
 * (newestFirst). Undefined for other searches.
 */
function wholeSurnameFirst(query: AdvancedSearch['search']['query'], type: SQL | null): SQL | undefined {
  const surname = query.surname_a?.trim();
  const initial = query.firstname_a?.trim();
  if (!surname || surname.length < TRIGRAM || !WHOLE_SURNAME.test(surname)) return undefined;
  if (initial && initial.length >= TRIGRAM) return undefined;
  // Both conditions as the index holds them: the planner walks it instead of building trigram bitmaps.
  const conditions = [sql`lower(ob.surname_a) = ${surname.toLowerCase()}`];
  if (initial) conditions.push(sql`lower(ob.firstname_a) like ${`${escapeLike(initial.toLowerCase())}%`}`);
  for (const field of ADVANCED_FIELDS) {
    const value = query[field]?.trim();
    if (!value || field === 'surname_a' || field === 'firstname_a') continue;
    const pattern = value.length < TRIGRAM ? `${escapeLike(value)}%` : likePattern(value);
    conditions.push(sql`ob.${sql.raw(field)} ilike ${pattern}`);
  }
  return newestFirst(sql`select ob.id from orderables ob where ${sql.join(conditions, sql` and `)}`, type);
}
