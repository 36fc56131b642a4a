import { describe, expect, it } from 'vitest';
import {
  type AdvancedForm,
  advancedBody,
  advancedFromParams,
  EMPTY_ADVANCED,
  hasAnyAdvanced,
  searchModeOf,
  withAdvancedSearch,
  withMode,
  withoutAdvanced,
  withoutFailedSearch,
  withQuickSearch,
} from './search-params';

const params = (query: string) => new URLSearchParams(query);
const form = (over: Partial<AdvancedForm>): AdvancedForm => ({ ...EMPTY_ADVANCED, ...over });

describe('searchModeOf', () => {
  it('is the quick search unless the URL asks for the advanced one', () => {
    expect(searchModeOf(params(''))).toBe('quick');
    expect(searchModeOf(params('mode=advanced'))).toBe('advanced');
    expect(searchModeOf(params('mode=expert'))).toBe('quick');
  });
});

describe('advancedFromParams', () => {
  it('fills the form from the URL', () => {
    expect(advancedFromParams(params('type=Death+Certificate&surname_a=Smith&firstname_c=Mary'))).toEqual(
      form({ type: 'Death Certificate', surname_a: 'Smith', firstname_c: 'Mary' }),
    );
  });

  it('drops a type the app does not know', () => {
    expect(advancedFromParams(params('type=Passport&surname_b=Jones'))).toEqual(form({ surname_b: 'Jones' }));
  });
});

describe('hasAnyAdvanced', () => {
  it('needs a type or a name that is not blank', () => {
    expect(hasAnyAdvanced(EMPTY_ADVANCED)).toBe(false);
    expect(hasAnyAdvanced(form({ surname_a: '   ' }))).toBe(false);
    expect(hasAnyAdvanced(form({ surname_a: 'Li' }))).toBe(true);
    expect(hasAnyAdvanced(form({ type: 'Adult Deed Poll' }))).toBe(true);
  });
});

describe('advancedBody', () => {
  it('sends only the fields given, trimmed', () => {
    expect(advancedBody(form({ type: 'Birth Certificate', firstname_a: ' Jo ', surname_b: '' }))).toEqual({
      search: { query: { type: 'Birth Certificate', firstname_a: 'Jo' } },
    });
    expect(advancedBody(EMPTY_ADVANCED)).toEqual({ search: { query: {} } });
  });
});

describe('URL changes', () => {
  it('a quick search leaves the advanced mode and keeps the advanced fields for later', () => {
    expect(withQuickSearch('mode=advanced&surname_a=Smith&q=old', '  100234 ').toString()).toBe(
      'surname_a=Smith&q=100234',
    );
  });

  it('an advanced search sets the fields given and removes the blank ones, keeping q', () => {
    const next = withAdvancedSearch('q=Smith&surname_a=Old&firstname_b=Ann', form({ surname_a: ' Jones ' }));
    expect(Object.fromEntries(next)).toEqual({ q: 'Smith', surname_a: 'Jones', mode: 'advanced' });
  });

  it('switching mode keeps both searches', () => {
    expect(withMode('q=Smith', 'advanced').toString()).toBe('q=Smith&mode=advanced');
    expect(withMode('q=Smith&mode=advanced&type=Birth+Certificate', 'quick').toString()).toBe(
      'q=Smith&type=Birth+Certificate',
    );
  });

  it('clearing the advanced search removes its fields only', () => {
    expect(withoutAdvanced('mode=advanced&q=x&type=Birth+Certificate&surname_c=Lee').toString()).toBe(
      'mode=advanced&q=x',
    );
  });

  it('a failed search forgets what failed: the text, or the names', () => {
    expect(withoutFailedSearch('q=ab&surname_a=Smith').toString()).toBe('surname_a=Smith');
    expect(withoutFailedSearch('mode=advanced&q=ab&surname_a=Smith').toString()).toBe('mode=advanced&q=ab');
  });
});
