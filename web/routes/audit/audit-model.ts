/** The audit log screen's filters as they live in the URL, and the words it shows for each kind of act. */
import {
  AUDIT_KINDS,
  AUDIT_TARGET_TYPES,
  type AuditKind,
  type AuditTargetType,
} from '../../../domain/contract/audit';

export interface AuditFilters {
  kind?: AuditKind;
  actor_id?: string;
  target_type?: AuditTargetType;
  target?: string;
  from?: string;
  until?: string;
}

const FILTER_KEYS = ['kind', 'actor_id', 'target_type', 'target', 'from', 'until'] as const;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** What staff call each act, in the words of the screen. */
export const AUDIT_KIND_LABELS: Record<AuditKind, string> = {
  'sign_in.succeeded': 'Signed in',
  'sign_in.failed': 'Sign-in failed',
  'sign_in.throttled': 'Sign-in throttled',
  sign_out: 'Signed out',
  'session.ended': 'Session ended',
  'mfa.enrolment_started': '2-step verification: set-up started',
  'mfa.enabled': '2-step verification turned on',
  'mfa.code_failed': '2-step verification: wrong code',
  'mfa.recovery_code_used': '2-step verification: recovery code used',
  'mfa.reset': '2-step verification reset',
  'mfa.policy_changed': '2-step verification policy changed',
  'user.created': 'User created',
  'user.updated': 'User changed',
  'user.password_reset': 'Password reset',
  'reference.created': 'Reference content added',
  'reference.updated': 'Reference content changed',
  'reference.deleted': 'Reference content deleted',
  'order_item.price_changed': 'Price changed',
  'refund.recorded': 'Refund recorded',
  'export.order_items_csv': 'Order items exported (CSV)',
  'export.audit_csv': 'Audit log exported (CSV)',
  'export.customer': 'Customer data exported',
  'customer.erased': 'Customer erased',
  'customer.erased_by_retention': 'Customer erased by retention',
  'webhook_endpoint.created': 'Webhook endpoint added',
  'webhook_endpoint.updated': 'Webhook endpoint changed',
  'webhook_endpoint.deleted': 'Webhook endpoint deleted',
  'webhook_endpoint.secret_rotated': 'Webhook secret rotated',
  'outbox.resent': 'E-mail resent',
  'outbox.retried': 'E-mail sent again',
  'document.downloaded': 'Document downloaded',
  'document.deleted_by_retention': 'Documents deleted by retention',
};

/** The label of a kind; a kind this release does not know (written by a newer one) is shown as it is. */
export const auditKindLabel = (kind: string): string => AUDIT_KIND_LABELS[kind as AuditKind] ?? kind;

export const TARGET_TYPE_LABELS: Record<AuditTargetType, string> = {
  user: 'User',
  session: 'Session',
  reference: 'Reference content',
  order_item: 'Order item',
  attachment: 'Document',
  customer: 'Customer',
  webhook_endpoint: 'Webhook endpoint',
  outbox: 'E-mail',
  audit_log: 'Audit log',
};

/** The filters a URL asks for; a value the server would refuse (an unknown kind, a bad day) is dropped. */
export function filtersFromParams(params: URLSearchParams): AuditFilters {
  const kind = params.get('kind');
  const actor = params.get('actor_id');
  const targetType = params.get('target_type');
  const target = params.get('target')?.trim();
  const from = params.get('from');
  const until = params.get('until');
  return {
    ...(kind && (AUDIT_KINDS as readonly string[]).includes(kind) ? { kind: kind as AuditKind } : {}),
    ...(actor && /^\d{1,10}$/.test(actor) && Number(actor) >= 1 ? { actor_id: actor } : {}),
    ...(targetType && (AUDIT_TARGET_TYPES as readonly string[]).includes(targetType)
      ? { target_type: targetType as AuditTargetType }
      : {}),
    ...(target ? { target: target.slice(0, 254) } : {}),
    ...(from && DAY.test(from) ? { from } : {}),
    ...(until && DAY.test(until) && (!from || !DAY.test(from) || from <= until) ? { until } : {}),
  };
}

/** The URL query for filters and a page: empty values left out, page 1 implied. */
export function auditParams(filters: AuditFilters, page = 1): Record<string, string> {
  const out: Record<string, string> = {};
  for (const key of FILTER_KEYS) {
    const value = filters[key];
    if (value) out[key] = value;
  }
  if (page > 1) out.page = String(page);
  return out;
}

/** Whether any filter narrows the list. */
export const isFiltered = (filters: AuditFilters): boolean => FILTER_KEYS.some((k) => Boolean(filters[k]));

/** The CSV file of the filtered log (a plain GET: the browser downloads it with the session cookie). */
export const auditCsvHref = (filters: AuditFilters): string => {
  const query = new URLSearchParams(auditParams(filters)).toString();
  return `/api/v1/audit_events.csv${query ? `?${query}` : ''}`;
};

/** One line per changed field: its name, the value before and after (JSON for anything not a string). */
export function changeLines(
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
): { field: string; before: string; after: string }[] {
  const fields = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  const shown = (value: unknown) =>
    value === undefined ? '—' : typeof value === 'string' ? value : JSON.stringify(value);
  return fields.map((field) => ({ field, before: shown(before?.[field]), after: shown(after?.[field]) }));
}
