/**
 * Sessions end everywhere: sign-out, deactivation, a password change and expiry close that session's event
 * streams within a second, on every instance (PostgreSQL: a second app on the same database), and only
 * that session's.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromPostgres } from '../db/client';
import { sessions } from '../db/schema';
import { type EventStream, listen, openEvents } from '../test/event-stream';
import { type Agent, buildUser, createTestApp, signInAs, type TestContext } from '../test/harness';
import { LIVE_CHANNEL } from './channel';

let ctx: TestContext;
let baseUrl: string;
let admin: Agent;
beforeAll(async () => {
  ctx = await createTestApp();
  baseUrl = await listen(ctx.app);
  admin = await signInAs(ctx.app, (await buildUser(ctx.database, { role: 'admin' })).email);
});
afterAll(() => ctx.close());

/** Milliseconds until the stream ends; fails past the limit. */
async function endsWithin(stream: EventStream, limitMs: number): Promise<number> {
  const started = performance.now();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`stream still open after ${limitMs} ms`)), limitMs);
  });
  try {
    await Promise.race([stream.ended, timeout]);
    return performance.now() - started;
  } finally {
    clearTimeout(timer);
  }
}

/** True when the stream is still open after the server has had time to act on everything before it. */
async function stillOpen(stream: EventStream): Promise<boolean> {
  const probe = await Promise.race([
    stream.ended.then(() => 'ended'),
    new Promise((r) => setTimeout(r, 300)),
  ]);
  return probe !== 'ended';
}

async function signedInUserWithStreams(count: number) {
  const user = await buildUser(ctx.database);
  const agents = await Promise.all(Array.from({ length: count }, () => signInAs(ctx.app, user.email)));
  const streams = await Promise.all(agents.map((a) => openEvents(baseUrl, a.cookie)));
  for (const s of streams) expect(s.status).toBe(200);
  return { user, agents, streams };
}

describe('an open event stream ends with its session', () => {
  it('sign-out closes that session’s streams within a second, and not the same user’s other session', async () => {
    const { agents, streams } = await signedInUserWithStreams(2);
    try {
      const res = await agents[0].request({ method: 'DELETE', url: '/api/v1/session.json' });
      expect(res.statusCode, res.body).toBe(200);
      expect(await endsWithin(streams[0], 1000)).toBeLessThan(1000);
      expect(await stillOpen(streams[1])).toBe(true);
      // The browser's reconnect is refused.
      expect((await openEvents(baseUrl, agents[0].cookie)).status).toBe(401);
    } finally {
      for (const s of streams) s.close();
    }
  });

  it('deactivation closes every stream of the user within a second', async () => {
    const { user, streams } = await signedInUserWithStreams(2);
    const bystander = await signedInUserWithStreams(1);
    try {
      const res = await admin.request({
        method: 'PUT',
        url: `/api/v1/users/${user.id}.json`,
        payload: { active: false },
      });
      expect(res.statusCode, res.body).toBe(200);
      await Promise.all(streams.map((s) => endsWithin(s, 1000)));
      expect(await stillOpen(bystander.streams[0])).toBe(true);
    } finally {
      for (const s of [...streams, ...bystander.streams]) s.close();
    }
  });

  it('a password change closes every stream of the user within a second', async () => {
    const { user, streams } = await signedInUserWithStreams(1);
    try {
      const res = await admin.request({
        method: 'POST',
        url: `/api/v1/users/${user.id}/reset_password.json`,
        payload: { password: 'a-brand-new-password-1' },
      });
      expect(res.statusCode, res.body).toBe(200);
      await endsWithin(streams[0], 1000);
    } finally {
      for (const s of streams) s.close();
    }
  });

  it('hints arriving right after the end are dropped, not written to the ended stream', async () => {
    const { agents, streams } = await signedInUserWithStreams(1);
    const [{ id }] = await ctx.database.db
      .select({ id: sessions.id })
      .from(sessions)
      .where(eq(sessions.csrfToken, agents[0].csrf));
    // Delivered together at commit: the end, then hints in the same tick, before the socket has closed.
    const ended = JSON.stringify({ topic: 'session_ended', sessionIds: [id] });
    const hint = JSON.stringify({ topic: 'order_item', id: 'A1' });
    await ctx.database.db.execute(
      sql`select pg_notify(${LIVE_CHANNEL}, ${ended}), pg_notify(${LIVE_CHANNEL}, ${hint}), pg_notify(${LIVE_CHANNEL}, ${hint})`,
    );
    await endsWithin(streams[0], 1000);
    expect(streams[0].events).toEqual([]);
    // The server is still serving (an unhandled write-after-end error would have ended the test process).
    expect((await ctx.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
  });

  it('expiry closes the stream when the session times out', async () => {
    const user = await buildUser(ctx.database);
    const agent = await signInAs(ctx.app, user.email);
    // The session's absolute timeout is moved to just after the stream opens.
    const expiresAt = new Date(Date.now() + 800);
    await ctx.database.db.update(sessions).set({ expiresAt }).where(eq(sessions.userId, user.id));
    const stream = await openEvents(baseUrl, agent.cookie);
    try {
      expect(stream.status).toBe(200);
      await endsWithin(stream, 3000);
      // Within a second of the deadline, never before it.
      expect(Date.now()).toBeGreaterThanOrEqual(expiresAt.getTime());
      expect(Date.now() - expiresAt.getTime()).toBeLessThan(1000);
    } finally {
      stream.close();
    }
  });

  it('a stream whose session was extended meanwhile stays open past the old deadline', async () => {
    const user = await buildUser(ctx.database);
    const agent = await signInAs(ctx.app, user.email);
    await ctx.database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() + 500) })
      .where(eq(sessions.userId, user.id));
    const stream = await openEvents(baseUrl, agent.cookie);
    try {
      await ctx.database.db
        .update(sessions)
        .set({ expiresAt: new Date(Date.now() + 60_000) })
        .where(eq(sessions.userId, user.id));
      await new Promise((r) => setTimeout(r, 600));
      expect(await stillOpen(stream)).toBe(true);
    } finally {
      stream.close();
    }
  });
});

describe.runIf(process.env.TEST_DB_KIND === 'postgres')('on every instance', () => {
  it('sign-out on one instance closes the session’s stream on another within a second', async () => {
    const second = await createTestApp({ database: fromPostgres(ctx.database.url ?? '', 3) });
    try {
      const secondUrl = await listen(second.app);
      const user = await buildUser(ctx.database);
      const agent = await signInAs(ctx.app, user.email);
      const stream = await openEvents(secondUrl, agent.cookie);
      expect(stream.status).toBe(200);
      try {
        const res = await agent.request({ method: 'DELETE', url: '/api/v1/session.json' });
        expect(res.statusCode, res.body).toBe(200);
        await endsWithin(stream, 1000);
      } finally {
        stream.close();
      }
    } finally {
      await second.close();
    }
  });
});
