/**
 * Toasts for the outcome of an action: success and failure shown at once (ENGINEERING.md, Screens). They
 * show at the bottom right, lifted above the lists' sticky bulk-action bar (web/styles.css), so they never cover the page
 * header's actions (Flag, Print …) nor the bulk actions; at most three at once.
 */
import { notifications } from '@mantine/notifications';
import { ApiError } from '../api/client';

/** The props of the app's one <Notifications />. */
export const TOASTS = {
  position: 'bottom-right',
  limit: 3,
  containerWidth: 380,
} as const;

const CLOSE = { 'aria-label': 'Dismiss' };

/** A confirmation needs a glance: it goes by itself. */
const SUCCESS_MS = 3000;
/** A failure must be readable (it pauses while hovered) and closeable, but does not pile up for ever. */
const ERROR_MS = 12_000;

/** A short green confirmation, e.g. notifySuccess('Escalated 100234-2'). */
export function notifySuccess(message: string, title?: string): void {
  notifications.show({ color: 'green', title, message, autoClose: SUCCESS_MS, closeButtonProps: CLOSE });
}

/**
 * A red failure: the caller's text (a SPEC alert text such as 'Failed to set flag') with the server's
 * message underneath when there is one. The same failure again, while it shows, is not shown twice.
 */
export function notifyError(error: unknown, title: string): void {
  const detail =
    error instanceof ApiError ? error.message : error instanceof Error ? error.message : undefined;
  const message = detail ?? 'Please try again.';
  notifications.show({
    id: `error:${title}:${message}`,
    color: 'red',
    title,
    message,
    autoClose: ERROR_MS,
    closeButtonProps: CLOSE,
  });
}
