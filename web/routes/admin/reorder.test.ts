import { describe, expect, it } from 'vitest';
import { inOrder, movedIds, moveTarget } from './reorder';

describe('reorder', () => {
  it('moves one id and keeps the rest in order', () => {
    expect(movedIds([1, 2, 3, 4], 3, 0)).toEqual([4, 1, 2, 3]);
    expect(movedIds([1, 2, 3, 4], 0, 2)).toEqual([2, 3, 1, 4]);
    expect(movedIds([1, 2, 3], 1, 1)).toEqual([1, 2, 3]);
  });

  it('sends each move to its place, staying put past an end', () => {
    expect(moveTarget('move_to_top', 2, 4)).toBe(0);
    expect(moveTarget('move_up', 0, 4)).toBe(0);
    expect(moveTarget('move_up', 2, 4)).toBe(1);
    expect(moveTarget('move_down', 3, 4)).toBe(3);
    expect(moveTarget('move_to_bottom', 0, 4)).toBe(3);
  });

  it('orders items by ids, leaving out ids it does not know', () => {
    const items = [{ id: 1 }, { id: 2 }, { id: 3 }];
    expect(inOrder(items, [3, 9, 1, 2])).toEqual([{ id: 3 }, { id: 1 }, { id: 2 }]);
  });
});
