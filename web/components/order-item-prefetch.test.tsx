// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HOVER_INTENT_MS, useOrderItemPrefetch } from './order-item-prefetch';

const prefetchItem = vi.fn();
vi.mock('../routes/order/order-page', () => ({
  prefetchItem: (...args: unknown[]) => prefetchItem(...args),
}));

function List() {
  const handlers = useOrderItemPrefetch();
  return (
    <table {...handlers}>
      <tbody>
        <tr data-ref="100001-1" tabIndex={-1} data-testid="row">
          <td>
            <a href="/orders/100001-1">
              <span>100001-1</span>
            </a>
          </td>
        </tr>
        <tr>
          <td>
            <a href="/orders/100002-1">100002-1</a>
          </td>
        </tr>
      </tbody>
    </table>
  );
}

const flush = () => new Promise((r) => setTimeout(r, 0));

describe('order item prefetch on pointing and focus', () => {
  beforeEach(() => {
    prefetchItem.mockClear();
    render(
      <QueryClientProvider client={new QueryClient()}>
        <List />
      </QueryClientProvider>,
    );
  });
  afterEach(cleanup);

  it('fetches the item once the pointer has rested on its link', async () => {
    fireEvent.mouseOver(screen.getByText('100001-1'));
    await new Promise((r) => setTimeout(r, HOVER_INTENT_MS + 30));
    await flush();
    expect(prefetchItem).toHaveBeenCalledTimes(1);
    expect(prefetchItem.mock.calls[0][1]).toBe('100001-1');
  });

  it('fetches nothing for a pointer that only passes over a link', async () => {
    fireEvent.mouseOver(screen.getByText('100001-1'));
    fireEvent.mouseOut(screen.getByText('100001-1'));
    fireEvent.mouseOver(screen.getByText('100002-1'));
    fireEvent.mouseOut(screen.getByText('100002-1'));
    await new Promise((r) => setTimeout(r, HOVER_INTENT_MS + 30));
    await flush();
    expect(prefetchItem).not.toHaveBeenCalled();
  });

  it('fetches at once on focus (j / k move the focus to a row), and not twice for the same item', async () => {
    fireEvent.focus(screen.getByTestId('row'));
    await flush();
    await flush();
    expect(prefetchItem).toHaveBeenCalledTimes(1);
    expect(prefetchItem.mock.calls[0][1]).toBe('100001-1');
    fireEvent.mouseOver(screen.getByText('100001-1'));
    await new Promise((r) => setTimeout(r, HOVER_INTENT_MS + 30));
    await flush();
    expect(prefetchItem).toHaveBeenCalledTimes(1);
  });
});
