/** The retry of a transaction that lost to another, around a stand-in for Drizzle's `transaction`. */
import { describe, expect, it } from 'vitest';
import { conflictRetry, isTransactionConflict } from './retry';

/** An error as Drizzle gives it: its own wrapper, the driver's error with the SQLSTATE as the cause. */
function wrapped(code: string): Error {
  const driver = Object.assign(new Error('from the driver'), { code });
  return new Error('Failed query', { cause: driver });
}

/** A handle whose transaction fails with the given errors, in turn, then runs the callback. */
function handle(failures: unknown[]) {
  const db = {
    calls: 0,
    async transaction<T>(work: (tx: string) => Promise<T>, config?: { isolationLevel: string }) {
      db.calls++;
      const failure = failures.shift();
      if (failure) throw failure;
      return work(config?.isolationLevel ?? 'tx');
    },
  };
  return db;
}

describe('isTransactionConflict', () => {
  it('knows a deadlock and a serialization failure, wrapped or not', () => {
    expect(isTransactionConflict(wrapped('40P01'))).toBe(true);
    expect(isTransactionConflict(wrapped('40001'))).toBe(true);
    expect(isTransactionConflict(Object.assign(new Error('x'), { code: '40P01' }))).toBe(true);
  });

  it('leaves every other error alone', () => {
    for (const code of ['23505', '57P01', '22012', 'ECONNRESET']) {
      expect(isTransactionConflict(wrapped(code))).toBe(false);
    }
    expect(isTransactionConflict(new Error('no code'))).toBe(false);
    expect(isTransactionConflict('40P01')).toBe(false);
    expect(isTransactionConflict(undefined)).toBe(false);
  });
});

describe('conflictRetry', () => {
  it('runs a transaction again after a deadlock and answers its result, with the same arguments', async () => {
    const db = handle([wrapped('40P01'), wrapped('40001')]);
    const heard: number[] = [];
    const retry = conflictRetry({ baseDelayMs: 1, onRetry: (_e, attempt) => heard.push(attempt) });
    await expect(
      retry.run(() => db.transaction(async (tx) => `done in ${tx}`, { isolationLevel: 'serializable' })),
    ).resolves.toBe('done in serializable');
    expect(db.calls).toBe(3);
    expect(heard).toEqual([1, 2]);
    expect(retry.counts()).toEqual({ retried: 2, gaveUp: 0 });
  });

  it('gives up after its attempts and lets the conflict reach the caller', async () => {
    const last = wrapped('40P01');
    const db = handle([wrapped('40P01'), wrapped('40P01'), last]);
    const retry = conflictRetry({ attempts: 3, baseDelayMs: 1 });
    await expect(retry.run(() => db.transaction(async () => 'never'))).rejects.toBe(last);
    expect(db.calls).toBe(3);
    expect(retry.counts()).toEqual({ retried: 2, gaveUp: 1 });
  });

  it('never runs again a transaction that failed for another reason', async () => {
    const unique = wrapped('23505');
    const db = handle([unique]);
    const retry = conflictRetry({ baseDelayMs: 1 });
    await expect(retry.run(() => db.transaction(async () => 'never'))).rejects.toBe(unique);
    expect(db.calls).toBe(1);
    expect(retry.counts()).toEqual({ retried: 0, gaveUp: 0 });
  });

  it('does not retry a failure thrown by the callback itself unless it is a conflict', async () => {
    const db = handle([]);
    const retry = conflictRetry({ baseDelayMs: 1 });
    let runs = 0;
    await expect(
      retry.run(() =>
        db.transaction(async () => {
          runs++;
          throw new Error('refused');
        }),
      ),
    ).rejects.toThrow('refused');
    expect(runs).toBe(1);
  });
});
