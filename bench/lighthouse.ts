/**
 * Lighthouse on the signed-in screens: `npm run bench:lighthouse -- [--runs 5] [--pages "dashboard,inbox"]
 * [--reports DIR]` (DIR: each run's whole Lighthouse report, to see what shifted or blocked).
 *
 * Builds nothing: run `npm run build` first. Starts the built app on 127.0.0.1 with a fresh embedded database
 * and the demo data (bench/app-process.ts), signs in as the demo admin in Debian Chromium (CHROMIUM_PATH,
 * default /usr/bin/chromium), then runs Lighthouse (desktop preset, performance category) `runs` times on
 * every signed-in screen (the list below, each with a subject from the demo data), and reports each one's
 * median score and metrics. A run Lighthouse could not finish (a runtimeError, which scores 0) is run again
 * and listed under `failed_runs`, not counted. Writes bench/results/<date>-lighthouse.json with the machine
 * and its load average (other work on the machine lowers the scores).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import puppeteer from 'puppeteer-core';
import { CHROMIUM_FLAGS, CHROMIUM_PATH, freePort, startApp } from './app-process';

const { values } = parseArgs({
  options: { runs: { type: 'string', default: '5' }, pages: { type: 'string' }, reports: { type: 'string' } },
});
const RUNS = Number(values.runs);
/** `--pages "dashboard,inbox"`: only these screens (by the names below). */
const only = values.pages?.split(',').map((name) => name.trim());
/** A run Lighthouse could not finish (its runtimeError, a score of 0) is run again, this many times at most. */
const RETRIES = 2;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function main() {
  const debugPort = await freePort();
  const loadBefore = Number(loadavg()[0].toFixed(2));
  console.log('Starting the app with demo data (about 20 s)...');
  const app = await startApp('lighthouse');
  const { base } = app;
  console.log(`The app is at ${base}`);
  const browser = await puppeteer.launch({
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_FLAGS, `--remote-debugging-port=${debugPort}`],
    defaultViewport: null,
  });
  try {
    // Sign in once; the session cookie stays in the browser for the Lighthouse runs.
    const page = await browser.newPage();
    await page.goto(`${base}/sign-in`);
    await page.waitForSelector('input[name=email]');
    await page.type('input[name=email]', 'admin@demo.test');
    await page.type('input[type=password]', 'demo-password');
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => !location.pathname.startsWith('/sign-in'));
    // One of each screen's subjects, from the demo data: an orderer, an item, a conversation, an FCO batch, a cart.
    // (No named functions inside: tsx would wrap them in a helper the page does not have.)
    const ids = await page.evaluate(async () => {
      const [{ stats }, threads, batches, carts] = (await Promise.all(
        ['orderers/stats', 'conversations/active', 'fco_batches/waiting_fco', 'carts/unpaid'].map(
          async (url) => (await fetch(`/api/v1/${url}.json`)).json(),
        ),
      )) as [
        { stats: { orderer: { id: number } }[] },
        { conversations: { id: number }[] },
        { fco_batches: { id: number }[] },
        { carts: { ref: string }[] },
      ];
      const orderer = stats[0]?.orderer.id;
      const queue = await fetch(`/api/v1/orderers/${orderer}/order_items.json`);
      const { order_items } = (await queue.json()) as { order_items: { ref: string }[] };
      return {
        orderer,
        ref: order_items[0]?.ref,
        conversation: threads.conversations[0]?.id,
        batch: batches.fco_batches[0]?.id,
        cart: carts.carts[0]?.ref,
      };
    });
    await page.close();
    if (!ids.ref) throw new Error('no order item to open');

    const pages = [
      { name: 'dashboard', url: '/dashboard' },
      { name: 'order page', url: `/orders/${ids.ref}` },
      { name: 'my queue', url: '/my-queue' },
      { name: 'team list', url: '/items' },
      { name: 'work queue', url: `/work-queues/${ids.orderer}` },
      { name: 'inbox', url: '/conversations' },
      { name: 'conversation', url: `/conversations/${ids.conversation}` },
      { name: 'search', url: '/search?q=smith' },
      { name: 'escalations', url: '/escalations' },
      { name: 'sales report', url: '/sales-report' },
      { name: 'FCO batch', url: `/fco_batch/${ids.batch}` },
      { name: 'unpaid cart', url: `/unpaid/${ids.cart}` },
      { name: 'reference', url: '/admin' },
      { name: 'users', url: '/users' },
      { name: 'outbox', url: '/outbox' },
      { name: 'e-mail templates', url: '/email-templates' },
      { name: 'webhooks', url: '/webhooks' },
      { name: 'audit log', url: '/audit-log' },
      { name: 'account security', url: '/account/security' },
    ]
      .filter((p) => !p.url.includes('undefined') && (!only || only.includes(p.name)))
      .map((p) => ({ ...p, url: `${base}${p.url}` }));
    const results = [];
    const failures: { page: string; error: string }[] = [];
    for (const target of pages) {
      const runs = [];
      for (let i = 0; i < RUNS; i++) {
        let lhr: NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'] | undefined;
        for (let attempt = 0; attempt <= RETRIES && !lhr; attempt++) {
          const result = await lighthouse(
            target.url,
            { port: debugPort, output: 'json', logLevel: 'error', onlyCategories: ['performance'] },
            desktopConfig,
          );
          if (!result?.lhr) throw new Error('Lighthouse gave no result');
          if (result.lhr.runtimeError) {
            failures.push({ page: target.name, error: result.lhr.runtimeError.code });
            console.log(
              `${target.name}: Lighthouse failed (${result.lhr.runtimeError.code}); running it again`,
            );
          } else lhr = result.lhr;
        }
        if (!lhr) throw new Error(`Lighthouse could not measure ${target.name}`);
        if (values.reports) {
          mkdirSync(values.reports, { recursive: true });
          writeFileSync(path.join(values.reports, `${target.name}-${i + 1}.json`), JSON.stringify(lhr));
        }
        runs.push({
          score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
          fcp_ms: Math.round(lhr.audits['first-contentful-paint']?.numericValue ?? 0),
          lcp_ms: Math.round(lhr.audits['largest-contentful-paint']?.numericValue ?? 0),
          tbt_ms: Math.round(lhr.audits['total-blocking-time']?.numericValue ?? 0),
          cls: Number((lhr.audits['cumulative-layout-shift']?.numericValue ?? 0).toFixed(3)),
          final_url: lhr.finalDisplayedUrl,
        });
      }
      const summary = {
        page: target.name,
        url: target.url.replace(base, ''),
        runs: RUNS,
        median_score: median(runs.map((r) => r.score)),
        median_fcp_ms: median(runs.map((r) => r.fcp_ms)),
        median_lcp_ms: median(runs.map((r) => r.lcp_ms)),
        median_tbt_ms: median(runs.map((r) => r.tbt_ms)),
        median_cls: median(runs.map((r) => r.cls)),
        all: runs,
      };
      if (runs.some((r) => r.final_url.includes('/sign-in'))) throw new Error('Lighthouse was not signed in');
      results.push(summary);
      console.log(
        `${target.name.padEnd(16)} score ${summary.median_score}  FCP ${summary.median_fcp_ms} ms  LCP ${summary.median_lcp_ms} ms  TBT ${summary.median_tbt_ms} ms  CLS ${summary.median_cls}  (median of ${RUNS})`,
      );
    }
    const out = {
      date: new Date().toISOString(),
      machine: {
        cpus: cpus().length,
        cpu: cpus()[0]?.model,
        memory_gb: Math.round(totalmem() / 2 ** 30),
        chromium: await browser.version(),
        load_average_1m_before: loadBefore,
        load_average_1m_after: Number(loadavg()[0].toFixed(2)),
      },
      preset: 'desktop',
      pages: results,
      // Runs Lighthouse could not finish, run again (they are not in the medians).
      failed_runs: failures,
    };
    mkdirSync('bench/results', { recursive: true });
    const file = path.join('bench/results', `${out.date.slice(0, 10)}-lighthouse.json`);
    writeFileSync(file, `${JSON.stringify(out, null, 2)}\n`);
    console.log(`Written ${file}`);
  } finally {
    await browser.close();
    await app.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
