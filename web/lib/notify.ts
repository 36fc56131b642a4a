/**
 * Toasts for the outcome of an action: success and failure shown at once (ENGINEERING.md, Screens). They
 * show at the bottom right, so they never cover the page header's actions (Flag, Print …), lifted above a
 * list's sticky bulk-action bar when one is there (web/styles.css reads the lift); at most three at once. Each
 * shows a frame after the screen's own change (afterPaint).
 */
import { notifications } from '@mantine/notifications';
import { ApiError } from '../api/client';
import { afterPaint } from './after-paint';

/** The props of the app's one <Notifications />. */
export const TOASTS = {
  position: 'bottom-right',
  limit: 3,
  containerWidth: 380,
} as const;

/** The close button of every toast, named for screen readers. */
export const CLOSE = { 'aria-label': 'Dismiss' };

/** How far from the viewport's bottom toasts reach (one or two, with their gaps). */
const TOAST_ZONE_PX = 200;
/** The toasts' column: their width and the margin beside it. */
const TOAST_COLUMN_PX = TOASTS.containerWidth + 32;

type Box = Pick<DOMRect, 'top' | 'bottom' | 'right'>;

/**
 * How far to lift the toasts so they clear a bulk-action bar: the bar's height above the viewport's bottom when
 * it sits where they show (at the bottom, under their column), else nothing.
 */
export function toastLift(bar: Box | null, viewport: { width: number; height: number }): number {
  if (!bar) return 0;
  const nearBottom = bar.bottom > viewport.height - TOAST_ZONE_PX && bar.top < viewport.height;
  const underColumn = bar.right > viewport.width - TOAST_COLUMN_PX;
  return nearBottom && underColumn ? Math.ceil(viewport.height - bar.top) : 0;
}

/** Measured when a toast shows: the bar comes and goes with the selection, and wraps on a phone. */
export function liftAboveBulkBar(): void {
  if (typeof document === 'undefined') return;
  const bar = document.querySelector('[role="region"][aria-label="Bulk actions"]');
  const lift = toastLift(bar?.getBoundingClientRect() ?? null, {
    width: window.innerWidth,
    height: window.innerHeight,
  });
  document.documentElement.style.setProperty('--toasts-lift', `${lift}px`);
}

/** A confirmation needs a glance: it goes by itself. */
const SUCCESS_MS = 3000;
/** A failure must be readable (it pauses while hovered) and closeable, but does not pile up for ever. */
const ERROR_MS = 12_000;

/** A short green confirmation, e.g. notifySuccess('Escalated 100234-2'), shown once the screen has painted. */
export function notifySuccess(message: string, title?: string): void {
  afterPaint(() => {
    liftAboveBulkBar();
    notifications.show({ color: 'green', title, message, autoClose: SUCCESS_MS, closeButtonProps: CLOSE });
  });
}

/**
 * A red failure: the caller's text (a SPEC alert text such as 'Failed to set flag') with the server's
 * message underneath when there is one. The same failure again, while it shows, is not shown twice.
 */
export function notifyError(error: unknown, title: string): void {
  const detail =
    error instanceof ApiError ? error.message : error instanceof Error ? error.message : undefined;
  const message = detail ?? 'Please try again.';
  afterPaint(() => {
    liftAboveBulkBar();
    notifications.show({
      id: `error:${title}:${message}`,
      color: 'red',
      title,
      message,
      autoClose: ERROR_MS,
      closeButtonProps: CLOSE,
    });
  });
}
