/**
 * The contract's own rules beyond field types, both ways: how a path segment names a record, and the
 * refinements that tie one field to another (a bulk action's own field, a date range, a work queue's orderer,
 * a storefront item's three type fields, its product line's own fields and an event date not in the future).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { z } from 'zod';
import { keyKind, MAX_ID } from './common';
import { BulkRequestSchema } from './lists';
import { OutboxQuerySchema } from './outbox';
import { MatchingIdsQuerySchema } from './queues';
import { StorefrontOrderItemSchema } from './storefront';

/** Every issue of a parse as `path: message`, or [] when it parses. */
function issues(schema: z.ZodType, body: unknown): string[] {
  const result = schema.safeParse(body);
  return result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
}

describe('keyKind', () => {
  it.each<[string, ReturnType<typeof keyKind>]>([
    ['1', { kind: 'id', id: 1 }],
    [String(MAX_ID), { kind: 'id', id: MAX_ID }],
    [String(MAX_ID + 1), { kind: 'none' }],
    ['0', { kind: 'none' }],
    ['99999999999999999999999', { kind: 'none' }],
    ['100234-1', { kind: 'ref' }],
    ['C-5001', { kind: 'ref' }],
    ['', { kind: 'ref' }],
  ])('%j names %j', (key, kind) => {
    expect(keyKind(key)).toEqual(kind);
  });
});

describe('BulkRequestSchema', () => {
  const bulk = (over: Record<string, unknown>) => ({ bulk: { order_item_ids: [1, 2], ...over } });
  it.each<[string, Record<string, unknown>, string[]]>([
    ['an assignment to an orderer', { action: 'assign', orderer_id: 3 }, []],
    ['an assignment to nobody', { action: 'assign' }, ['bulk.orderer_id: Choose an orderer.']],
    ['a note with its text', { action: 'note', body: 'Chase the GRO.' }, []],
    ['a note without text', { action: 'note' }, ['bulk.body: Write the note.']],
    ['a note of spaces', { action: 'note', body: '   ' }, ['bulk.body: Write the note.']],
    ['a flag, which needs neither', { action: 'flag' }, []],
    ['an unflag with an orderer it ignores', { action: 'unflag', orderer_id: 3 }, []],
  ])('%s', (_name, over, expected) => {
    expect(issues(BulkRequestSchema, bulk(over))).toEqual(expected);
  });
});

describe('OutboxQuerySchema', () => {
  it.each<[string, Record<string, string>, string[]]>([
    ['no dates', {}, []],
    ['a first day only', { from: '2026-03-01' }, []],
    ['a last day only', { until: '2026-03-01' }, []],
    ['one day', { from: '2026-03-01', until: '2026-03-01' }, []],
    ['a range', { from: '2026-03-01', until: '2026-03-31' }, []],
    [
      'a range the wrong way round',
      { from: '2026-03-31', until: '2026-03-01' },
      ['until: The last day must not be before the first.'],
    ],
  ])('%s', (_name, query, expected) => {
    expect(issues(OutboxQuerySchema, query)).toEqual(expected);
  });
});

describe('MatchingIdsQuerySchema', () => {
  it.each<[string, Record<string, string>, string[]]>([
    ['my queue', { scope: 'my_queue' }, []],
    ['the escalations desk', { scope: 'escalations', sort: 'escalated_at' }, []],
    ['the dashboard', { scope: 'dashboard' }, []],
    ['a work queue with its orderer', { scope: 'work_queue', orderer_id: '3' }, []],
    [
      'a work queue without its orderer',
      { scope: 'work_queue' },
      ['orderer_id: Choose the orderer whose queue it is.'],
    ],
  ])('%s', (_name, query, expected) => {
    expect(issues(MatchingIdsQuerySchema, query)).toEqual(expected);
  });
});

describe("StorefrontOrderItemSchema: the item's three type fields agree", () => {
  const item = (orderable_type: string, type: string, orderable: Record<string, unknown> = {}) => ({
    orderable_type,
    type,
    net_value: 2800,
    orderable,
  });
  it.each<[string, ReturnType<typeof item>, string[]]>([
    ['a birth certificate', item('Certificate', 'Birth Certificate'), []],
    ['a divorce certificate', item('DivorceCertificate', 'Divorce Certificate'), []],
    [
      'a translation with its kind',
      item('Translation', 'Sworn Translation', { type: 'SwornTranslation' }),
      [],
    ],
    ['a translation without its kind', item('Translation', 'Certified Translation'), []],
    ['a kind sent as null', item('Translation', 'Certified Translation', { type: null }), []],
    [
      'a Certificate that is a translation',
      item('Certificate', 'Sworn Translation'),
      ['type: A Certificate item is a Birth Certificate, a Marriage Certificate or a Death Certificate.'],
    ],
    [
      'a DivorceCertificate that is a birth certificate',
      item('DivorceCertificate', 'Birth Certificate'),
      ['type: A DivorceCertificate item is a Divorce Certificate.'],
    ],
    [
      'a translation of another kind',
      item('Translation', 'Sworn Translation', { type: 'NotarisedTranslation' }),
      ['orderable.type: A Sworn Translation has the orderable type SwornTranslation.'],
    ],
    [
      'a certificate with a translation kind',
      item('Certificate', 'Birth Certificate', { type: 'CertifiedTranslation' }),
      ['orderable.type: Only a translation has an orderable type.'],
    ],
  ])('%s', (_name, body, expected) => {
    expect(issues(StorefrontOrderItemSchema, body)).toEqual(expected);
  });

  it('checks the kinds only once the type fields parse, so a bad type is not reported twice', () => {
    expect(issues(StorefrontOrderItemSchema, item('Certificate', 'Birth Cert'))).toEqual([
      expect.stringMatching(/^type: /),
    ]);
  });
});

describe("StorefrontOrderItemSchema: an item carries only its own product line's fields", () => {
  const item = (orderable_type: string, type: string, orderable: Record<string, unknown> = {}) => ({
    orderable_type,
    type,
    net_value: 2800,
    orderable,
  });
  const certificateFields = {
    certificate_country: 'EW',
    event_date: '1990-03-14',
    event_place: 'Leeds',
    firstname_c: 'Ann',
    surname_c: 'Smith',
  };
  it.each<[string, ReturnType<typeof item>, string[]]>([
    [
      'a birth certificate with all its fields',
      item('Certificate', 'Birth Certificate', certificateFields),
      [],
    ],
    [
      'a translation with its own',
      item('Translation', 'Certified Translation', {
        pages: 3,
        source_language: 'fr',
        documents_by_post: true,
      }),
      [],
    ],
    [
      'a deed poll with nothing of another line sent (nulls and blanks say nothing)',
      item('AdultDeedPoll', 'Adult Deed Poll', {
        firstname_b: 'New',
        event_date: null,
        event_place: '  ',
        pages: null,
        documents_by_post: false,
      }),
      [],
    ],
    [
      'a deed poll with certificate fields',
      item('AdultDeedPoll', 'Adult Deed Poll', { event_date: '1990-03-14', certificate_country: 'EW' }),
      [
        'orderable.certificate_country: Only certificates have certificate_country: leave it out of a deed poll.',
        'orderable.event_date: Only certificates have event_date: leave it out of a deed poll.',
      ],
    ],
    [
      'a child deed poll with a translation field',
      item('ChildDeedPoll', 'Child Deed Poll', { pages: 2 }),
      ['orderable.pages: Only translations have pages: leave it out of a deed poll.'],
    ],
    [
      'a translation with an event place',
      item('Translation', 'Sworn Translation', { event_place: 'York' }),
      ['orderable.event_place: Only certificates have event_place: leave it out of a translation.'],
    ],
    [
      'a divorce certificate with a source language',
      item('DivorceCertificate', 'Divorce Certificate', { source_language: 'de', firstname_c: 'X' }),
      ['orderable.source_language: Only translations have source_language: leave it out of a certificate.'],
    ],
  ])('%s', (_name, body, expected) => {
    expect(issues(StorefrontOrderItemSchema, body)).toEqual(expected);
  });
});

describe('StorefrontOrderItemSchema: an event date is not in the future, by the London calendar', () => {
  afterEach(() => {
    vi.useRealTimers();
  });
  const birth = (event_date: string) => ({
    orderable_type: 'Certificate',
    type: 'Birth Certificate',
    net_value: 2800,
    orderable: { event_date },
  });

  it('takes today and refuses tomorrow, where today is the London day (BST here, ahead of UTC)', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    // 23:30 UTC on 30 June is 00:30 on 1 July in London.
    vi.setSystemTime(new Date('2026-06-30T23:30:00Z'));
    expect(issues(StorefrontOrderItemSchema, birth('2026-07-01'))).toEqual([]);
    expect(issues(StorefrontOrderItemSchema, birth('1990-03-14'))).toEqual([]);
    expect(issues(StorefrontOrderItemSchema, birth('2026-07-02'))).toEqual([
      'orderable.event_date: The event date cannot be in the future.',
    ]);
    // In winter London is on UTC: 23:30 UTC on 31 December is still 31 December.
    vi.setSystemTime(new Date('2026-12-31T23:30:00Z'));
    expect(issues(StorefrontOrderItemSchema, birth('2026-12-31'))).toEqual([]);
    expect(issues(StorefrontOrderItemSchema, birth('2027-01-01'))).toEqual([
      'orderable.event_date: The event date cannot be in the future.',
    ]);
  });
});
