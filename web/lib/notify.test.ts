import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/client';
import { notifyError, notifySuccess, toastLift } from './notify';

const shown = vi.hoisted(() => vi.fn());
vi.mock('@mantine/notifications', () => ({ notifications: { show: shown } }));

// Toasts show after the next paint (afterPaint): the tests run it at once.
vi.mock('./after-paint', () => ({ afterPaint: (work: () => void) => work() }));

afterEach(() => shown.mockClear());

describe('notifySuccess', () => {
  it('shows a green toast that closes by itself and has a named close button', () => {
    notifySuccess('Escalated 100234-2');
    expect(shown).toHaveBeenCalledWith({
      color: 'green',
      title: undefined,
      message: 'Escalated 100234-2',
      autoClose: 3000,
      closeButtonProps: { 'aria-label': 'Dismiss' },
    });
  });
});

describe('notifyError', () => {
  const last = () => shown.mock.calls.at(-1)?.[0];

  it('closes by itself after a while, with the caller title and the server message under it', () => {
    notifyError(new ApiError(409, 'stale', 'Someone else changed this record.'), 'Failed to set flag');
    expect(last()).toMatchObject({
      color: 'red',
      title: 'Failed to set flag',
      message: 'Someone else changed this record.',
      autoClose: 12_000,
    });
  });

  it('gives the same failure the same id, so a repeat does not stack a second toast', () => {
    notifyError(new Error('Network down'), 'Could not save');
    const first = last()?.id;
    notifyError(new Error('Network down'), 'Could not save');
    expect(last()?.id).toBe(first);
    notifyError(new Error('Network down'), 'Failed to set flag');
    expect(last()?.id).not.toBe(first);
  });

  it('shows any error message, and asks to try again when there is none', () => {
    notifyError(new Error('Network down'), 'Could not save');
    expect(last()).toMatchObject({ message: 'Network down' });
    notifyError('weird', 'Could not save');
    expect(last()).toMatchObject({ title: 'Could not save', message: 'Please try again.' });
  });
});

describe('toastLift', () => {
  const desktop = { width: 1440, height: 900 };
  const phone = { width: 390, height: 844 };

  it('lifts the toasts by the height of a bulk bar stuck to the bottom under their column', () => {
    // Sticky 8 px from the bottom, 44 px high, the full width of a queue.
    expect(toastLift({ top: 848, bottom: 892, right: 1420 }, desktop)).toBe(52);
    // On a phone it wraps to three rows.
    expect(toastLift({ top: 700, bottom: 836, right: 374 }, phone)).toBe(144);
  });

  it('leaves them where they are with no bar, a bar higher up, or one beside their column', () => {
    expect(toastLift(null, desktop)).toBe(0);
    expect(toastLift({ top: 300, bottom: 410, right: 1420 }, desktop)).toBe(0);
    expect(toastLift({ top: 1200, bottom: 1310, right: 1420 }, desktop)).toBe(0);
    // The dashboard's left column: the toasts show over the right one.
    expect(toastLift({ top: 780, bottom: 892, right: 925 }, desktop)).toBe(0);
  });
});
