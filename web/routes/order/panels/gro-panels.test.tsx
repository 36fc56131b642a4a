// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OrderItemDetail } from '../../../../domain/contract/order-item';
import { DraftProvider } from '../drafts';
import { OrderItemProvider } from '../panel-kit';
import { GroOrderPanel } from './gro-panels';

const user = {
  id: 1,
  name: 'Ada Admin',
  email: 'admin@demo.test',
  role: 'admin' as const,
  is_orderer: false,
};

/** The GRO order panel on an item whose certificate needs `orderable`'s next steps. */
function renderPanel(orderable: { apostille_copies: number; scan_send: boolean }) {
  const item = { id: 1, ref: '100234-2', lock_version: 3, orderable } as unknown as OrderItemDetail;
  render(
    <MantineProvider>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { mutations: { retry: false } } })}>
        <DraftProvider>
          <OrderItemProvider value={{ item, pageKey: item.ref, user, canWork: true }}>
            <GroOrderPanel />
          </OrderItemProvider>
        </DraftProvider>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

/** The text the Destination select shows (its visible input, not the listbox or the hidden value). */
const destination = () =>
  screen
    .getAllByLabelText(/^Destination/)
    .filter((el): el is HTMLInputElement => el instanceof HTMLInputElement && el.type !== 'hidden')
    .map((el) => el.value)
    .join();

describe('GroOrderPanel', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('starts the destination on the desk that takes the next step', () => {
    renderPanel({ apostille_copies: 0, scan_send: false });
    expect(destination()).toBe('Office – orders desk');
    cleanup();
    renderPanel({ apostille_copies: 0, scan_send: true });
    expect(destination()).toBe('Office – scanning desk');
    cleanup();
    renderPanel({ apostille_copies: 1, scan_send: true });
    expect(destination()).toBe('Office – apostille desk');
  });

  it('sends the default destination when the user leaves it', async () => {
    const sent: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init: RequestInit) => {
        sent.push(JSON.parse(String(init.body)));
        return new Response(JSON.stringify({ error: { code: 'stale', message: 'Changed.' } }), {
          status: 409,
          headers: { 'Content-Type': 'application/json' },
        });
      }),
    );
    renderPanel({ apostille_copies: 2, scan_send: false });
    fireEvent.change(screen.getByLabelText(/GRO reference/), { target: { value: 'GRO-1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Place GRO order' }));
    await act(async () => {});
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ gro: { reference: 'GRO-1', destination: 'office_apostille' } });
  });
});
