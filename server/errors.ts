/**
 * The one error type of the server. Services throw it; app.ts maps it (and every other failure) to
 * `{"error": {"code", "message", "details"}}` with the right HTTP status.
 */
import type { ErrorCode } from '../domain/contract/session';

export type { ErrorCode };

const statusOf: Record<ErrorCode, number> = {
  unauthenticated: 401,
  invalid_credentials: 401,
  forbidden: 403,
  csrf_failed: 403,
  not_found: 404,
  wrong_state: 409,
  stale: 409,
  conflict: 409,
  /** A conversation transfer to an order with several items names none of them. */
  choose_item: 409,
  /** A conversation transfer to another customer's order, not confirmed. */
  different_customer: 409,
  /** An inline edit that would change a price: it goes through Modify Order instead. */
  price_change: 409,
  /** An undo offer past its window (docs/decisions/undo.md). */
  expired: 410,
  payload_too_large: 413,
  invalid_input: 422,
  too_many_attempts: 429,
  internal: 500,
  unavailable: 503,
};

export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.status = statusOf[code];
  }
}

export const notFound = (what: string) => new AppError('not_found', `${what} not found.`);
export const forbidden = (message = 'You are not allowed to do that.') => new AppError('forbidden', message);
export const invalidInput = (message: string, details?: unknown) =>
  new AppError('invalid_input', message, details);
