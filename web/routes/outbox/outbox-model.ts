/** The outbox screen's filters as they live in the URL, and the words it shows for kinds. */
import { OUTBOX_STATUSES, type OutboxStatus } from '../../../domain/contract/outbox';

export interface OutboxFilters {
  status?: OutboxStatus;
  kind?: string;
  to?: string;
  from?: string;
  until?: string;
}

const FILTER_KEYS = ['status', 'kind', 'to', 'from', 'until'] as const;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The filters a URL asks for; a value the server would refuse (an unknown status, a bad day) is dropped. */
export function filtersFromParams(params: URLSearchParams): OutboxFilters {
  const status = params.get('status');
  const kind = params.get('kind');
  const to = params.get('to')?.trim();
  const from = params.get('from');
  const until = params.get('until');
  return {
    ...(status && (OUTBOX_STATUSES as readonly string[]).includes(status)
      ? { status: status as OutboxStatus }
      : {}),
    ...(kind && /^[a-z_]{1,60}$/.test(kind) ? { kind } : {}),
    ...(to ? { to: to.slice(0, 254) } : {}),
    ...(from && DAY.test(from) ? { from } : {}),
    ...(until && DAY.test(until) && (!from || !DAY.test(from) || from <= until) ? { until } : {}),
  };
}

/**
 * The URL query for filters, a page and the open message: empty values left out, page 1 and no message
 * implied, so the plain list stays /outbox.
 */
export function outboxParams(
  filters: OutboxFilters,
  page = 1,
  message?: number | null,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const key of FILTER_KEYS) {
    const value = filters[key];
    if (value) out[key] = value;
  }
  if (page > 1) out.page = String(page);
  if (message) out.message = String(message);
  return out;
}

/** Whether any filter narrows the list. */
export const isFiltered = (filters: OutboxFilters): boolean => FILTER_KEYS.some((k) => Boolean(filters[k]));

/** The message the URL opens (?message=123), or null. */
export function openMessageFromParams(params: URLSearchParams): number | null {
  const raw = params.get('message');
  if (!raw || !/^\d{1,10}$/.test(raw)) return null;
  const id = Number(raw);
  return id >= 1 && id <= 2_147_483_647 ? id : null;
}

/** 'customer_contact' → 'Customer contact'. */
export function kindLabel(kind: string): string {
  const words = kind.replaceAll('_', ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const PREVIEW_POLICY = "default-src 'none'; img-src data:; style-src 'unsafe-inline'; font-src data:";
const LEADING_DOCTYPE = /^\s*<!doctype[^>]*>/i;
const WHOLE_DOCUMENT = /^\s*(<!doctype[^>]*>\s*)?<html[\s>]/i;

/**
 * The document an HTML body is shown as, inside an iframe sandboxed without scripts: a policy that also refuses
 * remote images, fonts and frames (a customer's e-mail may carry trackers), and links that leave the frame.
 * A whole document (every e-mail our templates write) is shown as sent: the policy is put before its own
 * <html>, which the parser then merges into the same root, so the policy is the head's first element whatever
 * the document holds. A fragment gets a plain page around it.
 */
export function htmlPreviewDocument(html: string): string {
  const guard = `<meta http-equiv="Content-Security-Policy" content="${PREVIEW_POLICY}"><base target="_blank">`;
  if (WHOLE_DOCUMENT.test(html)) {
    const doctype = LEADING_DOCTYPE.exec(html)?.[0].trim() ?? '<!doctype html>';
    return `${doctype}${guard}${html.replace(LEADING_DOCTYPE, '')}`;
  }
  return `<!doctype html><html><head><meta charset="utf-8">${guard}<style>body{font-family:system-ui,sans-serif;font-size:14px;line-height:1.5;margin:12px;color:#1a1b1e;overflow-wrap:anywhere}</style></head><body>${html}</body></html>`;
}
