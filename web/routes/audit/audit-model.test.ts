import { describe, expect, it } from 'vitest';
import { AUDIT_KINDS } from '../../../domain/contract/audit';
import {
  AUDIT_KIND_LABELS,
  auditCsvHref,
  auditKindLabel,
  auditParams,
  changeLines,
  filtersFromParams,
  isFiltered,
} from './audit-model';

const params = (q: string) => new URLSearchParams(q);

describe('the audit log filters in the URL', () => {
  it('reads every filter the server accepts and drops what it would refuse', () => {
    expect(
      filtersFromParams(
        params(
          'kind=refund.recorded&actor_id=7&target_type=order_item&target=%20700234-1%20&from=2026-11-01&until=2026-11-30',
        ),
      ),
    ).toEqual({
      kind: 'refund.recorded',
      actor_id: '7',
      target_type: 'order_item',
      target: '700234-1',
      from: '2026-11-01',
      until: '2026-11-30',
    });
    expect(
      filtersFromParams(params('kind=drop.table&actor_id=0&target_type=planet&from=01/11/2026')),
    ).toEqual({});
    expect(filtersFromParams(params('from=2026-11-30&until=2026-11-01'))).toEqual({ from: '2026-11-30' });
  });

  it('writes only the filters set, and page 1 as nothing', () => {
    expect(auditParams({ kind: 'sign_in.failed' }, 1)).toEqual({ kind: 'sign_in.failed' });
    expect(auditParams({}, 3)).toEqual({ page: '3' });
    expect(isFiltered({})).toBe(false);
    expect(isFiltered({ target: 'x' })).toBe(true);
  });

  it('downloads the CSV with the same filters', () => {
    expect(auditCsvHref({})).toBe('/api/v1/audit_events.csv');
    expect(auditCsvHref({ kind: 'export.customer', target: 'jo@example.com' })).toBe(
      '/api/v1/audit_events.csv?kind=export.customer&target=jo%40example.com',
    );
  });
});

describe('the words of the audit log', () => {
  it('names every kind the server records, and shows an unknown one as it is', () => {
    for (const kind of AUDIT_KINDS) expect(AUDIT_KIND_LABELS[kind]).toMatch(/^[A-Z0-9]/);
    expect(auditKindLabel('future.kind')).toBe('future.kind');
  });

  it('lines up each changed field before and after', () => {
    expect(changeLines({ details: 'Open 9–5' }, { details: 'Open 10–4', enabled: true })).toEqual([
      { field: 'details', before: 'Open 9–5', after: 'Open 10–4' },
      { field: 'enabled', before: '—', after: 'true' },
    ]);
    expect(changeLines(null, null)).toEqual([]);
  });
});
