// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { LazyModal } from './lazy-modal';

beforeAll(() => {
  window.matchMedia ??= ((query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener() {},
    removeListener() {},
    addEventListener() {},
    removeEventListener() {},
    dispatchEvent: () => false,
  })) as typeof window.matchMedia;
});

function Screen() {
  const [opened, setOpened] = useState(false);
  return (
    <MantineProvider>
      <button type="button" onClick={() => setOpened(true)}>
        Rename
      </button>
      <LazyModal opened={opened} onClose={() => setOpened(false)} title="Rename the view">
        <button type="button" onClick={() => setOpened(false)}>
          Done
        </button>
      </LazyModal>
    </MantineProvider>
  );
}

describe('LazyModal', () => {
  afterEach(cleanup);

  it('puts nothing on the page until it first opens, then opens and closes as a Modal', async () => {
    render(<Screen />);
    // Closed and never opened: no dialog, and no portal node in the body either.
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.querySelector('[data-portal]')).toBeNull();

    const trigger = screen.getByRole('button', { name: 'Rename' });
    trigger.focus();
    act(() => fireEvent.click(trigger));
    expect(await screen.findByRole('dialog', { name: 'Rename the view' })).toBeTruthy();

    act(() => fireEvent.click(screen.getByRole('button', { name: 'Done' })));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // It noted where the focus was when it opened, as a Modal opened from closed does, and gives it back.
    await waitFor(() => expect(document.activeElement).toBe(trigger));
    // Opened once, it stays mounted (closed), so the next opening is a plain Modal's.
    expect(document.querySelector('[data-portal]')).not.toBeNull();
  });
});
