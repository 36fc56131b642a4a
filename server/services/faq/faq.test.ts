import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

type Category = {
  id: number;
  title: string;
  position: number;
  faqs: { id: number; question: string; position: number }[];
};
const list = async (): Promise<Category[]> =>
  (await admin.request({ method: 'GET', url: '/api/v1/faq_categories.json' })).json().faq_categories;
const post = (url: string, payload: object = {}) =>
  admin.request({ method: 'POST', url: `/api/v1/${url}.json`, payload });

async function category(title: string, questions: string[]) {
  const created = await post('faq_categories', { site: 'ukds', title });
  expect(created.statusCode, created.body).toBe(201);
  // Adding answers the written record, not the whole list.
  const cat: Category = created.json().faq_category;
  expect(cat).toMatchObject({ title, site: 'ukds', faqs: [] });
  for (const [i, q] of questions.entries()) {
    const faq = await post(`faq_categories/${cat.id}/faqs`, { question: q, answer: `A ${q}` });
    expect(faq.json()).toEqual({
      faq: { id: expect.any(Number), question: q, answer: `A ${q}`, position: i + 1 },
    });
  }
  return (await list()).find((c) => c.id === cat.id) as Category;
}
const questions = async (id: number) =>
  ((await list()).find((c) => c.id === id) as Category).faqs.map((f) => f.question);
const dense = (c: Category) => c.faqs.map((f) => f.position);

describe('FAQs', () => {
  it('every move, at the ends too, keeps positions dense', async () => {
    const cat = await category('Moves', ['a', 'b', 'c', 'd']);
    const id = (q: string) => (cat.faqs.find((f) => f.question === q) as { id: number }).id;
    const steps: [string, string, string[]][] = [
      ['c', 'move_to_top', ['c', 'a', 'b', 'd']],
      ['c', 'move_up', ['c', 'a', 'b', 'd']],
      ['c', 'move_down', ['a', 'c', 'b', 'd']],
      ['a', 'move_to_bottom', ['c', 'b', 'd', 'a']],
      ['a', 'move_down', ['c', 'b', 'd', 'a']],
      ['a', 'move_to_bottom', ['c', 'b', 'd', 'a']],
      ['c', 'move_to_top', ['c', 'b', 'd', 'a']],
      ['d', 'move_up', ['c', 'd', 'b', 'a']],
    ];
    for (const [q, move, expected] of steps) {
      const res = await post(`faqs/${id(q)}/${move}`);
      expect(res.statusCode, `${q} ${move}`).toBe(200);
      expect(await questions(cat.id), `${q} ${move}`).toEqual(expected);
    }
    expect(dense((await list()).find((c) => c.id === cat.id) as Category)).toEqual([1, 2, 3, 4]);
  });

  it('racing moves leave positions 1..n', async () => {
    const cat = await category('Race', ['a', 'b', 'c', 'd', 'e']);
    const moves = ['move_to_top', 'move_up', 'move_down', 'move_to_bottom'];
    await Promise.all(
      cat.faqs.flatMap((f, i) => [
        post(`faqs/${f.id}/${moves[i % 4]}`),
        post(`faqs/${f.id}/${moves[(i + 1) % 4]}`),
      ]),
    );
    const after = (await list()).find((c) => c.id === cat.id) as Category;
    expect(dense(after)).toEqual([1, 2, 3, 4, 5]);
    expect(after.faqs.map((f) => f.question).sort()).toEqual(['a', 'b', 'c', 'd', 'e']);
  });

  it('edits one attribute, deletes and closes the gap', async () => {
    const cat = await category('Edit', ['x', 'y', 'z']);
    const [x, y] = cat.faqs;
    const edited = await admin.request({
      method: 'PUT',
      url: `/api/v1/faqs/${x.id}.json`,
      payload: { question: 'x2' },
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toEqual({ faq: { id: x.id, question: 'x2', answer: 'A x', position: 1 } });
    expect(
      (
        await admin.request({
          method: 'PUT',
          url: `/api/v1/faqs/${x.id}.json`,
          payload: { question: 'q', answer: 'a' },
        })
      ).statusCode,
    ).toBe(422);
    expect((await admin.request({ method: 'DELETE', url: `/api/v1/faqs/${y.id}.json` })).statusCode).toBe(
      200,
    );
    const after = (await list()).find((c) => c.id === cat.id) as Category;
    expect(after.faqs.map((f) => [f.question, f.position])).toEqual([
      ['x2', 1],
      ['z', 2],
    ]);
    expect((await admin.request({ method: 'DELETE', url: `/api/v1/faqs/${y.id}.json` })).statusCode).toBe(
      404,
    );
  });
});

describe('FAQ categories', () => {
  it('move, edit and delete keep categories dense', async () => {
    const before = await list();
    const a = await category('Cat A', []);
    const b = await category('Cat B', []);
    expect((await post(`faq_categories/${b.id}/move_to_top`)).statusCode).toBe(200);
    let cats = await list();
    expect(cats[0].id).toBe(b.id);
    expect(cats.map((c) => c.position)).toEqual(cats.map((_, i) => i + 1));
    const edited = await admin.request({
      method: 'PUT',
      url: `/api/v1/faq_categories/${a.id}.json`,
      payload: { title: 'Cat A2' },
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().faq_category).toMatchObject({ id: a.id, title: 'Cat A2', faqs: [] });
    expect(
      (await admin.request({ method: 'DELETE', url: `/api/v1/faq_categories/${b.id}.json` })).statusCode,
    ).toBe(200);
    cats = await list();
    expect(cats.length).toBe(before.length + 1);
    expect(cats.map((c) => c.position)).toEqual(cats.map((_, i) => i + 1));
    expect(cats.find((c) => c.id === a.id)?.title).toBe('Cat A2');
  });

  it('refuses orderers (403), missing CSRF (403), bad input (422), unknown ids (404)', async () => {
    const cat = await category('Guarded', ['q']);
    expect(
      (
        await orderer.request({
          method: 'POST',
          url: `/api/v1/faq_categories/${cat.id}/move_up.json`,
          payload: {},
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (await orderer.request({ method: 'DELETE', url: `/api/v1/faqs/${cat.faqs[0].id}.json` })).statusCode,
    ).toBe(403);
    expect(
      (
        await admin.request({
          method: 'POST',
          url: '/api/v1/faq_categories.json',
          payload: { site: 'x' },
          csrf: null,
        })
      ).statusCode,
    ).toBe(403);
    expect((await post('faq_categories', { site: 'ukds' })).statusCode).toBe(422);
    expect((await post(`faq_categories/${cat.id}/faqs`, { question: 'no answer' })).statusCode).toBe(422);
    expect((await post('faq_categories/999999/faqs', { question: 'q', answer: 'a' })).statusCode).toBe(404);
    expect((await post('faqs/999999/move_up')).statusCode).toBe(404);
    expect((await orderer.request({ method: 'GET', url: '/api/v1/faq_categories.json' })).statusCode).toBe(
      200,
    );
  });
});

describe('reorder (one PUT with the whole ordered list)', () => {
  const put = (url: string, payload: unknown, agent: Agent = admin) =>
    agent.request({ method: 'PUT', url: `/api/v1/${url}.json`, payload: payload as object });

  it("puts a category's FAQs in the order sent and answers every category", async () => {
    const cat = await category('Reorder FAQs', ['one', 'two', 'three']);
    const [a, b, c] = cat.faqs.map((f) => f.id);
    const res = await put(`faq_categories/${cat.id}/faqs/order`, { ids: [c, a, b] });
    expect(res.statusCode, res.body).toBe(200);
    const answered = (res.json().faq_categories as Category[]).find((x) => x.id === cat.id) as Category;
    expect(answered.faqs.map((f) => [f.question, f.position])).toEqual([
      ['three', 1],
      ['one', 2],
      ['two', 3],
    ]);
    expect(await questions(cat.id)).toEqual(['three', 'one', 'two']);
  });

  it('puts the categories in the order sent', async () => {
    await category('Reorder cats', []);
    const ids = (await list()).map((c) => c.id);
    const reversed = [...ids].reverse();
    const res = await put('faq_categories/order', { ids: reversed });
    expect(res.statusCode, res.body).toBe(200);
    expect((await list()).map((c) => [c.id, c.position])).toEqual(reversed.map((id, i) => [id, i + 1]));
  });

  it('refuses a stale list (409): one missing, one extra or one from elsewhere, and changes nothing', async () => {
    const cat = await category('Stale', ['x', 'y']);
    const other = await category('Elsewhere', ['z']);
    const [x, y] = cat.faqs.map((f) => f.id);
    for (const ids of [[y], [y, x, 999_999], [y, other.faqs[0].id]]) {
      const res = await put(`faq_categories/${cat.id}/faqs/order`, { ids });
      expect(res.statusCode, JSON.stringify(ids)).toBe(409);
      expect(res.json().error.code).toBe('stale');
    }
    expect(await questions(cat.id)).toEqual(['x', 'y']);
    const before = await list();
    const res = await put('faq_categories/order', { ids: before.slice(1).map((c) => c.id) });
    expect(res.statusCode).toBe(409);
    expect(await list()).toEqual(before);
  });

  it('refuses garbage (422), orderers and a missing CSRF token (403), an unknown category (404)', async () => {
    const cat = await category('Garbage', ['p', 'q']);
    const [p, q] = cat.faqs.map((f) => f.id);
    const url = `faq_categories/${cat.id}/faqs/order`;
    for (const payload of [
      {},
      { ids: 'p,q' },
      { ids: [] },
      { ids: [p, p] },
      { ids: [p, -1] },
      { ids: [p, 'q'] },
    ]) {
      const res = await put(url, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
    }
    expect((await put(url, { ids: [q, p] }, orderer)).statusCode).toBe(403);
    const noCsrf = await admin.request({
      method: 'PUT',
      url: `/api/v1/${url}.json`,
      payload: { ids: [q, p] },
      csrf: null,
    });
    expect(noCsrf.statusCode).toBe(403);
    expect((await put('faq_categories/999999/faqs/order', { ids: [q, p] })).statusCode).toBe(404);
    expect(await questions(cat.id)).toEqual(['p', 'q']);
  });
});
