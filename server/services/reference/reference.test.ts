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

async function articleCategory(name: string): Promise<number> {
  const res = await admin.request({
    method: 'POST',
    url: '/api/v1/article_categories.json',
    payload: { name },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().article_category.id;
}

describe('articles', () => {
  it('creates under a managed category, edits one attribute and sanitises the HTML', async () => {
    const guides = await articleCategory('Guides A');
    const res = await admin.request({
      method: 'POST',
      url: '/api/v1/articles.json',
      payload: {
        certificate_type: 'birth',
        title: 'T',
        content: '<p onclick="x()">Hi<script>alert(1)</script></p>',
        category_id: guides,
        site: 'ukds',
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const article = res.json().article;
    expect(article).toMatchObject({ content: '<p>Hi</p>', category_id: guides, category: 'Guides A' });
    const put = await admin.request({
      method: 'PUT',
      url: `/api/v1/articles/${article.id}.json`,
      payload: { content: '<b>ok</b><img src="x" onerror="y">' },
    });
    expect(put.json().article.content).toBe('<b>ok</b>');
    // The older form of the API names the category; it is found ignoring case.
    const other = await articleCategory('News A');
    const byName = await admin.request({
      method: 'PUT',
      url: `/api/v1/articles/${article.id}.json`,
      payload: { category: 'news a' },
    });
    expect(byName.json().article).toMatchObject({ category_id: other, category: 'News A' });
    for (const payload of [{ site: 'a', title: 'b' }, { category_id: 999_999 }, { category: 'Nope' }]) {
      const refused = await admin.request({
        method: 'PUT',
        url: `/api/v1/articles/${article.id}.json`,
        payload,
      });
      expect(refused.statusCode, JSON.stringify(payload)).toBe(422);
    }
    expect(
      (await admin.request({ method: 'POST', url: '/api/v1/articles.json', payload: { title: 'only' } }))
        .statusCode,
    ).toBe(422);
    const listed = (await orderer.request({ method: 'GET', url: '/api/v1/articles.json' })).json().articles;
    expect(listed.find((a: { id: number }) => a.id === article.id)).toMatchObject({ category: 'News A' });
  });

  it('takes the certificate type and site only from their lists (422 naming the field, changing nothing)', async () => {
    const guides = await articleCategory('Guides L');
    const good = {
      certificate_type: 'death',
      title: 'Listed',
      content: '<p>x</p>',
      category_id: guides,
      site: 'ukds',
    };
    const refusedField = async (method: 'POST' | 'PUT', url: string, payload: object) => {
      const res = await admin.request({ method, url, payload });
      expect(res.statusCode, res.body).toBe(422);
      return res.json().error.details.map((d: { field: string }) => d.field);
    };
    for (const [field, value] of [
      ['certificate_type', 'Birth Certificate'],
      ['certificate_type', 'passport'],
      ['site', 'elsewhere'],
      ['site', 'UKDS'],
    ]) {
      const payload = { ...good, [field]: value };
      expect(await refusedField('POST', '/api/v1/articles.json', payload), value).toEqual([field]);
    }
    const before = (await orderer.request({ method: 'GET', url: '/api/v1/articles.json' })).json().articles;
    expect(before.some((a: { title: string }) => a.title === 'Listed')).toBe(false);

    const created = await admin.request({ method: 'POST', url: '/api/v1/articles.json', payload: good });
    expect(created.statusCode, created.body).toBe(201);
    const { id } = created.json().article;
    expect(await refusedField('PUT', `/api/v1/articles/${id}.json`, { certificate_type: 'wills' })).toEqual([
      'certificate_type',
    ]);
    expect(await refusedField('PUT', `/api/v1/articles/${id}.json`, { site: 'other-site' })).toEqual([
      'site',
    ]);
    const after = (await orderer.request({ method: 'GET', url: '/api/v1/articles.json' })).json().articles;
    expect(after.find((a: { id: number }) => a.id === id)).toMatchObject({
      certificate_type: 'death',
      site: 'ukds',
    });
  });

  it('strips scripts, event handlers, javascript: links and styles, keeping what the editor makes', async () => {
    const guides = await articleCategory('Guides B');
    const editorHtml =
      '<h2>Heading</h2><p><strong>bold</strong> <em>italic</em> <s>gone</s> <code>x</code></p>' +
      '<ul><li><p>one</p></li></ul><ol start="3"><li><p>three</p></li></ol><blockquote><p>q</p></blockquote>' +
      '<p><a target="_blank" rel="noopener noreferrer nofollow" href="https://example.com">link</a><br>next</p>';
    const dirty =
      '<script>alert(1)</script><p style="color:red" onmouseover="x()">hi</p>' +
      '<img src="x" onerror="alert(1)"><a href="javascript:alert(1)">bad</a>' +
      '<a href="JaVaScRiPt:alert(1)" target="_blank">bad2</a><iframe src="https://evil.test"></iframe>' +
      '<a href="https://ok.test" target="_top" onclick="x()">ok</a>';
    const res = await admin.request({
      method: 'POST',
      url: '/api/v1/articles.json',
      payload: {
        certificate_type: 'birth',
        title: 'S',
        content: editorHtml + dirty,
        category_id: guides,
        site: 'ukds',
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const content: string = res.json().article.content;
    // What the editor makes survives (attributes in the sanitiser's order, void tags self-closed).
    const kept = editorHtml
      .replace(
        '<a target="_blank" rel="noopener noreferrer nofollow" href="https://example.com">',
        '<a href="https://example.com" target="_blank" rel="noopener noreferrer nofollow">',
      )
      .replace('<br>', '<br />');
    expect(content.slice(0, kept.length)).toBe(kept);
    expect(content.slice(kept.length)).toBe(
      '<p>hi</p><a>bad</a><a target="_blank" rel="noopener noreferrer nofollow">bad2</a><a href="https://ok.test">ok</a>',
    );
    expect(content).not.toMatch(/script|onerror|onmouseover|onclick|javascript:|style=|<img|<iframe/i);
  });
});

describe('article categories', () => {
  const categories = async () =>
    (await orderer.request({ method: 'GET', url: '/api/v1/article_categories.json' })).json()
      .article_categories as { id: number; name: string; position: number; article_count: number }[];

  it('admins add, rename, reorder and delete an unused category; everyone reads', async () => {
    const a = await articleCategory('Cat one');
    const b = await articleCategory('Cat two');
    const rename = await admin.request({
      method: 'PUT',
      url: `/api/v1/article_categories/${a}.json`,
      payload: { name: 'Cat first' },
    });
    expect(rename.statusCode, rename.body).toBe(200);
    expect(rename.json().article_category).toMatchObject({ id: a, name: 'Cat first', article_count: 0 });
    const ids = (await categories()).map((c) => c.id);
    const order = [b, ...ids.filter((id) => id !== b)];
    const reordered = await admin.request({
      method: 'PUT',
      url: '/api/v1/article_categories/order.json',
      payload: { ids: order },
    });
    expect(reordered.statusCode, reordered.body).toBe(200);
    expect((await categories()).map((c) => [c.id, c.position])).toEqual(order.map((id, i) => [id, i + 1]));
    const deleted = await admin.request({ method: 'DELETE', url: `/api/v1/article_categories/${a}.json` });
    expect(deleted.statusCode, deleted.body).toBe(200);
    const after = await categories();
    expect(after.some((c) => c.id === a)).toBe(false);
    expect(after.map((c) => c.position)).toEqual(after.map((_, i) => i + 1));
  });

  it('refuses to delete a category in use (409 with the count) and a duplicate name (409)', async () => {
    const used = await articleCategory('Used');
    for (const title of ['U1', 'U2']) {
      await admin.request({
        method: 'POST',
        url: '/api/v1/articles.json',
        payload: { certificate_type: 'birth', title, content: '<p>x</p>', category_id: used, site: 'ukds' },
      });
    }
    const res = await admin.request({ method: 'DELETE', url: `/api/v1/article_categories/${used}.json` });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({
      code: 'conflict',
      details: [{ field: 'article_count', message: '2 articles use it.' }],
    });
    expect(res.json().error.message).toContain('2 articles use this category');
    expect((await categories()).find((c) => c.id === used)).toMatchObject({ article_count: 2 });
    const dup = await admin.request({
      method: 'POST',
      url: '/api/v1/article_categories.json',
      payload: { name: 'used' },
    });
    expect(dup.statusCode).toBe(409);
    const other = await articleCategory('Other');
    const dupRename = await admin.request({
      method: 'PUT',
      url: `/api/v1/article_categories/${other}.json`,
      payload: { name: 'USED' },
    });
    expect(dupRename.statusCode).toBe(409);
    expect((await categories()).find((c) => c.id === other)?.name).toBe('Other');
  });

  it('refuses orderers, a missing CSRF token, bad input, stale or garbage orders and unknown ids', async () => {
    const id = await articleCategory('Guarded');
    const before = await categories();
    const calls = [
      { method: 'POST', url: '/api/v1/article_categories.json', payload: { name: 'x' } },
      { method: 'PUT', url: `/api/v1/article_categories/${id}.json`, payload: { name: 'x' } },
      { method: 'DELETE', url: `/api/v1/article_categories/${id}.json` },
      {
        method: 'PUT',
        url: '/api/v1/article_categories/order.json',
        payload: { ids: before.map((c) => c.id) },
      },
    ] as const;
    for (const call of calls) {
      expect((await orderer.request(call)).statusCode, `${call.method} ${call.url}`).toBe(403);
      expect((await admin.request({ ...call, csrf: null })).statusCode, `${call.method} ${call.url}`).toBe(
        403,
      );
    }
    for (const payload of [{}, { name: '  ' }, { name: 'x'.repeat(101) }]) {
      const res = await admin.request({ method: 'POST', url: '/api/v1/article_categories.json', payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
    }
    const order = (ids: unknown) =>
      admin.request({
        method: 'PUT',
        url: '/api/v1/article_categories/order.json',
        payload: { ids } as object,
      });
    const ids = before.map((c) => c.id);
    expect((await order(ids.slice(1))).statusCode).toBe(409);
    expect((await order([...ids, 999_999])).statusCode).toBe(409);
    for (const garbage of [null, 'all', [], [ids[0], ids[0]], [0], ['1']]) {
      expect((await order(garbage)).statusCode, JSON.stringify(garbage)).toBe(422);
    }
    expect(
      (
        await admin.request({
          method: 'PUT',
          url: '/api/v1/article_categories/999999.json',
          payload: { name: 'y' },
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await admin.request({ method: 'DELETE', url: '/api/v1/article_categories/999999.json' })).statusCode,
    ).toBe(404);
    expect(await categories()).toEqual(before);
  });
});
