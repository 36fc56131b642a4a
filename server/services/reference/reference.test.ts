import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REFERENCE_KINDS } from '../../../domain/contract/reference';
import { type Agent, buildUser, createTestApp, signInAs, type TestContext } from '../../test/harness';

let ctx: TestContext;
let admin: Agent;
let orderer: Agent;
beforeAll(async () => {
  ctx = await createTestApp();
  admin = await signInAs(ctx.app, (await buildUser(ctx.database, { role: 'admin' })).email);
  orderer = await signInAs(ctx.app, (await buildUser(ctx.database)).email);
});
afterAll(() => ctx.close());

const SINGULAR = {
  registries: 'registry',
  embassies: 'embassy',
  councils: 'council',
  parishes: 'parish',
  courts: 'court',
} as const;

describe.each(REFERENCE_KINDS)('%s', (kind) => {
  it('admins create and change one attribute; everyone reads', async () => {
    const created = await admin.request({
      method: 'POST',
      url: `/api/v1/${kind}.json`,
      payload: { name: `B ${kind}`, details: 'first' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const item = created.json()[SINGULAR[kind]];
    const wrapped = await admin.request({
      method: 'POST',
      url: `/api/v1/${kind}.json`,
      payload: { [SINGULAR[kind]]: { name: `A ${kind}` } },
    });
    expect(wrapped.statusCode).toBe(201);
    const put = await admin.request({
      method: 'PUT',
      url: `/api/v1/${kind}/${item.id}.json`,
      payload: { details: 'second' },
    });
    expect(put.json()[SINGULAR[kind]]).toMatchObject({ id: item.id, name: `B ${kind}`, details: 'second' });
    const list = (await orderer.request({ method: 'GET', url: `/api/v1/${kind}.json` })).json()[kind];
    expect(list.map((i: { name: string }) => i.name)).toEqual([`A ${kind}`, `B ${kind}`]);
  });

  it('refuses orderers (403), bad input (422) and unknown ids (404), changing nothing', async () => {
    expect(
      (await orderer.request({ method: 'POST', url: `/api/v1/${kind}.json`, payload: { name: 'x' } }))
        .statusCode,
    ).toBe(403);
    expect(
      (await admin.request({ method: 'POST', url: `/api/v1/${kind}.json`, payload: { name: ' ' } }))
        .statusCode,
    ).toBe(422);
    const item = (
      await admin.request({ method: 'POST', url: `/api/v1/${kind}.json`, payload: { name: 'Keep' } })
    ).json()[SINGULAR[kind]];
    for (const payload of [{ name: 'a', details: 'b' }, { colour: 'red' }, {}, { name: '' }]) {
      const res = await admin.request({ method: 'PUT', url: `/api/v1/${kind}/${item.id}.json`, payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
    }
    expect(
      (await admin.request({ method: 'PUT', url: `/api/v1/${kind}/999999.json`, payload: { name: 'x' } }))
        .statusCode,
    ).toBe(404);
    expect(
      (
        await orderer.request({
          method: 'PUT',
          url: `/api/v1/${kind}/${item.id}.json`,
          payload: { name: 'x' },
        })
      ).statusCode,
    ).toBe(403);
    const list = (await admin.request({ method: 'GET', url: `/api/v1/${kind}.json` })).json()[kind];
    expect(list.find((i: { id: number }) => i.id === item.id).name).toBe('Keep');
  });
});

describe('articles', () => {
  it('creates, edits one attribute and sanitises the HTML', async () => {
    const res = await admin.request({
      method: 'POST',
      url: '/api/v1/articles.json',
      payload: {
        certificate_type: 'birth',
        title: 'T',
        content: '<p onclick="x()">Hi<script>alert(1)</script></p>',
        category: 'guides',
        site: 'ukds',
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const article = res.json().article;
    expect(article.content).toBe('<p>Hi</p>');
    const put = await admin.request({
      method: 'PUT',
      url: `/api/v1/articles/${article.id}.json`,
      payload: { content: '<b>ok</b><img src="x" onerror="y">' },
    });
    expect(put.json().article.content).toBe('<b>ok</b><img src="x" />');
    expect(
      (
        await admin.request({
          method: 'PUT',
          url: `/api/v1/articles/${article.id}.json`,
          payload: { site: 'a', title: 'b' },
        })
      ).statusCode,
    ).toBe(422);
    expect(
      (await admin.request({ method: 'POST', url: '/api/v1/articles.json', payload: { title: 'only' } }))
        .statusCode,
    ).toBe(422);
    expect(
      (await orderer.request({ method: 'GET', url: '/api/v1/articles.json' })).json().articles.length,
    ).toBeGreaterThan(0);
  });
});
