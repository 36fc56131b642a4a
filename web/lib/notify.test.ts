import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/client';
import { notifyError, notifySuccess } from './notify';

const shown = vi.hoisted(() => vi.fn());
vi.mock('@mantine/notifications', () => ({ notifications: { show: shown } }));

afterEach(() => shown.mockClear());

describe('notifySuccess', () => {
  it('shows a green toast that closes by itself and has a named close button', () => {
    notifySuccess('Escalated 100234-2');
    expect(shown).toHaveBeenCalledWith({
      color: 'green',
      title: undefined,
      message: 'Escalated 100234-2',
      autoClose: 4000,
      closeButtonProps: { 'aria-label': 'Dismiss' },
    });
  });
});

describe('notifyError', () => {
  const last = () => shown.mock.calls.at(-1)?.[0];

  it('stays until dismissed, with the caller title and the server message under it', () => {
    notifyError(new ApiError(409, 'stale', 'Someone else changed this record.'), 'Failed to set flag');
    expect(last()).toMatchObject({
      color: 'red',
      title: 'Failed to set flag',
      message: 'Someone else changed this record.',
      autoClose: false,
    });
  });

  it('shows any error message, and asks to try again when there is none', () => {
    notifyError(new Error('Network down'), 'Could not save');
    expect(last()).toMatchObject({ message: 'Network down' });
    notifyError('weird', 'Could not save');
    expect(last()).toMatchObject({ title: 'Could not save', message: 'Please try again.' });
  });
});
