import { describe, expect, it } from 'vitest';
import type { OrderItemState } from '../states';
import {
  ADMIN,
  ALICE,
  deedPollItem,
  SYSTEM,
  translationItem,
  type WorkItemOverrides,
  workItem,
} from '../testing/work-item';
import { decide } from './decide';
import { documentsApprovalBlock } from './documents';
import type { Decision, Outcome, WorkflowAction, WorkItem } from './types';

const NOW = new Date('2026-03-10T10:00:00Z');

function accepted(decision: Decision): Outcome {
  if (!decision.ok) throw new Error(`refused: ${decision.code} ${decision.message}`);
  return decision;
}

describe('translation and deed poll transitions of PRODUCT.md section 5', () => {
  it.each<[string, WorkItem, WorkflowAction, OrderItemState]>([
    [
      'received_from_customer',
      translationItem({ currentState: 'waiting_delivery' }),
      { type: 'received_from_customer' },
      'review_documents',
    ],
    [
      'translation approve_documents',
      translationItem(),
      { type: 'approve_documents' },
      'ready_for_translation',
    ],
    [
      'translation reject_documents',
      translationItem(),
      { type: 'reject_documents', notes: 'Blurred' },
      'review_documents',
    ],
    [
      'send_for_translation',
      translationItem({ currentState: 'ready_for_translation' }),
      { type: 'send_for_translation', notes: 'Polish', despatchTo: 'office_orders' },
      'waiting_translation',
    ],
    [
      'translation_received',
      translationItem({ currentState: 'waiting_translation' }),
      { type: 'translation_received' },
      'despatch_required',
    ],
    [
      'translation_complete',
      translationItem({ currentState: 'waiting_translation' }),
      { type: 'translation_complete' },
      'order_complete',
    ],
    [
      'translation despatch',
      translationItem({ currentState: 'despatch_required' }),
      {
        type: 'despatch',
        despatchedOn: '2026-03-10',
        carrier: 'ups',
        service: 'ups_uk',
        cost: null,
        reference: null,
      },
      'order_complete',
    ],
    ['deed poll approve_documents', deedPollItem(), { type: 'approve_documents' }, 'despatch_required'],
    [
      'deed poll reject_documents',
      deedPollItem(),
      { type: 'reject_documents', notes: 'Unsigned' },
      'review_documents',
    ],
    [
      'deed poll despatch',
      deedPollItem({ currentState: 'despatch_required' }),
      {
        type: 'despatch',
        despatchedOn: null,
        carrier: 'royal_mail',
        service: 'signed_for',
        cost: null,
        reference: null,
      },
      'order_complete',
    ],
  ])('%s', (_name, item, action, to) => {
    const result = accepted(decide(item, action, ALICE, NOW));
    expect(result.patch.currentState ?? item.currentState).toBe(to);
  });

  it.each<[string, WorkItem, WorkflowAction]>([
    [
      'received_from_customer outside waiting_delivery',
      translationItem(),
      { type: 'received_from_customer' },
    ],
    [
      'approve outside review_documents',
      translationItem({ currentState: 'ready_for_translation' }),
      { type: 'approve_documents' },
    ],
    ['approve an unassigned item', translationItem({ userId: null }), { type: 'approve_documents' }],
    [
      'reject an unassigned item',
      translationItem({ userId: null }),
      { type: 'reject_documents', notes: 'x' },
    ],
    ['approve a certificate', workItem({ currentState: 'review_documents' }), { type: 'approve_documents' }],
    [
      'send for translation outside ready_for_translation',
      translationItem(),
      { type: 'send_for_translation', notes: null, despatchTo: 'customer' },
    ],
    ['translation_received outside waiting_translation', translationItem(), { type: 'translation_received' }],
    ['translation_complete outside waiting_translation', translationItem(), { type: 'translation_complete' }],
  ])('refuses %s with wrong_state', (_name, item, action) => {
    expect(decide(item, action, ADMIN, NOW)).toMatchObject({ ok: false, code: 'wrong_state' });
  });

  it.each<[string, WorkItem['attachments']]>([
    ['with no attachment', []],
    [
      'when every attachment is rejected',
      [
        { id: 1, selected: false, approved: false },
        { id: 2, selected: false, approved: false },
      ],
    ],
  ])('refuses to approve the documents %s, with the reason', (_name, attachments) => {
    for (const item of [translationItem({ attachments }), deedPollItem({ attachments })]) {
      const refusal = decide(item, { type: 'approve_documents' }, ALICE, NOW);
      expect(refusal).toMatchObject({ ok: false, code: 'wrong_state' });
      expect(refusal.ok ? '' : refusal.message).toContain(documentsApprovalBlock(attachments) ?? 'a reason');
    }
  });

  it('approving the step approves the files not reviewed yet and leaves rejected ones rejected', () => {
    const attachments = [
      { id: 1, selected: false, approved: null },
      { id: 2, selected: false, approved: true },
      { id: 3, selected: false, approved: false },
      { id: 4, selected: true, approved: null },
    ];
    const result = accepted(
      decide(translationItem({ attachments }), { type: 'approve_documents' }, ALICE, NOW),
    );
    expect(result.approveAttachmentIds).toEqual([1, 4]);
    expect(result.events[0].payload).toMatchObject({ approved_attachment_ids: [1, 4] });
    expect(documentsApprovalBlock(attachments)).toBeNull();
  });

  it('approving sets approved and settles an outstanding rejection', () => {
    const result = accepted(
      decide(translationItem({ waitingCustomerResponse: true }), { type: 'approve_documents' }, ALICE, NOW),
    );
    expect(result.patch).toMatchObject({ approved: true, waitingCustomerResponse: false, isOnHold: false });
  });

  it('rejecting needs feedback, waits for the customer and e-mails the notes', () => {
    expect(decide(translationItem(), { type: 'reject_documents', notes: ' ' }, ALICE, NOW)).toMatchObject({
      code: 'invalid_input',
      message: 'Please provide some feedback to the customer!',
    });
    const result = accepted(
      decide(translationItem(), { type: 'reject_documents', notes: 'Page 2 is missing' }, ALICE, NOW),
    );
    expect(result.patch).toMatchObject({ waitingCustomerResponse: true, approved: false });
    expect(result.patch.nextReminderAt).toEqual(new Date('2026-03-17T10:00:00Z'));
    expect(result.emails[0]).toMatchObject({ kind: 'documents_rejected' });
    expect(result.emails[0]?.text).toContain('Page 2 is missing');
  });

  it('a customer upload clears a rejection and tells the assignee', () => {
    const result = accepted(
      decide(translationItem({ waitingCustomerResponse: true }), { type: 'customer_upload' }, SYSTEM, NOW),
    );
    expect(result.patch).toMatchObject({ waitingCustomerResponse: false });
    expect(result.notifications[0]).toMatchObject({ to: 2, kind: 'customer_upload' });
    expect(accepted(decide(translationItem(), { type: 'customer_upload' }, SYSTEM, NOW)).patch).toEqual({});
  });

  it('send_for_translation needs a known destination and keeps the notes', () => {
    const item = translationItem({ currentState: 'ready_for_translation' });
    expect(
      decide(item, { type: 'send_for_translation', notes: null, despatchTo: 'mars' }, ALICE, NOW),
    ).toMatchObject({
      code: 'invalid_input',
    });
    const result = accepted(
      decide(item, { type: 'send_for_translation', notes: 'Urgent', despatchTo: 'customer' }, ALICE, NOW),
    );
    expect(result.comments).toEqual([{ kind: 'translation', body: 'Urgent' }]);
  });
});

describe('notes, flag and originals', () => {
  it.each<[string, WorkItemOverrides]>([
    ['unassigned', { currentState: 'unassigned', userId: null }],
    ['cancelled', { currentState: 'cancelled' }],
    ['escalated', { currentState: 'apostille_escalation', isEscalated: true }],
  ])('notes and flags work in any state (%s), by any orderer', (_name, over) => {
    const item = workItem(over);
    const bob = { kind: 'user', id: 3, role: 'orderer' } as const;
    expect(accepted(decide(item, { type: 'add_note', body: 'Called GRO' }, bob, NOW)).comments).toEqual([
      { kind: 'note', body: 'Called GRO' },
    ]);
    expect(accepted(decide(item, { type: 'toggle_flag' }, bob, NOW)).patch).toEqual({ flagged: true });
    expect(accepted(decide({ ...item, flagged: true }, { type: 'toggle_flag' }, bob, NOW)).patch).toEqual({
      flagged: false,
    });
  });

  it('a note needs a body', () => {
    expect(decide(workItem(), { type: 'add_note', body: '' }, ALICE, NOW)).toMatchObject({
      code: 'invalid_input',
    });
  });

  it('original_received records the London day without a state change', () => {
    const result = accepted(
      decide(
        workItem(),
        { type: 'original_received', receivedOn: null },
        ALICE,
        new Date('2026-07-01T23:30:00Z'),
      ),
    );
    expect(result.patch).toEqual({ originalReceivedOn: '2026-07-02' });
    expect(
      accepted(decide(workItem(), { type: 'original_received', receivedOn: '2026-01-05' }, ALICE, NOW)).patch,
    ).toEqual({
      originalReceivedOn: '2026-01-05',
    });
    expect(
      decide(workItem(), { type: 'original_received', receivedOn: 'yesterday' }, ALICE, NOW),
    ).toMatchObject({
      code: 'invalid_input',
    });
  });
});
