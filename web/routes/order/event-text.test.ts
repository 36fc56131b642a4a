import { describe, expect, it } from 'vitest';
import type { OrderItemEvent } from '../../../domain/contract/order-item';
import { describeEvent } from './event-text';

/** An event at 09:15 London on 24/11/2026 by Alice, with no state change unless given. */
function event(action: string, payload: unknown, over: Partial<OrderItemEvent> = {}): OrderItemEvent {
  return {
    id: 1,
    action,
    from_state: 'waiting_gro',
    to_state: 'waiting_gro',
    payload,
    user: 'Alice Orderer',
    created_at: '2026-11-24T09:15:00.000Z',
    ...over,
  };
}

const facts = (e: OrderItemEvent) => describeEvent(e).facts;

describe('describeEvent', () => {
  it('names who and when as dd/MM/yyyy @ HH:mm in London, and the state change in labels', () => {
    const text = describeEvent(
      event('received_from_gro', {}, { from_state: 'waiting_gro', to_state: 'apostille_required' }),
    );
    expect(text).toEqual({
      title: 'Received from GRO',
      byline: 'Alice Orderer · 24/11/2026 @ 09:15',
      stateChange: 'Waiting GRO → Apostille Reqd.',
      facts: [],
      quote: null,
    });
    // Summer time: 23:30 UTC is 00:30 the next day in London; no user is the system.
    expect(
      describeEvent(event('reminder_due', {}, { user: null, created_at: '2026-07-31T23:30:00Z' })).byline,
    ).toBe('System · 01/08/2026 @ 00:30');
  });

  it('assignment: the orderer by name, never the id', () => {
    const text = facts(event('assign', { ordererId: 7 }, { assigned_to: 'Bob Orderer' }));
    expect(text).toEqual(['to: Bob Orderer']);
    expect(facts(event('assign', { ordererId: 7 }, { assigned_to: null })).join()).not.toMatch(/7/);
  });

  it('undo: what was undone in the title, and who has the item now', () => {
    expect(
      describeEvent(
        event(
          'undo',
          { undone: 'assign', ordererId: 7, back_to: null },
          { assigned_to: 'Bob Orderer', from_state: 'gro_order_required', to_state: 'unassigned' },
        ),
      ),
    ).toEqual({
      title: 'Undone: assigned to Bob Orderer',
      byline: 'Alice Orderer · 24/11/2026 @ 09:15',
      stateChange: 'GRO Order Reqd. → Unassigned',
      facts: ['now: unassigned'],
      quote: null,
    });
    const back = describeEvent(event('undo', { undone: 'assign', ordererId: 7, back_to: 'Cy Orderer' }));
    expect([back.title, back.stateChange, back.facts]).toEqual([
      'Undone: assigned to an orderer no longer listed',
      null,
      ['now with: Cy Orderer'],
    ]);
    expect(describeEvent(event('undo', { undone: 'flag' })).title).toBe('Undone: flagged');
    expect(describeEvent(event('undo', { undone: 'unflag' })).title).toBe('Undone: unflagged');
  });

  it('GRO order: destination and service labels, the cost in pounds, in a fixed order', () => {
    expect(
      facts(
        event('gro_order_placed', {
          reference: 'GRO-123',
          data: null,
          destination: 'office_apostille',
          service: 'priority',
          cost: 2340,
        }),
      ),
    ).toEqual([
      'service: Priority',
      'sent to: Office – apostille desk',
      'reference: GRO-123',
      'cost: £23.40',
    ]);
  });

  it('despatch: carrier and service labels, the recorded date as dd/MM/yyyy, the cost in pounds', () => {
    expect(
      facts(
        event('despatch', {
          despatchedOn: null,
          carrier: 'royal_mail',
          service: 'signed_for',
          cost: 400,
          reference: 'RM123GB',
          despatched_on: '2026-11-23',
        }),
      ),
    ).toEqual([
      'despatched on: 23/11/2026',
      'carrier: Royal Mail',
      'service: Signed For',
      'reference: RM123GB',
      'cost: £4.00',
    ]);
  });

  it('messages are quoted, not listed; a refund amount is in pounds; yes/no for a flag', () => {
    const gro = describeEvent(event('gro_communication', { message: 'No record found', refundAmount: 925 }));
    expect(gro.quote).toBe('No record found');
    expect(gro.facts).toEqual(['refund: £9.25']);
    const contact = describeEvent(
      event('contact_customer', { body: 'Please call us', responseRequired: true }),
    );
    expect(contact).toMatchObject({ quote: 'Please call us', facts: ['reply needed: yes'] });
    expect(describeEvent(event('escalate', { message: 'Stuck' })).quote).toBe('Stuck');
    expect(describeEvent(event('add_note', { body: 'Chase Monday' })).quote).toBe('Chase Monday');
    expect(describeEvent(event('reject_documents', { notes: 'Blurred' })).quote).toBe('Blurred');
  });

  it('cancellation: action and reason labels, the amount in pounds', () => {
    expect(
      facts(event('cancel_refund', { action: 'partial', reason: 'duplicate', amount: 1250, notes: null })),
    ).toEqual(['action: Cancel with partial refund', 'reason: Duplicate order', 'refund: £12.50']);
  });

  it('translation: where it goes back to, as the option list names it', () => {
    const text = describeEvent(event('send_for_translation', { notes: 'Urgent', despatchTo: 'customer' }));
    expect(text).toMatchObject({ quote: 'Urgent', facts: ['return to: Direct to customer'] });
  });

  it('Modify Order: each attribute by its form label and option label, money in pounds', () => {
    expect(
      facts(
        event('request_update', {
          new_in_pence: 5400,
          attributes: {
            serviceLevel: 'rapid',
            despatchBy: 'tracked',
            apostilleCountry: 'FR',
            scanSend: true,
            deliveryRegion: 'EC',
          },
          difference_in_pence: 1200,
          repriced: ['100001-2'],
        }),
      ),
    ).toEqual([
      'service level: Rapid',
      'despatch: Tracked',
      'apostille country: France',
      'scan and send: yes',
      'delivery region: Europe',
      'new subtotal: £54.00',
      'difference: £12.00',
      'also repriced: 100001-2',
    ]);
    expect(facts(event('confirm_update', { difference_in_pence: -500, refund_in_pence: 500 }))).toEqual([
      'difference: -£5.00',
      'refund: £5.00',
    ]);
    expect(facts(event('repriced', { via: '100001-1', from_in_pence: 2800, to_in_pence: 3100 }))).toEqual([
      'was: £28.00',
      'now: £31.00',
      'changed on: 100001-1',
    ]);
  });

  it('an inline edit: the field label, codes as names, dates as dd/MM/yyyy, an address on one line', () => {
    expect(facts(event('edit_field', { field: 'event_date', from: '1990-03-04', to: '1990-04-03' }))).toEqual(
      ['event date: 04/03/1990 → 03/04/1990'],
    );
    expect(facts(event('edit_field', { field: 'certificate_country', from: 'EW', to: 'SC' }))).toEqual([
      'certificate country: England & Wales → Scotland',
    ]);
    expect(facts(event('edit_field', { field: 'source_language', from: 'fr', to: 'de' }))).toEqual([
      'source language: French → German',
    ]);
    expect(
      facts(
        event('edit_field', {
          record: 'shipping_address_attributes',
          field: 'country_code',
          from: 'GB',
          to: 'IE',
          via: '100001-1',
        }),
      ),
    ).toEqual(['shipping country: United Kingdom → Ireland', 'changed on 100001-1']);
    expect(
      facts(
        event('edit_field', {
          field: 'address',
          from: null,
          to: { name: 'Jo Bloggs', line_1: '1 High St', city: 'Leeds', zip: 'LS1 1AA', country_code: 'GB' },
        }),
      ),
    ).toEqual(['address: — → Jo Bloggs, 1 High St, Leeds, LS1 1AA, United Kingdom']);
  });

  it('received dates and attachments: dd/MM/yyyy, the file name, ids left out', () => {
    expect(facts(event('original_received', { receivedOn: null, received_on: '2026-11-20' }))).toEqual([
      'received on: 20/11/2026',
    ]);
    expect(facts(event('attachment_uploaded', { attachment_id: 4, filename: 'scan.pdf' }))).toEqual([
      'file: scan.pdf',
    ]);
    expect(facts(event('attachment_toggle_approval', { attachment_id: 4, approved: null }))).toEqual([
      'approved: not reviewed',
    ]);
    expect(facts(event('add_to_fco_batch', { batchId: 3 }))).toEqual([]);
    expect(facts(event('approve_scan_send', { attachment_ids: [1, 2] }))).toEqual([]);
  });

  it('an unknown key reads as words; an unknown date as dd/MM/yyyy; no payload is no facts', () => {
    expect(facts(event('something_new', { dueOn: '2026-12-01', some_count: 1200 }))).toEqual([
      'due on: 01/12/2026',
      'some count: 1,200',
    ]);
    expect(facts(event('toggle_flag', null))).toEqual([]);
  });
});
