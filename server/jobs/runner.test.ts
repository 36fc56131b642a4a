/**
 * The job runner schedules exactly the registry's list: each job when it is due, a failing one retried with
 * backoff while the runner reports itself down, and the figures /metrics reads by job name.
 */
import { describe, expect, it } from 'vitest';
import { backgroundJobs, type Job } from './registry';
import { startJobRunner } from './runner';

const quiet = { error: () => undefined, info: () => undefined, warn: () => undefined };

describe('job runner', () => {
  it('runs each job at its own interval, in the order listed', async () => {
    const order: string[] = [];
    const job = (name: string, everyMs: number): Job => ({
      name,
      everyMs,
      run: async () => void order.push(name),
    });
    const runner = startJobRunner([job('often', 20), job('rarely', 60_000)], quiet);
    try {
      await expect.poll(() => order.filter((n) => n === 'often').length).toBeGreaterThanOrEqual(4);
      expect(order.slice(0, 2)).toEqual(['often', 'rarely']);
      expect(order.filter((n) => n === 'rarely')).toHaveLength(1);
      expect(runner.stats().map((s) => s.name)).toEqual(['often', 'rarely']);
    } finally {
      await runner.stop();
    }
  });

  it('runs a job again at once while it answers that work is left, then at its interval', async () => {
    let runs = 0;
    const runner = startJobRunner(
      [{ name: 'burst', everyMs: 60_000, run: async () => (++runs < 3 ? 'again' : undefined) }],
      quiet,
    );
    try {
      await expect.poll(() => runs).toBe(3);
      // Its interval after the run that left nothing: no fourth run soon.
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(runs).toBe(3);
    } finally {
      await runner.stop();
    }
  });

  it('closes what the jobs keep open when it stops, after the round in progress', async () => {
    const events: string[] = [];
    let release: () => void = () => undefined;
    const runner = startJobRunner(
      [
        {
          name: 'slow',
          everyMs: 60_000,
          run: () =>
            new Promise<undefined>((resolve) => {
              release = () => {
                events.push('ran');
                resolve(undefined);
              };
            }),
          close: () => void events.push('closed'),
        },
      ],
      quiet,
    );
    await expect.poll(() => runner.stats()[0].runs).toBe(1);
    const stopped = runner.stop();
    release();
    await stopped;
    expect(events).toEqual(['ran', 'closed']);
  });

  it('a non-essential job failing (the mailbox away) is reported on its own, retried with backoff, and harms neither the others nor readiness', async () => {
    let mailbox = 0;
    let other = 0;
    const runner = startJobRunner(
      [
        {
          name: 'inbound_mail',
          everyMs: 10,
          essential: false,
          run: async () => {
            mailbox += 1;
            throw new Error('connect ECONNREFUSED 127.0.0.1:1');
          },
        },
        {
          name: 'other',
          everyMs: 10,
          run: async () => {
            other += 1;
            return undefined;
          },
        },
      ],
      quiet,
    );
    try {
      await expect.poll(() => other).toBeGreaterThanOrEqual(5);
      expect(runner.ready()).toBe(true);
      expect(runner.jobUp('inbound_mail')).toBe(false);
      expect(runner.jobUp('other')).toBe(true);
      expect(runner.jobUp('nonesuch')).toBeUndefined();
      // Backed off (5 s at least 2.5 s after the first failure), not tried every 10 ms with the others.
      expect(mailbox).toBe(1);
      expect(runner.stats()[0]).toMatchObject({ failures: 1, failing: true });
    } finally {
      await runner.stop();
    }
  });

  it('retries a failing job, reports not ready meanwhile, and recovers', async () => {
    let calls = 0;
    let readyWhileFailing: boolean | null = null;
    const runner = startJobRunner(
      [
        {
          name: 'flaky',
          everyMs: 60_000,
          run: async () => {
            calls += 1;
            if (calls === 1) throw new Error('database down');
          },
        },
      ],
      {
        info: () => undefined,
        error: () => {
          readyWhileFailing = runner.ready();
        },
      },
    );
    try {
      await expect.poll(() => runner.stats()[0].lastSuccessAt, { timeout: 5_000 }).toBeInstanceOf(Date);
      expect(readyWhileFailing).toBe(false);
      expect(runner.ready()).toBe(true);
      expect(runner.stats()[0]).toMatchObject({ name: 'flaky', runs: 2, failures: 1 });
    } finally {
      await runner.stop();
    }
  });

  it('the registry names every background job once, each with a positive interval', () => {
    const jobs = backgroundJobs({
      db: {} as never,
      mail: { dataDir: '/nonexistent', mailFrom: 'T <t@x.example>' },
      log: quiet,
    });
    expect(jobs.map((j) => j.name)).toEqual([
      'mail',
      'webhooks',
      'reminders',
      'postponements',
      'snoozes',
      'retention',
    ]);
    for (const j of jobs) expect(j.everyMs).toBeGreaterThan(0);
  });
});
