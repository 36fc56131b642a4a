/**
 * The background worker of one app instance: runs the jobs of jobs/registry.ts, each when it is due. Safe to
 * run on every instance (the jobs claim rows with SKIP LOCKED); a round never overlaps the previous one. A
 * round stops at a failing job (the database is down) and is retried with capped exponential backoff, for as
 * long as it takes; the failed job stays due, and the runner reports itself down meanwhile.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Job } from './registry';

/**
 * After a failed round: 1 s, 2 s, 4 s … at most 5 s, the normal interval (so /readyz is back soon after the
 * database), each jittered down by up to half.
 */
export const RETRY_FIRST_MS = 1000;
export const RETRY_MAX_MS = 5000;

/** The wait before retrying after this many failed rounds in a row. */
export function retryDelayMs(failures: number, random = Math.random): number {
  const ceiling = Math.min(RETRY_FIRST_MS * 2 ** Math.min(failures - 1, 30), RETRY_MAX_MS);
  return Math.round(ceiling * (0.5 + random() / 2));
}

/** A failing non-essential job is retried after 5 s, 10 s, 20 s … at most 5 minutes, jittered down by up to half. */
export function nonEssentialRetryMs(failures: number, random = Math.random): number {
  const ceiling = Math.min(5000 * 2 ** Math.min(failures - 1, 30), 5 * 60_000);
  return Math.round(ceiling * (0.5 + random() / 2));
}

/** Each job's figures since start, for /metrics. */
export interface JobStats {
  name: string;
  runs: number;
  failures: number;
  lastSuccessAt: Date | null;
  /** Whether its last run failed (down until one succeeds). */
  failing?: boolean;
  /** The job's own figures (Job.counts), when it keeps any. */
  counts?: Readonly<Record<string, number>>;
}

export interface JobRunner {
  /** False after a failed round until one succeeds. */
  ready(): boolean;
  /** Whether the named job's last run succeeded (undefined: no such job); a non-essential job's own health. */
  jobUp(name: string): boolean | undefined;
  /** Runs, failures and last success of each job, in the registry's order. */
  stats(): readonly JobStats[];
  /** Stops the loop, waits for a round in progress, then closes what the jobs keep open. */
  stop(): Promise<void>;
}

interface Scheduled {
  job: Job;
  stats: JobStats;
  /** Failed runs in a row of a non-essential job: its own backoff. */
  failuresInRow: number;
  /** Epoch ms when it is next due; 0: due at the first round. */
  dueAt: number;
}

/** Starts running the jobs; a round runs every due job in order, then waits for the next one to be due. */
export function startJobRunner(
  jobs: readonly Job[],
  log: Pick<FastifyBaseLogger, 'error' | 'info'>,
  now: () => number = Date.now,
): JobRunner {
  if (jobs.length === 0) throw new Error('startJobRunner needs at least one job');
  const scheduled: Scheduled[] = jobs.map((job) => ({
    job,
    stats: { name: job.name, runs: 0, failures: 0, lastSuccessAt: null, failing: false },
    failuresInRow: 0,
    dueAt: 0,
  }));
  let stopped = false;
  let failures = 0;
  let current: Promise<void> | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const runOne = async (s: Scheduled) => {
    s.stats.runs += 1;
    try {
      const outcome = await s.job.run();
      s.stats.lastSuccessAt = new Date();
      s.stats.failing = false;
      if (s.failuresInRow > 0) log.info({ job: s.job.name }, 'background job running again');
      s.failuresInRow = 0;
      s.dueAt = outcome === 'again' ? now() : now() + s.job.everyMs;
    } catch (error) {
      s.stats.failures += 1;
      s.stats.failing = true;
      if (s.job.essential === false) {
        // Its own trouble (the mailbox away): retried on its own backoff, the other jobs and readiness unharmed.
        s.failuresInRow += 1;
        s.dueAt = now() + nonEssentialRetryMs(s.failuresInRow);
        log.error(
          { err: error, job: s.job.name, failures: s.failuresInRow },
          'background job failed; retrying with backoff',
        );
        return;
      }
      throw Object.assign(error instanceof Error ? error : new Error(String(error)), { job: s.job.name });
    }
  };

  const round = async () => {
    try {
      for (const s of scheduled) if (s.dueAt <= now()) await runOne(s);
      if (failures > 0) log.info({ failures }, 'background jobs running again');
      failures = 0;
    } catch (error) {
      failures += 1;
      const job = (error as { job?: string }).job;
      log.error({ err: error, job, failures }, 'background jobs failed; retrying with backoff');
    }
  };
  const untilNextDue = () => Math.max(0, Math.min(...scheduled.map((s) => s.dueAt)) - now());
  const schedule = (delay: number) => {
    if (stopped) return;
    timer = setTimeout(() => {
      current = round().finally(() => {
        current = undefined;
        schedule(failures > 0 ? retryDelayMs(failures) : untilNextDue());
      });
    }, delay);
  };
  schedule(0);

  return {
    ready: () => failures === 0,
    jobUp: (name) => {
      const s = scheduled.find((x) => x.job.name === name);
      return s ? !s.stats.failing : undefined;
    },
    stats: () => scheduled.map((s) => ({ ...s.stats, ...(s.job.counts ? { counts: s.job.counts() } : {}) })),
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await current;
      for (const { job } of scheduled) await job.close?.();
    },
  };
}
