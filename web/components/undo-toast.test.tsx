// @vitest-environment happy-dom
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { showingUndo } from '../lib/undo-offer';
import { stubApi } from '../test/fetch';
import { offerUndo, UNDO_TOAST_MS } from './undo-toast';

const toasts = vi.hoisted(() => ({ show: vi.fn(), update: vi.fn(), hide: vi.fn() }));
vi.mock('@mantine/notifications', () => ({ notifications: toasts }));

afterEach(() => {
  vi.unstubAllGlobals();
  for (const fn of Object.values(toasts)) fn.mockClear();
});

const offer = { token: 't'.repeat(43), expires_at: '2026-11-24T09:15:10.000Z' };
const undone = {
  undone: {
    kind: 'assign',
    message: 'Undone: 100234-2 assigned to Alice Orderer.',
    order_item_refs: ['100234-2'],
    conversation_id: null,
  },
};

describe('offerUndo', () => {
  it('shows what was done with its Undo for 5 seconds after the paint, and hands the keys its undo at once', async () => {
    offerUndo({ message: 'Assigned 100234-2 to Alice Orderer.', offer, queryClient: new QueryClient() });
    // The keys have it before the toast shows; the toast waits for the screen's own change to paint.
    expect(showingUndo()?.id).toBe(`undo:${offer.token}`);
    expect(toasts.show).not.toHaveBeenCalled();
    await vi.waitFor(() => expect(toasts.show).toHaveBeenCalled());
    expect(toasts.show).toHaveBeenCalledWith(
      expect.objectContaining({ id: `undo:${offer.token}`, autoClose: UNDO_TOAST_MS }),
    );
    expect(showingUndo()?.id).toBe(`undo:${offer.token}`);
    // Closing it (its timer, the close button) takes the keys back.
    toasts.show.mock.calls[0][0].onClose();
    expect(showingUndo()).toBeNull();
  });

  it('undoes once through the API, refreshes the screens and says what was undone', async () => {
    const requests = stubApi({ '/api/v1/undo.json': undone });
    const queryClient = new QueryClient();
    const refresh = vi.spyOn(queryClient, 'invalidateQueries');
    const onUndone = vi.fn();
    offerUndo({ message: 'Assigned.', offer, queryClient, onUndone });
    await vi.waitFor(() => expect(toasts.show).toHaveBeenCalled());
    const undo = showingUndo();
    undo?.run();
    undo?.run();
    await vi.waitFor(() => expect(onUndone).toHaveBeenCalled());
    expect(requests).toEqual([
      { url: '/api/v1/undo.json', method: 'POST', body: { undo: { token: offer.token } } },
    ]);
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(showingUndo()).toBeNull();
    expect(toasts.hide).toHaveBeenCalledWith(`undo:${offer.token}`);
    expect(toasts.show).toHaveBeenLastCalledWith(
      expect.objectContaining({ color: 'green', message: 'Undone: 100234-2 assigned to Alice Orderer.' }),
    );
  });

  it('says why when the server refuses (a change came after: 409), and changes nothing on screen', async () => {
    const message =
      'Cannot undo: 100234-2 has changed since (another change was made after yours). Nothing was undone.';
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        Response.json({ error: { code: 'stale', message, request_id: 'r' } }, { status: 409 }),
      ),
    );
    const queryClient = new QueryClient();
    const refresh = vi.spyOn(queryClient, 'invalidateQueries');
    const onUndone = vi.fn();
    offerUndo({ message: 'Assigned.', offer, queryClient, onUndone });
    await vi.waitFor(() => expect(toasts.show).toHaveBeenCalled());
    showingUndo()?.run();
    await vi.waitFor(() =>
      expect(toasts.show).toHaveBeenLastCalledWith(
        expect.objectContaining({ color: 'red', title: 'Could not undo', message }),
      ),
    );
    expect(onUndone).not.toHaveBeenCalled();
    expect(refresh).not.toHaveBeenCalled();
  });
});
