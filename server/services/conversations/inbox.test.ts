/**
 * The inbox (issue 49) through the API: the five folders and their counts, paging, archive, snooze and the
 * snooze job that brings a thread back and notifies its assignee exactly once, and bad input refused with a
 * 4xx naming the field, changing nothing.
 */
import { count, eq, type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InboxListSchema } from '../../../domain/contract/conversations';
import { NotificationGroupsSchema } from '../../../domain/contract/notifications';
import { conversations, notifications } from '../../db/schema';
import {
  type Agent,
  buildUser,
  createTestApp,
  STOREFRONT_KEY,
  signInAs,
  type TestContext,
} from '../../test/harness';
import { folderCondition, folderPageQuery, SNOOZE_ENDED_KIND, wakeDueSnoozes } from './inbox';

let ctx: TestContext;
let olive: Agent;
let pat: Agent;
let oliveId: number;
let patId: number;
beforeAll(async () => {
  ctx = await createTestApp();
  const o = await buildUser(ctx.database, { name: 'Olive Inbox' });
  const p = await buildUser(ctx.database, { name: 'Pat Inbox' });
  oliveId = o.id;
  patId = p.id;
  olive = await signInAs(ctx.app, o.email);
  pat = await signInAs(ctx.app, p.email);
});
afterAll(() => ctx.close());

let seq = 0;
const newThread = async (subject = 'Hello') => {
  seq += 1;
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/storefront/messages.json',
    payload: {
      message: { email: `inbox-${seq}@example.com`, name: `Cust ${seq}`, subject, content: '<p>Hi</p>' },
    },
    headers: { authorization: `Bearer ${STOREFRONT_KEY}` },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().conversation.id as number;
};
const get = (agent: Agent, url: string) => agent.request({ method: 'GET', url: `/api/v1/${url}` });
const post = (agent: Agent, url: string, payload: object = {}) =>
  agent.request({ method: 'POST', url: `/api/v1/${url}.json`, payload });
const folder = async (agent: Agent, name: string, page = 1) => {
  const res = await get(agent, `conversations/inbox.json?folder=${name}&page=${page}`);
  expect(res.statusCode, res.body).toBe(200);
  return InboxListSchema.parse(res.json());
};
const ids = (list: { conversations: { id: number }[] }) => list.conversations.map((c) => c.id);
const row = async (id: number) =>
  (await ctx.database.db.select().from(conversations).where(eq(conversations.id, id)))[0];
const inAnHour = () => new Date(Date.now() + 3_600_000).toISOString();

describe('folders', () => {
  it('files each thread in one folder, with counts that equal what the folders list', async () => {
    const mine = await newThread();
    const pats = await newThread();
    const nobodys = await newThread();
    const snoozed = await newThread();
    const archived = await newThread();
    expect(
      (await post(olive, `conversations/${mine}/assign`, { conversation: { assignee_id: oliveId } }))
        .statusCode,
    ).toBe(200);
    expect(
      (await post(olive, `conversations/${pats}/assign`, { conversation: { assignee_id: patId } }))
        .statusCode,
    ).toBe(200);
    expect(
      (await post(olive, `conversations/${snoozed}/snooze`, { conversation: { snoozed_until: inAnHour() } }))
        .statusCode,
    ).toBe(200);
    const archivedAnswer = await post(olive, `conversations/${archived}/archive`);
    expect(archivedAnswer.json().conversation).toMatchObject({ active: false, snoozed_until: null });

    const inbox = await folder(olive, 'inbox');
    expect(ids(inbox)).toEqual(expect.arrayContaining([mine, pats, nobodys]));
    expect(ids(inbox)).not.toContain(snoozed);
    expect(ids(inbox)).not.toContain(archived);
    // Latest message first.
    expect(ids(inbox).indexOf(nobodys)).toBeLessThan(ids(inbox).indexOf(mine));
    expect(ids(await folder(olive, 'mine'))).toEqual([mine]);
    expect(ids(await folder(pat, 'mine'))).toEqual([pats]);
    const unassigned = ids(await folder(olive, 'unassigned'));
    expect(unassigned).toContain(nobodys);
    expect(unassigned).not.toContain(mine);
    expect(ids(await folder(olive, 'snoozed'))).toEqual([snoozed]);
    expect(ids(await folder(olive, 'archived'))).toEqual([archived]);

    const { counts } = inbox;
    for (const name of ['inbox', 'mine', 'unassigned', 'snoozed', 'archived'] as const) {
      const list = await folder(olive, name);
      expect(list.total_count, name).toBe(counts[name]);
      expect(list.conversations.length, name).toBe(Math.min(counts[name], 25));
    }
    expect(counts).toMatchObject({ mine: 1, snoozed: 1, archived: 1 });
    expect(counts.inbox).toBe(counts.unassigned + 2);
  });

  it('pages 25 at a time', async () => {
    for (let i = 0; i < 26; i++) await newThread('Paging');
    const first = await folder(olive, 'unassigned');
    const second = await folder(olive, 'unassigned', 2);
    expect(first.conversations).toHaveLength(25);
    expect(second.total_pages).toBe(first.total_pages);
    expect(ids(second).some((id) => ids(first).includes(id))).toBe(false);
  });

  it('refuses an unknown folder or page naming the field', async () => {
    for (const [query, field] of [
      ['folder=spam', 'folder'],
      ['page=0', 'page'],
      ['folder=inbox&page=x', 'page'],
    ]) {
      const res = await get(olive, `conversations/inbox.json?${query}`);
      expect(res.statusCode, query).toBe(422);
      expect(JSON.stringify(res.json().error.details), query).toContain(field);
    }
  });

  it('needs a session', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/v1/conversations/inbox.json' });
    expect(res.statusCode).toBe(401);
  });
});

describe('archive', () => {
  it('archives once (a repeat changes nothing) and ends a snooze', async () => {
    const id = await newThread();
    await post(olive, `conversations/${id}/snooze`, { conversation: { snoozed_until: inAnHour() } });
    expect((await post(olive, `conversations/${id}/archive`)).statusCode).toBe(200);
    const after = await row(id);
    expect(after).toMatchObject({ active: false, snoozedUntil: null });
    expect((await post(olive, `conversations/${id}/archive`)).statusCode).toBe(200);
    expect((await row(id)).updatedAt).toEqual(after.updatedAt);
    expect((await post(olive, 'conversations/999999999/archive')).statusCode).toBe(404);
  });

  it('needs the CSRF token', async () => {
    const id = await newThread();
    const res = await olive.request({
      method: 'POST',
      url: `/api/v1/conversations/${id}/archive.json`,
      payload: {},
      csrf: null,
    });
    expect(res.statusCode).toBe(403);
    expect((await row(id)).active).toBe(true);
  });
});

describe('snooze', () => {
  it('refuses a time in the past, too far ahead or not a time, naming the field and changing nothing', async () => {
    const id = await newThread();
    const before = await row(id);
    for (const until of [
      new Date(Date.now() - 60_000).toISOString(),
      new Date(Date.now() + 400 * 86_400_000).toISOString(),
      'tomorrow',
      '2026-13-01T09:00:00Z',
      42,
    ]) {
      const res = await post(olive, `conversations/${id}/snooze`, { conversation: { snoozed_until: until } });
      expect(res.statusCode, String(until)).toBe(422);
      expect(JSON.stringify(res.json().error.details), String(until)).toContain('conversation.snoozed_until');
    }
    const missing = await post(olive, `conversations/${id}/snooze`, {});
    expect(missing.statusCode).toBe(422);
    expect(JSON.stringify(missing.json().error.details)).toContain('conversation');
    expect(await row(id)).toEqual(before);
  });

  it('refuses to snooze an archived thread (409) and unsnoozes with null', async () => {
    const archived = await newThread();
    await post(olive, `conversations/${archived}/archive`);
    const refused = await post(olive, `conversations/${archived}/snooze`, {
      conversation: { snoozed_until: inAnHour() },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('wrong_state');
    expect((await row(archived)).snoozedUntil).toBeNull();

    const id = await newThread();
    const until = inAnHour();
    const snoozed = await post(olive, `conversations/${id}/snooze`, {
      conversation: { snoozed_until: until },
    });
    expect(snoozed.json().conversation.snoozed_until).toBe(until);
    expect(await row(id)).toMatchObject({ snoozedById: oliveId });
    const back = await post(olive, `conversations/${id}/snooze`, { conversation: { snoozed_until: null } });
    expect(back.json().conversation.snoozed_until).toBeNull();
    expect(ids(await folder(olive, 'inbox'))).toContain(id);
  });

  it('a customer message brings a snoozed thread back', async () => {
    const id = await newThread();
    await post(olive, `conversations/${id}/snooze`, { conversation: { snoozed_until: inAnHour() } });
    const { email } = await row(id);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/storefront/messages.json',
      payload: { message: { email, content: '<p>Any news?</p>' } },
      headers: { authorization: `Bearer ${STOREFRONT_KEY}` },
    });
    expect(res.json().conversation.id).toBe(id);
    expect((await row(id)).snoozedUntil).toBeNull();
  });

  it('brings due threads back and notifies the assignee (else the snoozer) exactly once, even run twice at once', async () => {
    const assigned = await newThread('Passport');
    const unassigned = await newThread('Certificate');
    const later = await newThread('Later');
    await post(olive, `conversations/${assigned}/assign`, { conversation: { assignee_id: patId } });
    for (const id of [assigned, unassigned, later]) {
      const res = await post(olive, `conversations/${id}/snooze`, {
        conversation: { snoozed_until: inAnHour() },
      });
      expect(res.statusCode).toBe(200);
    }
    await ctx.database.db
      .update(conversations)
      .set({ snoozedUntil: new Date(Date.now() + 3 * 3_600_000) })
      .where(eq(conversations.id, later));
    const notices = async (userId: number) =>
      (await ctx.database.db.select().from(notifications).where(eq(notifications.userId, userId))).filter(
        (n) => n.kind === SNOOZE_ENDED_KIND,
      );
    const patBefore = (await notices(patId)).length;
    const oliveBefore = (await notices(oliveId)).length;

    // Not due yet: nothing happens.
    expect(await wakeDueSnoozes(ctx.database.db)).toBe(0);
    const twoHoursOn = new Date(Date.now() + 2 * 3_600_000);
    // Every thread snoozed until before then comes back (an earlier test's among them), each once.
    const due = (await ctx.database.db.select().from(conversations)).filter(
      (c) => c.snoozedUntil !== null && c.snoozedUntil <= twoHoursOn,
    ).length;
    expect(due).toBeGreaterThanOrEqual(2);
    const runs = await Promise.all([
      wakeDueSnoozes(ctx.database.db, twoHoursOn),
      wakeDueSnoozes(ctx.database.db, twoHoursOn),
    ]);
    expect(runs.reduce((a, b) => a + b, 0)).toBe(due);
    expect(await wakeDueSnoozes(ctx.database.db, twoHoursOn)).toBe(0);

    expect((await row(assigned)).snoozedUntil).toBeNull();
    expect((await row(unassigned)).snoozedUntil).toBeNull();
    expect((await row(later)).snoozedUntil).not.toBeNull();
    const toPat = (await notices(patId)).slice(patBefore);
    const toOlive = (await notices(oliveId)).slice(oliveBefore);
    expect(toPat).toHaveLength(1);
    expect(toPat[0].message).toContain('Passport');
    // The notice is about its thread: the bell opens the conversation.
    expect(toPat[0].conversationId).toBe(assigned);
    expect(toOlive.filter((n) => n.message.includes('Certificate'))).toHaveLength(1);
    expect(toOlive.find((n) => n.message.includes('Certificate'))?.conversationId).toBe(unassigned);
    // One notice for each thread that came back, no more.
    expect(toPat.length + toOlive.length).toBe(due);
    const inbox = ids(await folder(olive, 'inbox'));
    expect(inbox).toEqual(expect.arrayContaining([assigned, unassigned]));
    expect(inbox).not.toContain(later);

    // In the bell each thread is a group of its own, named by its conversation; marking one read leaves the rest.
    const groupsOf = async () =>
      NotificationGroupsSchema.parse((await get(olive, 'notifications/groups.json?filter=unread')).json())
        .groups;
    const snoozeGroups = (await groupsOf()).filter((g) => g.kind === SNOOZE_ENDED_KIND);
    expect(snoozeGroups.map((g) => g.conversation_id)).toContain(unassigned);
    expect(new Set(snoozeGroups.map((g) => g.conversation_id)).size).toBe(snoozeGroups.length);
    const mine = snoozeGroups.find((g) => g.conversation_id === unassigned);
    expect(mine).toMatchObject({ order_item_ref: null, count: 1, unread_count: 1 });
    expect(mine?.notifications[0].conversation_id).toBe(unassigned);
    const marked = await post(olive, 'notifications/mark_group_read', {
      kind: SNOOZE_ENDED_KIND,
      order_item_ref: null,
      conversation_id: unassigned,
    });
    expect(marked.statusCode, marked.body).toBe(200);
    const after = (await groupsOf()).filter((g) => g.kind === SNOOZE_ENDED_KIND);
    expect(after.map((g) => g.conversation_id)).not.toContain(unassigned);
    expect(after).toHaveLength(snoozeGroups.length - 1);
  });
});

describe('at tens of thousands of threads', () => {
  type PlanNode = {
    'Node Type': string;
    'Relation Name'?: string;
    'Index Name'?: string;
    Plans?: PlanNode[];
  };
  const plan = async (query: SQL) => {
    const explained = await ctx.database.db.execute<{ 'QUERY PLAN': unknown }>(
      sql`explain (format json) ${query}`,
    );
    const raw = explained.rows[0]['QUERY PLAN'];
    return ((typeof raw === 'string' ? JSON.parse(raw) : raw) as { Plan: PlanNode }[])[0].Plan;
  };
  const nodes = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(nodes)];

  it('reads each folder page and count from an index, never the whole table', async () => {
    // 30,000 threads, as an inbox ages: most archived, a tenth waiting (a third of them Olive's), a tenth
    // snoozed. (Archived, most of the table, is counted with a scan, which is right for most of a table.)
    await ctx.database.db.execute(sql`
      insert into conversations (email, content, active, assignee_id, snoozed_until, last_message_at)
      select 'bulk' || g || '@example.com', '', g % 10 in (0, 1),
             case when g % 3 = 0 then ${oliveId}::int end,
             case when g % 10 = 1 then now() + interval '1 day' end,
             now() - g * interval '1 minute'
      from generate_series(1, 30000) as g`);
    // As autovacuum leaves a table: statistics and the visibility map (index-only scans need it).
    await ctx.database.db.execute(sql`vacuum analyze conversations`);
    // Unassigned may walk either inbox index (most of the inbox is unassigned, so the ordered walk filters
    // few rows out); archived, most of the table, is not planned here.
    const expected = {
      inbox: ['conversations_inbox_idx'],
      mine: ['conversations_inbox_assignee_idx'],
      unassigned: ['conversations_inbox_idx', 'conversations_inbox_assignee_idx'],
      snoozed: ['conversations_snoozed_idx'],
    } as const;
    for (const folder of ['inbox', 'mine', 'unassigned', 'snoozed'] as const) {
      const page = nodes(
        await plan(folderPageQuery(ctx.database.db, { folder, page: 3, userId: oliveId }).getSQL()),
      );
      const counted = nodes(
        await plan(
          ctx.database.db
            .select({ n: count() })
            .from(conversations)
            .where(folderCondition(folder, oliveId))
            .getSQL(),
        ),
      );
      for (const [what, used] of [
        ['page', page],
        ['count', counted],
      ] as const) {
        const onConversations = used.filter((n) => n['Relation Name'] === 'conversations');
        expect(
          onConversations.map((n) => n['Node Type']),
          `${folder} ${what}`,
        ).not.toContain('Seq Scan');
        // A bitmap index scan names its index but not the table: every index of the plan counts.
        const indexes = used.map((n) => n['Index Name']);
        expect(
          expected[folder].some((name) => indexes.includes(name)),
          `${folder} ${what}: ${JSON.stringify(used.map((n) => [n['Node Type'], n['Index Name']]))}`,
        ).toBe(true);
      }
    }
  });
});
