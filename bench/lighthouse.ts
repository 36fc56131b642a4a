/**
 * Lighthouse on the signed-in screens: `npm run bench:lighthouse -- [--runs 5]`.
 *
 * Builds nothing: run `npm run build` first. Starts the built app on 127.0.0.1 with a fresh embedded database
 * and the demo data (bench/app-process.ts), signs in as the demo admin in Debian Chromium (CHROMIUM_PATH,
 * default /usr/bin/chromium), then runs Lighthouse (desktop preset, performance category) `runs` times on the
 * dashboard and on an order page, and reports the median score and metrics. Writes
 * bench/results/<date>-lighthouse.json.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import puppeteer from 'puppeteer-core';
import { CHROMIUM_FLAGS, CHROMIUM_PATH, freePort, startApp } from './app-process';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '5' } } });
const RUNS = Number(values.runs);

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function main() {
  const debugPort = await freePort();
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
    const ref = await page.evaluate(async () => {
      const res = await fetch('/api/v1/orderers/stats.json');
      const { stats } = (await res.json()) as { stats: { orderer: { id: number } }[] };
      const queue = await fetch(`/api/v1/orderers/${stats[0]?.orderer.id}/order_items.json`);
      const { order_items } = (await queue.json()) as { order_items: { ref: string }[] };
      return order_items[0]?.ref;
    });
    await page.close();
    if (!ref) throw new Error('no order item to open');

    const pages = [
      { name: 'dashboard', url: `${base}/dashboard` },
      { name: 'order page', url: `${base}/orders/${ref}` },
    ];
    const results = [];
    for (const target of pages) {
      const runs = [];
      for (let i = 0; i < RUNS; i++) {
        const result = await lighthouse(
          target.url,
          { port: debugPort, output: 'json', logLevel: 'error', onlyCategories: ['performance'] },
          desktopConfig,
        );
        const lhr = result?.lhr;
        if (!lhr) throw new Error('Lighthouse gave no result');
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
        `${target.name.padEnd(12)} score ${summary.median_score}  FCP ${summary.median_fcp_ms} ms  LCP ${summary.median_lcp_ms} ms  TBT ${summary.median_tbt_ms} ms  CLS ${summary.median_cls}  (median of ${RUNS})`,
      );
    }
    const out = {
      date: new Date().toISOString(),
      machine: { cpus: cpus().length, cpu: cpus()[0]?.model, memory_gb: Math.round(totalmem() / 2 ** 30) },
      preset: 'desktop',
      pages: results,
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
