/**
 * A timeline event in plain words: option values as their labels, pence as pounds, dates as dd/MM/yyyy,
 * names instead of user ids and field labels instead of payload keys (docs/decisions/comments-and-timeline.md).
 * Pure, so every kind of event is unit tested (event-text.test.ts).
 */
import type { OrderItemEvent } from '../../../domain/contract/order-item';
import { formatDate, formatDateTime, formatPence } from '../../../domain/format';
import {
  CANCEL_REASONS,
  CANCEL_REFUND_ACTIONS,
  CERTIFICATE_COUNTRIES,
  countryName,
  DELIVERY_REGION_OPTIONS,
  DESPATCH_OPTIONS,
  GRO_DESTINATIONS,
  languageName,
  type Option,
  SERVICE_LEVELS,
} from '../../../domain/options';
import { CARRIERS, DESPATCH_SERVICES, GRO_SERVICES } from '../../../domain/pricing';
import { ADDRESS_RECORD_NAMES, bareStateLabel, eventLabel, FIELD_NAMES } from './order-labels';

/** What the timeline shows for one event. */
export interface EventText {
  title: string;
  /** 'Alice Orderer · 24/11/2026 @ 09:15'. */
  byline: string;
  /** 'GRO Order Reqd. → Waiting GRO', when the state changed. */
  stateChange: string | null;
  /** Short facts, each 'label: value'. */
  facts: string[];
  /** A message or notes the event carried, quoted as written. */
  quote: string | null;
}

type Payload = Record<string, unknown>;

const labelIn = (options: readonly Option[], value: unknown) =>
  options.find((o) => o.value === value)?.label ?? humanise(String(value));

const ALL_SERVICE_LEVELS = [
  ...SERVICE_LEVELS.certificate,
  ...SERVICE_LEVELS.deed_poll,
  ...SERVICE_LEVELS.translation,
];
const TRANSLATION_TYPE_LABELS: readonly Option[] = [
  { value: 'CertifiedTranslation', label: 'Certified translation' },
  { value: 'SwornTranslation', label: 'Sworn translation' },
  { value: 'NotarisedTranslation', label: 'Notarised translation' },
];

const isoDay = /^\d{4}-\d{2}-\d{2}$/;
const isoMoment = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/** 'despatchedOn' or 'despatched_on' → 'despatched on'. */
function humanise(key: string): string {
  return key
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replaceAll('_', ' ')
    .toLowerCase();
}

/** Any other value: dates as dd/MM/yyyy, yes/no, lists joined; objects (unknown shapes) are left out. */
function plainValue(value: unknown): string | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'number') return new Intl.NumberFormat('en-GB').format(value);
  if (Array.isArray(value)) return value.length > 0 ? value.map(String).join(', ') : null;
  if (typeof value !== 'string') return null;
  if (isoDay.test(value)) return formatDate(value);
  if (isoMoment.test(value)) return formatDateTime(value);
  return value;
}

const money = (value: unknown) => (typeof value === 'number' ? formatPence(value) : null);
const day = (value: unknown) => (typeof value === 'string' && value !== '' ? plainValue(value) : null);

/** How one payload key reads: its label and how its value is shown (null: not shown). */
interface KeyRule {
  label: string;
  show: (value: unknown, payload: Payload) => string | null;
}

const option = (label: string, options: readonly Option[]): KeyRule => ({
  label,
  show: (v) => (v === null || v === undefined || v === '' ? null : labelIn(options, v)),
});
const amount = (label: string): KeyRule => ({ label, show: money });
const date = (label: string): KeyRule => ({ label, show: day });
const text = (label: string): KeyRule => ({ label, show: plainValue });

/** The attributes of a Modify Order request, as the form names them. */
const ATTRIBUTE_RULES: Readonly<Record<string, KeyRule>> = {
  serviceLevel: option('service level', ALL_SERVICE_LEVELS),
  pages: text('pages'),
  copies: text('copies'),
  apostilleCopies: text('apostille copies'),
  apostilleCountry: {
    label: 'apostille country',
    show: (v) => (typeof v === 'string' ? countryName(v) : 'none'),
  },
  scanSend: text('scan and send'),
  despatchBy: option('despatch', DESPATCH_OPTIONS),
  type: option('translation', TRANSLATION_TYPE_LABELS),
  deliveryRegion: option('delivery region', DELIVERY_REGION_OPTIONS),
};

/** Every payload key the workflow writes (domain/workflow, server/services/order-items). */
const KEY_RULES: Readonly<Record<string, KeyRule>> = {
  // The form's date (null: today) and the date recorded; the recorded one wins when both are there.
  despatchedOn: { label: 'despatched on', show: (v, p) => (p.despatched_on ? null : day(v)) },
  despatched_on: date('despatched on'),
  receivedOn: { label: 'received on', show: (v, p) => (p.received_on ? null : day(v)) },
  received_on: date('received on'),
  action: option('action', CANCEL_REFUND_ACTIONS),
  reason: option('reason', CANCEL_REASONS),
  carrier: option('carrier', CARRIERS),
  service: {
    label: 'service',
    show: (v, p) =>
      p.carrier
        ? (DESPATCH_SERVICES.find((s) => s.carrier === p.carrier && s.value === v)?.label ?? plainValue(v))
        : labelIn(GRO_SERVICES, v),
  },
  destination: option('sent to', GRO_DESTINATIONS),
  despatchTo: option('return to', GRO_DESTINATIONS),
  reference: text('reference'),
  data: text('GRO index details'),
  cost: amount('cost'),
  refundAmount: amount('refund'),
  amount: amount('refund'),
  responseRequired: text('reply needed'),
  new_in_pence: amount('new subtotal'),
  difference_in_pence: amount('difference'),
  refund_in_pence: amount('refund'),
  repriced: text('also repriced'),
  from_in_pence: amount('was'),
  to_in_pence: amount('now'),
  via: text('changed on'),
  filename: text('file'),
  selected: text('selected'),
  approved: { label: 'approved', show: (v) => (v === null ? 'not reviewed' : plainValue(v)) },
};

/** Keys that carry the event's own text (quoted, not listed) or ids nobody reads. */
const QUOTE_KEYS = ['message', 'notes', 'body'];
const isIdKey = (key: string) => /(^id$|Id$|_ids?$|Ids$)/.test(key);

/** A field's value in an inline edit: codes as names, dates as dd/MM/yyyy, an address on one line. */
function editedValue(field: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'object') {
    const a = value as Record<string, string | null | undefined>;
    return [
      a.name,
      a.line_1,
      a.line_2,
      a.city,
      a.state,
      a.zip,
      a.country_code ? countryName(a.country_code) : null,
    ]
      .filter((p) => p && p.trim() !== '')
      .join(', ');
  }
  const s = String(value);
  if (field === 'certificate_country') return labelIn(CERTIFICATE_COUNTRIES, s);
  if (field === 'apostille_country' || field === 'country_code') return countryName(s);
  if (field === 'source_language') return languageName(s);
  if (field === 'delivery_region') return labelIn(DELIVERY_REGION_OPTIONS, s);
  return plainValue(value) ?? '—';
}

function editFacts(payload: Payload): string[] {
  const field = String(payload.field ?? '');
  const record = ADDRESS_RECORD_NAMES[String(payload.record ?? '')];
  const name = `${record ? `${record} ` : ''}${FIELD_NAMES[field] ?? humanise(field)}`;
  const facts = [`${name}: ${editedValue(field, payload.from)} → ${editedValue(field, payload.to)}`];
  if (typeof payload.via === 'string') facts.push(`changed on ${payload.via}`);
  return facts;
}

// Facts are listed in the rules' order, a Modify Order's attributes first (jsonb keeps keys in an order of its
// own, shortest first, so the order they were written in is lost).
const KEY_ORDER = ['attributes', ...Object.keys(KEY_RULES)];
const rank = (key: string) => {
  const at = KEY_ORDER.indexOf(key);
  return at === -1 ? KEY_ORDER.length : at;
};

function payloadFacts(event: OrderItemEvent, payload: Payload): string[] {
  const facts: string[] = [];
  if (event.action === 'assign') facts.push(`to: ${event.assigned_to ?? 'an orderer no longer listed'}`);
  const entries = Object.entries(payload).sort(([a], [b]) => rank(a) - rank(b));
  for (const [key, value] of entries) {
    if (QUOTE_KEYS.includes(key) || isIdKey(key)) continue;
    if (key === 'attributes' && value && typeof value === 'object') {
      for (const [attr, v] of Object.entries(value)) {
        const rule = ATTRIBUTE_RULES[attr] ?? text(humanise(attr));
        const shown = rule.show(v, payload);
        if (shown !== null) facts.push(`${rule.label}: ${shown}`);
      }
      continue;
    }
    const rule = KEY_RULES[key] ?? text(humanise(key));
    const shown = rule.show(value, payload);
    if (shown !== null) facts.push(`${rule.label}: ${shown}`);
  }
  return facts;
}

/**
 * An undone assignment or flag (docs/decisions/undo.md): what was undone in the title, and for an assignment
 * who has the item now.
 */
function undoText(event: OrderItemEvent, payload: Payload): Pick<EventText, 'title' | 'facts'> {
  switch (payload.undone) {
    case 'assign':
      return {
        title: `Undone: assigned to ${event.assigned_to ?? 'an orderer no longer listed'}`,
        facts: [typeof payload.back_to === 'string' ? `now with: ${payload.back_to}` : 'now: unassigned'],
      };
    case 'flag':
      return { title: 'Undone: flagged', facts: [] };
    case 'unflag':
      return { title: 'Undone: unflagged', facts: [] };
    default:
      return { title: eventLabel(event.action), facts: [] };
  }
}

/** The timeline entry of one event, every value in the words staff use. */
export function describeEvent(event: OrderItemEvent): EventText {
  const payload: Payload =
    event.payload && typeof event.payload === 'object' && !Array.isArray(event.payload)
      ? (event.payload as Payload)
      : {};
  const from = bareStateLabel(event.from_state);
  const to = bareStateLabel(event.to_state);
  const quoteKey = QUOTE_KEYS.find((k) => typeof payload[k] === 'string' && payload[k] !== '');
  const byline = `${event.user ?? 'System'} · ${formatDateTime(event.created_at)}`;
  const stateChange = from && to && from !== to ? `${from} → ${to}` : null;
  if (event.action === 'undo') return { ...undoText(event, payload), byline, stateChange, quote: null };
  return {
    title: eventLabel(event.action),
    byline,
    stateChange,
    facts: event.action === 'edit_field' ? editFacts(payload) : payloadFacts(event, payload),
    quote: quoteKey ? String(payload[quoteKey]) : null,
  };
}
