/**
 * Transactions that lose to another are run again. PostgreSQL rolls back one of two transactions that wait
 * for each other's rows (a deadlock, 40P01) or that cannot both be serialized (40001): nothing of the loser
 * was written, and running it again after the winner commits succeeds. Its documentation asks applications
 * to do exactly that. Most such cycles here come from the kept counts (migration 0024): a transaction that
 * updates several items takes their count rows statement by statement, so two of them can meet in opposite
 * orders however each statement orders its own rows.
 *
 * Every transaction of the services starts through client.ts `transaction(db, work)`, which applies the database's
 * policy (none on PGlite: one connection cannot deadlock); server/db/transactions.test.ts fails if a service calls
 * Drizzle's `db.transaction` directly. The rule that makes
 * this safe: a transaction's callback does database work only (files are stored before it, e-mail goes
 * through the outbox, live hints are NOTIFYs that fire at commit), because it may run more than once.
 * Savepoints (`tx.transaction`) are not retried on their own: their conflict aborts the whole transaction.
 */
/** The SQLSTATEs of a transaction rolled back whole because it lost to another. */
const CONFLICT_CODES = new Set(['40P01', '40001']);

/** True when the error, or one it wraps (as Drizzle does), is a deadlock or a serialization failure. */
export function isTransactionConflict(error: unknown): boolean {
  for (let e = error, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && CONFLICT_CODES.has(code)) return true;
  }
  return false;
}

export interface ConflictRetryOptions {
  /** Runs of one transaction in all, the first included; after the last the conflict reaches the caller. */
  attempts?: number;
  /** The longest pause before the first retry; it doubles each time, with jitter so the losers spread out. */
  baseDelayMs?: number;
  /** Hears of each retry (for the log). */
  onRetry?: (error: unknown, attempt: number) => void;
}

export interface ConflictCounts {
  /** Transactions run again after losing to another. */
  retried: number;
  /** Transactions that still lost on their last attempt (the caller got a 503). */
  gaveUp: number;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A policy that runs a transaction again when it loses to another, with its running counts (for /metrics). */
export interface ConflictRetry {
  /** Runs `once` (one whole transaction), again after a conflict, up to the policy's attempts. */
  run<T>(once: () => Promise<T>): Promise<T>;
  counts(): ConflictCounts;
}

/**
 * The retry policy of one database: `run` wraps a whole transaction (client.ts `transaction` applies it to every
 * top-level transaction on PostgreSQL), never a savepoint, whose conflict aborts the transaction around it.
 */
export function conflictRetry({
  attempts = 4,
  baseDelayMs = 10,
  onRetry,
}: ConflictRetryOptions = {}): ConflictRetry {
  const counts: ConflictCounts = { retried: 0, gaveUp: 0 };
  return {
    async run(once) {
      for (let attempt = 1; ; attempt++) {
        try {
          return await once();
        } catch (error) {
          if (!isTransactionConflict(error)) throw error;
          if (attempt >= attempts) {
            counts.gaveUp++;
            throw error;
          }
          counts.retried++;
          onRetry?.(error, attempt);
          await pause(Math.random() * baseDelayMs * 2 ** (attempt - 1));
        }
      }
    },
    counts: () => ({ ...counts }),
  };
}
