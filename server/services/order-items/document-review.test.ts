/**
 * The document review (docs/decisions/document-review.md): approving the documents needs a file that is not
 * rejected, each file is approved or rejected on its own with who and when, and approving the step approves
 * the files not reviewed yet. Every refusal leaves the item, its files, events and outbox as they were.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderableType } from '../../../domain/states';
import { attachments } from '../../db/schema';
import { buildAttachment, buildOrderItem } from '../../test/factories';
import { type Agent, buildUser, createTestApp, signInAs, type TestContext } from '../../test/harness';
import { act, snapshot } from '../../test/items';

let ctx: TestContext;
let alice: Agent;
let bob: Agent;
let aliceId: number;
beforeAll(async () => {
  ctx = await createTestApp();
  const al = await buildUser(ctx.database, { name: 'Alice Reviewer' });
  const b = await buildUser(ctx.database);
  aliceId = al.id;
  alice = await signInAs(ctx.app, al.email);
  bob = await signInAs(ctx.app, b.email);
});
afterAll(() => ctx.close());

const inReview = (orderableType: OrderableType = 'Translation') =>
  buildOrderItem(ctx.database, { userId: aliceId, orderableType, currentState: 'review_documents' });

/** The item, its events and outbox, and every file's review columns: what a refusal must not change. */
async function everything(itemId: number) {
  const files = await ctx.database.db
    .select()
    .from(attachments)
    .where(eq(attachments.orderItemId, itemId))
    .orderBy(attachments.id);
  return { ...(await snapshot(ctx.database, itemId)), files };
}

const fileCall = (ref: string, id: number | string, call: string, payload: unknown = {}, agent = alice) =>
  act(agent, ref, `attachments/${id}/${call}`, payload);

describe('approving the documents', () => {
  it.each(['Translation', 'AdultDeedPoll'] as const)(
    '%s without any attachment: 409, nothing changes',
    async (type) => {
      const item = await inReview(type);
      const before = await everything(item.id);
      const res = await act(alice, item.ref, 'approve_documents');
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json().error).toMatchObject({ code: 'wrong_state' });
      expect(res.json().error.message).toMatch(/no documents have been uploaded/);
      expect(await everything(item.id)).toEqual(before);
    },
  );

  it('when every attachment is rejected: 409, nothing changes', async () => {
    const item = await inReview();
    await buildAttachment(ctx.database, item.id, { approved: false, rejectionReason: 'Blurred' });
    const before = await everything(item.id);
    const res = await act(alice, item.ref, 'approve_documents');
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toMatch(/every attachment is rejected/);
    expect(await everything(item.id)).toEqual(before);
  });

  it('approves the files not reviewed yet, keeps the rejected ones, and is not applied twice', async () => {
    const item = await inReview();
    const fresh = await buildAttachment(ctx.database, item.id, { filename: 'page-1.pdf' });
    const rejected = await buildAttachment(ctx.database, item.id, {
      filename: 'selfie.jpg',
      approved: false,
      rejectionReason: 'Not a document',
    });
    const res = await act(alice, item.ref, 'approve_documents');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json().order_item;
    expect(body.current_state).toBe('ready_for_translation');
    const files = new Map(body.ukds_attachments.map((a: { id: number }) => [a.id, a]));
    expect(files.get(fresh.id)).toMatchObject({ approved: true, reviewed_by: 'Alice Reviewer' });
    expect(files.get(rejected.id)).toMatchObject({ approved: false, rejection_reason: 'Not a document' });
    expect(body.events[0]).toMatchObject({
      action: 'approve_documents',
      payload: { approved_attachment_ids: [fresh.id] },
    });

    const after = await everything(item.id);
    const again = await act(alice, item.ref, 'approve_documents');
    expect(again.statusCode).toBe(409);
    expect(await everything(item.id)).toEqual(after);
  });
});

describe('reviewing one file', () => {
  it('approve records who and when, on the file and the timeline; a repeat records nothing', async () => {
    const item = await inReview();
    const file = await buildAttachment(ctx.database, item.id);
    const res = await fileCall(item.ref, file.id, 'approve');
    expect(res.statusCode, res.body).toBe(200);
    const shown = res.json().order_item;
    expect(shown.ukds_attachments[0]).toMatchObject({
      approved: true,
      reviewed_by: 'Alice Reviewer',
      rejection_reason: null,
    });
    expect(Date.parse(shown.ukds_attachments[0].reviewed_at)).not.toBeNaN();
    expect(shown.events[0]).toMatchObject({
      action: 'attachment_approved',
      payload: { attachment_id: file.id },
    });
    expect(shown.current_state).toBe('review_documents');

    const after = await everything(item.id);
    const repeat = await fileCall(item.ref, file.id, 'approve');
    expect(repeat.statusCode).toBe(200);
    expect(await everything(item.id)).toEqual(after);
  });

  it('reject needs a reason (422 naming the field) and keeps it; a repeat records nothing', async () => {
    const item = await inReview();
    const file = await buildAttachment(ctx.database, item.id);
    const before = await everything(item.id);
    for (const payload of [{}, { rejection: {} }, { rejection: { reason: '   ' } }]) {
      const refused = await fileCall(item.ref, file.id, 'reject', payload);
      expect(refused.statusCode, refused.body).toBe(422);
      expect(refused.json().error.code).toBe('invalid_input');
      expect(JSON.stringify(refused.json().error.details)).toMatch(/rejection/);
    }
    expect(await everything(item.id)).toEqual(before);

    const body = { rejection: { reason: 'The corners are cut off.' } };
    const res = await fileCall(item.ref, file.id, 'reject', body);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().order_item.ukds_attachments[0]).toMatchObject({
      approved: false,
      rejection_reason: 'The corners are cut off.',
      reviewed_by: 'Alice Reviewer',
    });
    expect(res.json().order_item.events[0]).toMatchObject({
      action: 'attachment_rejected',
      payload: { reason: 'The corners are cut off.' },
    });
    const after = await everything(item.id);
    expect((await fileCall(item.ref, file.id, 'reject', body)).statusCode).toBe(200);
    expect(await everything(item.id)).toEqual(after);

    // Approving a rejected file clears the reason.
    const approved = await fileCall(item.ref, file.id, 'approve');
    expect(approved.json().order_item.ukds_attachments[0]).toMatchObject({
      approved: true,
      rejection_reason: null,
    });
  });

  it('refuses garbage with a 4xx and changes nothing', async () => {
    const item = await inReview();
    const file = await buildAttachment(ctx.database, item.id);
    const other = await inReview();
    const before = await everything(item.id);
    const answers = await Promise.all([
      fileCall(item.ref, file.id, 'reject', { rejection: { reason: 42 } }),
      fileCall(item.ref, file.id, 'reject', { rejection: { reason: 'x'.repeat(501) } }),
      fileCall(item.ref, file.id, 'reject', ['not', 'an', 'object']),
      fileCall(item.ref, 'abc', 'approve'),
      fileCall(item.ref, 2_147_483_648, 'approve'),
      fileCall(other.ref, file.id, 'approve'),
      fileCall('NO-SUCH-REF', file.id, 'approve'),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([422, 422, 422, 404, 404, 404, 404]);
    for (const a of answers) expect(a.json().error.message).toBeTruthy();
    expect(await everything(item.id)).toEqual(before);
  });

  it('refuses another orderer and a missing CSRF token (403), changing nothing', async () => {
    const item = await inReview();
    const file = await buildAttachment(ctx.database, item.id);
    const before = await everything(item.id);
    expect((await fileCall(item.ref, file.id, 'approve', {}, bob)).statusCode).toBe(403);
    const noCsrf = await act(alice, item.ref, `attachments/${file.id}/approve`, {}, null);
    expect(noCsrf.statusCode).toBe(403);
    expect(await everything(item.id)).toEqual(before);
  });
});
