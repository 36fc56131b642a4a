// @vitest-environment happy-dom
import { act, cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useTicked } from './bulk-bar';
import { EMPTY_FILTER, type ListFilterValue } from './list-filter';

let renders = 0;
let tick: (next: Set<number>) => void = () => {};
function Ticks({ filter }: { filter: ListFilterValue }) {
  const [ticked, setTicked] = useTicked(filter);
  renders += 1;
  tick = setTicked;
  return <p data-testid="ticked">{[...ticked].join(',')}</p>;
}

describe('useTicked', () => {
  afterEach(() => {
    cleanup();
    renders = 0;
  });

  it('starts empty in one render, keeps the ticks while the filter stays, and drops them for a new filter', () => {
    const view = render(<Ticks filter={EMPTY_FILTER} />);
    // Mounting renders the list once: no second pass to clear ticks that cannot be there yet.
    expect(renders).toBe(1);
    act(() => tick(new Set([3, 5])));
    expect(view.getByTestId('ticked').textContent).toBe('3,5');
    // The same filter as a new object (a re-render, a new page): the ticks stay.
    view.rerender(<Ticks filter={{ ...EMPTY_FILTER }} />);
    expect(view.getByTestId('ticked').textContent).toBe('3,5');
    view.rerender(<Ticks filter={{ ...EMPTY_FILTER, q: 'smith' }} />);
    expect(view.getByTestId('ticked').textContent).toBe('');
  });
});
