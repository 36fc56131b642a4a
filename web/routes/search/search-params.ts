/**
 * The search as the URL keeps it, so reload, back and shared links run the same search: `?q=` for the quick
 * search, `?mode=advanced&type=&firstname_a=&surname_a=…` for the advanced one. The URL holds both searches
 * at once; the mode says which one runs. Each change answers new parameters and leaves the others as they are.
 */
import type { AdvancedSearch } from '../../../domain/contract/search';
import { ORDER_ITEM_TYPES } from '../../../domain/states';
import {
  FILTER_KEYS,
  type FilterKeys,
  filterToParams,
  type ListFilterValue,
} from '../../components/list-filter';

export type SearchMode = 'quick' | 'advanced';
type AdvancedQuery = AdvancedSearch['search']['query'];

/** The advanced search's name fields: first name and surname of persons A, B and C. */
export const NAME_FIELDS = [
  'firstname_a',
  'surname_a',
  'firstname_b',
  'surname_b',
  'firstname_c',
  'surname_c',
] as const;
export type NameField = (typeof NAME_FIELDS)[number];

/** The advanced search form: a product type ('' for any) and the six names, as typed. */
export type AdvancedForm = { type: string } & Record<NameField, string>;

/** Every URL parameter of the advanced search. */
const ADVANCED_PARAMS = ['type', ...NAME_FIELDS] as const;

export const EMPTY_ADVANCED: AdvancedForm = {
  type: '',
  firstname_a: '',
  surname_a: '',
  firstname_b: '',
  surname_b: '',
  firstname_c: '',
  surname_c: '',
};

/** Which search the URL shows: the advanced one only when it says so. */
export function searchModeOf(params: URLSearchParams): SearchMode {
  return params.get('mode') === 'advanced' ? 'advanced' : 'quick';
}

/** The advanced form as the URL fills it; a type the app does not know is left out. */
export function advancedFromParams(params: URLSearchParams): AdvancedForm {
  const form = { ...EMPTY_ADVANCED };
  const type = params.get('type') ?? '';
  form.type = (ORDER_ITEM_TYPES as readonly string[]).includes(type) ? type : '';
  for (const f of NAME_FIELDS) form[f] = params.get(f) ?? '';
  return form;
}

/** True when the advanced form asks for something: a type or at least one name that is not blank. */
export function hasAnyAdvanced(form: AdvancedForm): boolean {
  return form.type !== '' || NAME_FIELDS.some((f) => form[f].trim() !== '');
}

/** The body of POST /search/advanced: only the fields given, trimmed. */
export function advancedBody(form: AdvancedForm): AdvancedSearch {
  const query: AdvancedQuery = {};
  if (form.type) query.type = form.type as AdvancedQuery['type'];
  for (const f of NAME_FIELDS) if (form[f].trim()) query[f] = form[f].trim();
  return { search: { query } };
}

/** A quick search for `text` (trimmed): the quick mode with the new `q`. */
export function withQuickSearch(current: string, text: string): URLSearchParams {
  const next = new URLSearchParams(current);
  next.delete('mode');
  next.set('q', text.trim());
  return next;
}

/** An advanced search for the form: the advanced mode with the fields given, blank ones removed. */
export function withAdvancedSearch(current: string, form: AdvancedForm): URLSearchParams {
  const next = new URLSearchParams(current);
  next.set('mode', 'advanced');
  for (const f of ADVANCED_PARAMS) {
    const value = form[f].trim();
    if (value) next.set(f, value);
    else next.delete(f);
  }
  return next;
}

/** The other kind of search, with what either search had kept. */
export function withMode(current: string, mode: SearchMode): URLSearchParams {
  const next = new URLSearchParams(current);
  if (mode === 'advanced') next.set('mode', 'advanced');
  else next.delete('mode');
  return next;
}

/** The advanced search cleared: its fields removed, the mode and the quick search kept. */
export function withoutAdvanced(current: string): URLSearchParams {
  const next = new URLSearchParams(current);
  for (const f of ADVANCED_PARAMS) next.delete(f);
  return next;
}

/** After a failed search, the URL forgets the search that failed (SPEC section 8): the mode's own fields. */
export function withoutFailedSearch(current: string): URLSearchParams {
  const params = new URLSearchParams(current);
  if (searchModeOf(params) === 'advanced') return withoutAdvanced(current);
  params.delete('q');
  return params;
}

/**
 * The results' filter in the URL. The search's own `type` and `q` are taken, so the filter's item type and
 * text go by other names (`item_type`, `within`).
 */
export const RESULT_FILTER_KEYS: FilterKeys = { ...FILTER_KEYS, type: 'item_type', q: 'within' };

/** The URL with the results' filter replaced (the search itself kept). */
export function withResultFilter(current: string, filter: ListFilterValue): URLSearchParams {
  const next = new URLSearchParams(current);
  for (const key of Object.values(RESULT_FILTER_KEYS)) next.delete(key);
  for (const [k, v] of Object.entries(filterToParams(filter, RESULT_FILTER_KEYS))) next.set(k, v);
  return next;
}
