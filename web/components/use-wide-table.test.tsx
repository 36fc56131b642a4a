// @vitest-environment happy-dom
import { act, cleanup, render } from '@testing-library/react';
import { useRef, useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useWideTable } from './use-wide-table';

/** A ResizeObserver double: records what is observed; `fire` reports a layout, as the browser would. */
class FakeObserver {
  static all: FakeObserver[] = [];
  observed: Element[] = [];
  disconnected = false;
  constructor(private readonly callback: () => void) {
    FakeObserver.all.push(this);
  }
  observe(el: Element) {
    this.observed.push(el);
  }
  disconnect() {
    this.disconnected = true;
  }
  fire() {
    this.callback();
  }
}

const widths = new Map<string, number>();
function sized(el: HTMLElement | null, name: string) {
  if (!el) return;
  Object.defineProperty(el, name === 'box' ? 'clientWidth' : 'offsetWidth', {
    configurable: true,
    get: () => widths.get(name) ?? 0,
  });
}

let rerender: () => void = () => {};
let renders = 0;
function List({ loading }: { loading: boolean }) {
  const box = useRef<HTMLDivElement>(null);
  const table = useRef<HTMLTableElement>(null);
  const [, setTick] = useState(0);
  rerender = () => setTick((n) => n + 1);
  renders += 1;
  useWideTable(box, table);
  if (loading) return <p>Loading</p>;
  return (
    <div
      ref={(el) => {
        box.current = el;
        sized(el, 'box');
      }}
      data-testid="box"
    >
      <table
        ref={(el) => {
          table.current = el;
          sized(el, 'table');
        }}
      />
    </div>
  );
}

describe('useWideTable', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    FakeObserver.all = [];
  });

  it('observes the box and table once they are there, marks the box wide when the table overflows, and lets go on unmount', () => {
    vi.stubGlobal('ResizeObserver', FakeObserver);
    const view = render(<List loading />);
    expect(FakeObserver.all).toHaveLength(0);
    view.rerender(<List loading={false} />);
    expect(FakeObserver.all).toHaveLength(1);
    const [observer] = FakeObserver.all;
    expect(observer.observed).toHaveLength(2);

    // Renders that keep the same elements never observe again (no forced layout per render).
    act(() => rerender());
    act(() => rerender());
    expect(FakeObserver.all).toHaveLength(1);

    widths.set('box', 400);
    widths.set('table', 640);
    const before = renders;
    act(() => observer.fire());
    expect(view.getByTestId('box').hasAttribute('data-wide')).toBe(true);
    widths.set('box', 1200);
    act(() => observer.fire());
    expect(view.getByTestId('box').hasAttribute('data-wide')).toBe(false);
    // The answer goes on the element: the list itself does not render again for it.
    expect(renders).toBe(before);

    view.unmount();
    expect(observer.disconnected).toBe(true);
  });

  it('observes the new table when the list is shown again after loading', () => {
    vi.stubGlobal('ResizeObserver', FakeObserver);
    const view = render(<List loading={false} />);
    view.rerender(<List loading />);
    expect(FakeObserver.all[0].disconnected).toBe(true);
    view.rerender(<List loading={false} />);
    expect(FakeObserver.all).toHaveLength(2);
    expect(FakeObserver.all[1].disconnected).toBe(false);
  });
});
