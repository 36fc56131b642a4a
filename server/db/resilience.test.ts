/** The pieces of database resilience that need no database: error classification and backoff schedules. */
import { describe, expect, it } from 'vitest';
import { RETRY_MAX_MS, retryDelayMs } from '../jobs/runner';
import { isDatabaseUnavailable } from './client';
import { RECONNECT_MAX_MS, reconnectDelayMs } from './listener';

const pgError = (code: string, message = 'x') => Object.assign(new Error(message), { code });

describe('isDatabaseUnavailable', () => {
  it('is true for lost or refused connections, however the driver or Drizzle wraps them', () => {
    expect(
      isDatabaseUnavailable(pgError('57P01', 'terminating connection due to administrator command')),
    ).toBe(true);
    expect(isDatabaseUnavailable(pgError('08006'))).toBe(true);
    expect(isDatabaseUnavailable(pgError('ECONNREFUSED'))).toBe(true);
    expect(
      isDatabaseUnavailable(pgError('55000', 'database "x" is not currently accepting connections')),
    ).toBe(true);
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('timeout exceeded when trying to connect'))).toBe(true);
    const wrapped = new Error('Failed query: select 1', { cause: pgError('57P01') });
    expect(isDatabaseUnavailable(wrapped)).toBe(true);
  });

  it('is true for a transaction rolled back by a deadlock or a serialization failure: nothing was written', () => {
    expect(
      isDatabaseUnavailable(new Error('Failed query', { cause: pgError('40P01', 'deadlock detected') })),
    ).toBe(true);
    expect(isDatabaseUnavailable(pgError('40001', 'could not serialize access'))).toBe(true);
  });

  it('is false for a query that is wrong, and for anything else', () => {
    expect(isDatabaseUnavailable(pgError('23505', 'duplicate key value'))).toBe(false);
    expect(isDatabaseUnavailable(pgError('42P01', 'relation does not exist'))).toBe(false);
    expect(isDatabaseUnavailable(new Error('Failed query', { cause: pgError('23503') }))).toBe(false);
    expect(isDatabaseUnavailable(new Error('boom'))).toBe(false);
    expect(isDatabaseUnavailable('Connection terminated')).toBe(false);
    expect(isDatabaseUnavailable(undefined)).toBe(false);
  });
});

describe('backoff schedules', () => {
  it('the listener waits 250 ms, then doubles up to 5 s, jittered down by at most half', () => {
    const top = (n: number) => reconnectDelayMs(n, () => 1);
    expect([0, 1, 2, 3, 4, 5].map(top)).toEqual([250, 500, 1000, 2000, 4000, 5000]);
    expect(top(1000)).toBe(RECONNECT_MAX_MS);
    expect(reconnectDelayMs(3, () => 0)).toBe(1000);
  });

  it('the job runner waits 1 s after a failed round, then doubles up to 5 s', () => {
    const top = (n: number) => retryDelayMs(n, () => 1);
    expect([1, 2, 3, 4].map(top)).toEqual([1000, 2000, 4000, 5000]);
    expect(top(10_000)).toBe(RETRY_MAX_MS);
    expect(retryDelayMs(2, () => 0)).toBe(1000);
  });
});
