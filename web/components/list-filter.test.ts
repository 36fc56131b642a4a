import { describe, expect, it } from 'vitest';
import { ListFilterSchema } from '../../domain/contract/lists';
import { ALL_STATES } from '../../domain/states';
import {
  EMPTY_FILTER,
  FILTER_KEYS,
  filterChips,
  filterFromParams,
  filterToParams,
  filterViewName,
  isFilterEmpty,
  type ListFilterValue,
  stateOptionLabel,
} from './list-filter';

const full: ListFilterValue = {
  group: ['waiting', 'escalated'],
  state: ['waiting_gro', 'gro_order_escalation'],
  flag: ['overdue', 'flagged'],
  type: ['Birth Certificate', 'Sworn Translation'],
  orderer: 3,
  due_from: '2026-01-01',
  due_to: '2026-02-28',
  q: 'Smith',
};

describe('filterFromParams / filterToParams', () => {
  it('an empty URL is the empty filter, and the empty filter writes nothing', () => {
    expect(filterFromParams(new URLSearchParams(''))).toEqual(EMPTY_FILTER);
    expect(filterToParams(EMPTY_FILTER)).toEqual({});
    expect(isFilterEmpty(EMPTY_FILTER)).toBe(true);
  });

  it('round-trips every part through the URL', () => {
    const params = new URLSearchParams(filterToParams(full));
    expect(params.get('state')).toBe('waiting_gro,gro_order_escalation');
    expect(filterFromParams(params)).toEqual(full);
    expect(isFilterEmpty(full)).toBe(false);
  });

  it('writes what the server contract reads', () => {
    const parsed = ListFilterSchema.parse(filterToParams(full));
    expect(parsed).toEqual({ ...full, orderer: 3 });
    expect(ListFilterSchema.parse(filterToParams({ ...EMPTY_FILTER, orderer: 'none' })).orderer).toBe('none');
  });

  it('drops values it does not know (a hand-edited or old link), each value once', () => {
    const params = new URLSearchParams(
      'group=waiting,nope,waiting&state=waiting_gro,made_up&flag=loud&type=Cake&orderer=-4&due_from=tomorrow&due_to=2026-13',
    );
    expect(filterFromParams(params)).toEqual({ ...EMPTY_FILTER, group: ['waiting'], state: ['waiting_gro'] });
  });

  it('trims the text and leaves blank text out', () => {
    expect(filterToParams({ ...EMPTY_FILTER, q: '  Smith ' })).toEqual({ q: 'Smith' });
    expect(filterToParams({ ...EMPTY_FILTER, q: '   ' })).toEqual({});
  });

  it('can use other parameter names (a screen whose URL has its own `type` and `q`)', () => {
    const keys = { ...FILTER_KEYS, type: 'item_type', q: 'within' };
    const params = new URLSearchParams(filterToParams(full, keys));
    expect(params.get('type')).toBeNull();
    expect(params.get('item_type')).toBe('Birth Certificate,Sworn Translation');
    expect(filterFromParams(params, keys)).toEqual(full);
  });
});

describe('filterChips', () => {
  const names = {
    stateLabel: stateOptionLabel,
    ordererName: (id: number) => (id === 3 ? 'Alice' : undefined),
  };

  it('one chip per value, each removing only itself', () => {
    const chips = filterChips(full, names);
    expect(chips.map((c) => c.label)).toEqual([
      'Text: “Smith”',
      'Group: Waiting',
      'Group: Escalated',
      'State: Waiting GRO',
      'State: Escalated: GRO order',
      'Overdue',
      'Flagged',
      'Type: Birth Certificate',
      'Type: Sworn Translation',
      'Orderer: Alice',
      'Despatch from 01/01/2026',
      'Despatch to 28/02/2026',
    ]);
    const withoutWaiting = chips.find((c) => c.key === 'group:waiting')?.without;
    expect(withoutWaiting).toEqual({ ...full, group: ['escalated'] });
    expect(chips.find((c) => c.key === 'orderer')?.without.orderer).toBeNull();
  });

  it('names unassigned and unknown orderers', () => {
    expect(filterChips({ ...EMPTY_FILTER, orderer: 'none' }, names)[0].label).toBe('Unassigned');
    expect(filterChips({ ...EMPTY_FILTER, orderer: 9 }, names)[0].label).toBe('Orderer: #9');
  });
});

describe('stateOptionLabel', () => {
  it('gives every state a label of its own', () => {
    const labels = ALL_STATES.map(stateOptionLabel);
    expect(new Set(labels).size).toBe(ALL_STATES.length);
    expect(stateOptionLabel('waiting_apostille_response')).toBe('Waiting customer: apostille');
    expect(stateOptionLabel('on_hold_waiting_upgrade_payment')).toBe('On hold: upgrade payment');
    expect(stateOptionLabel('despatch_response_received')).toBe('Escalation answered: despatch');
  });
});

describe('filterViewName', () => {
  const ordererName = (id: number) => (id === 3 ? 'Gus Orderer' : undefined);

  it('names the filter in the words of its chips, the text with a capital', () => {
    const name = filterViewName(
      { ...EMPTY_FILTER, state: ['waiting_gro'], q: ' priority ' },
      { ordererName },
    );
    expect(name).toBe('Waiting GRO · Priority');
    expect(
      filterViewName(
        { ...EMPTY_FILTER, group: ['escalated'], flag: ['overdue'], orderer: 3, due_to: '2026-02-28' },
        { ordererName },
      ),
    ).toBe('Escalated · Overdue · Gus Orderer · Despatch to 2026-02-28');
    expect(
      filterViewName({ ...EMPTY_FILTER, orderer: 'none', type: ['Birth Certificate'] }, { ordererName }),
    ).toBe('Birth Certificate · Unassigned');
    expect(filterViewName({ ...EMPTY_FILTER, orderer: 9 }, { ordererName })).toBe('Orderer #9');
  });

  it('is empty when nothing is filtered, and never longer than a view name may be', () => {
    expect(filterViewName(EMPTY_FILTER, { ordererName })).toBe('');
    const long = filterViewName(full, { ordererName });
    expect(long.length).toBeLessThanOrEqual(60);
    expect(long.startsWith('Waiting · Escalated · Waiting GRO · Escalated: GRO order')).toBe(true);
    expect(long.endsWith('…')).toBe(true);
  });
});
