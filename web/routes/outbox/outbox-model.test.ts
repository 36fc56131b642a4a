import { describe, expect, it } from 'vitest';
import {
  filtersFromParams,
  htmlPreviewDocument,
  isFiltered,
  kindLabel,
  openMessageFromParams,
  outboxParams,
} from './outbox-model';

const params = (q: string) => new URLSearchParams(q);

describe('filters in the URL', () => {
  it('reads every filter the server accepts and drops what it would refuse', () => {
    expect(
      filtersFromParams(params('status=failed&kind=refund&to=%20jane%20&from=2026-11-01&until=2026-11-30')),
    ).toEqual({ status: 'failed', kind: 'refund', to: 'jane', from: '2026-11-01', until: '2026-11-30' });
    expect(filtersFromParams(params('status=lost&kind=DROP&from=01/11/2026'))).toEqual({});
    expect(filtersFromParams(params('from=2026-11-30&until=2026-11-01'))).toEqual({ from: '2026-11-30' });
  });

  it('writes only what is set, page 1 and no message left implied; and round-trips', () => {
    expect(outboxParams({})).toEqual({});
    expect(outboxParams({ status: 'sent', to: '' }, 2, 7)).toEqual({
      status: 'sent',
      page: '2',
      message: '7',
    });
    const f = {
      status: 'failed' as const,
      kind: 'refund',
      to: 'a@b',
      from: '2026-01-01',
      until: '2026-01-31',
    };
    expect(filtersFromParams(params(new URLSearchParams(outboxParams(f)).toString()))).toEqual(f);
    expect(isFiltered({})).toBe(false);
    expect(isFiltered({ kind: 'refund' })).toBe(true);
  });

  it('opens a message only for a real id', () => {
    expect(openMessageFromParams(params('message=12'))).toBe(12);
    for (const q of ['', 'message=0', 'message=abc', 'message=99999999999', 'message=-1']) {
      expect(openMessageFromParams(params(q))).toBeNull();
    }
  });
});

describe('words and documents', () => {
  it('labels kinds in words', () => {
    expect(kindLabel('customer_contact')).toBe('Customer contact');
  });

  it('wraps HTML in a document whose policy allows no script and no remote content', () => {
    const doc = htmlPreviewDocument('<p>Hi</p>');
    expect(doc).toContain("default-src 'none'");
    expect(doc).not.toContain('script-src');
    expect(doc).toContain('<body><p>Hi</p></body>');
  });

  it('shows a whole e-mail document as sent, its doctype kept and the policy first in its head', () => {
    const sent =
      '<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" "x.dtd"><html dir="ltr" lang="en"><head><meta name="color-scheme" content="light"/></head><body style="margin:0"><p>Hi</p></body></html>';
    const doc = htmlPreviewDocument(sent);
    expect(doc).toBe(
      `<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" "x.dtd"><meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src data:; style-src 'unsafe-inline'; font-src data:"><base target="_blank">${sent.replace(/^<!DOCTYPE[^>]*>/, '')}`,
    );
    expect(htmlPreviewDocument('<html><body>x</body></html>')).toMatch(
      /^<!doctype html><meta http-equiv="Content-Security-Policy"[^>]+><base target="_blank"><html>/,
    );
  });
});
