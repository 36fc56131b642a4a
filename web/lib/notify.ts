/** Toasts for the outcome of an action: success and failure shown at once (ENGINEERING.md, Screens). */
import { notifications } from '@mantine/notifications';
import { ApiError } from '../api/client';

const CLOSE = { 'aria-label': 'Dismiss' };

/** A short green confirmation, e.g. notifySuccess('Escalated 100234-2'). */
export function notifySuccess(message: string, title?: string): void {
  notifications.show({ color: 'green', title, message, autoClose: 4000, closeButtonProps: CLOSE });
}

/**
 * A red failure that stays until dismissed: the caller's text (a SPEC alert text such as
 * 'Failed to set flag') with the server's message underneath when there is one.
 */
export function notifyError(error: unknown, title: string): void {
  const detail =
    error instanceof ApiError ? error.message : error instanceof Error ? error.message : undefined;
  notifications.show({
    color: 'red',
    title,
    message: detail ?? 'Please try again.',
    autoClose: false,
    closeButtonProps: CLOSE,
  });
}
