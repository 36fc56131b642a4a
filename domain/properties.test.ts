import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { stateLabel } from './labels';
import { panelsFor } from './panels';
import { priceEstimate, priceOf } from './pricing';
import { ALL_STATES } from './states';
import { anyAction, anyActor, anyItem } from './testing/arbitraries';
import { applyPatch, decide } from './workflow/decide';
import { priceContextOf } from './workflow/modify-order';

const NOW = new Date('2026-03-10T10:00:00Z');
const known = new Set<string>(ALL_STATES);

describe('workflow invariants', () => {
  it('no action from any state leads to an unknown state', () => {
    fc.assert(
      fc.property(anyItem, anyAction, anyActor, (item, action, actor) => {
        const result = decide(item, action, actor, NOW);
        if (!result.ok) return;
        expect(known.has(applyPatch(item, result).currentState)).toBe(true);
        for (const event of result.events) {
          expect(known.has(event.fromState) && known.has(event.toState)).toBe(true);
        }
      }),
      { numRuns: 3000 },
    );
  });

  it('a refused action changes nothing: no patch, no effects, the item untouched', () => {
    fc.assert(
      fc.property(anyItem, anyAction, anyActor, (item, action, actor) => {
        const before = structuredClone(item);
        const result = decide(item, action, actor, NOW);
        expect(item).toEqual(before);
        if (result.ok) return;
        expect(Object.keys(result).sort()).toEqual(
          result.details ? ['code', 'details', 'message', 'ok'] : ['code', 'message', 'ok'],
        );
        expect(result.message.length).toBeGreaterThan(0);
      }),
      { numRuns: 3000 },
    );
  });

  it('net_value never goes below 0, whatever sequence of actions', () => {
    fc.assert(
      fc.property(anyItem, fc.array(fc.tuple(anyAction, anyActor), { maxLength: 25 }), (start, steps) => {
        let item = start;
        for (const [action, actor] of steps) {
          item = applyPatch(item, decide(item, action, actor, NOW));
          expect(item.netValue).toBeGreaterThanOrEqual(0);
          expect(known.has(item.currentState)).toBe(true);
        }
      }),
      { numRuns: 1000 },
    );
  });

  it('every accepted action records exactly one event', () => {
    fc.assert(
      fc.property(anyItem, anyAction, anyActor, (item, action, actor) => {
        const result = decide(item, action, actor, NOW);
        if (result.ok) expect(result.events.map((e) => e.action)).toEqual([action.type]);
      }),
    );
  });
});

describe('display invariants', () => {
  it('a label is never empty', () => {
    fc.assert(
      fc.property(anyItem, (item) => {
        expect(stateLabel(item).trim().length).toBeGreaterThan(0);
      }),
    );
  });

  it('panels start with Modify Order for admins and always end with Add Notes', () => {
    fc.assert(
      fc.property(anyItem, fc.constantFrom('admin' as const, 'orderer' as const), (item, role) => {
        const panels = panelsFor(item, { id: 2, role });
        expect(panels.at(-1)).toBe('Add Notes');
        if (role === 'admin') expect(panels[0]).toBe('Modify Order');
        expect(new Set(panels).size).toBe(panels.length);
      }),
    );
  });
});

describe('price invariants', () => {
  it('estimate = new total − subtotal', () => {
    fc.assert(
      fc.property(anyItem, fc.integer({ min: 0, max: 100_000 }), (item, subtotal) => {
        const estimate = priceEstimate(subtotal, item.orderable, priceContextOf(item));
        expect(estimate.newInPence).toBe(priceOf(item.orderable, priceContextOf(item)));
        expect(estimate.differenceInPence).toBe(estimate.newInPence - subtotal);
        expect(estimate.currentInPence).toBe(subtotal);
      }),
    );
  });

  it('a price is a whole, positive number of pence', () => {
    fc.assert(
      fc.property(anyItem, (item) => {
        const total = priceOf(item.orderable, priceContextOf(item));
        expect(Number.isSafeInteger(total) && total > 0).toBe(true);
      }),
    );
  });
});
