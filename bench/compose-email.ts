/**
 * E-mail composition benchmark: `npm run bench:email -- [--rounds 21]`. Times what queueing one customer e-mail
 * adds inside the action's transaction (server/mail/compose.ts: React's static renderer, then the text part
 * from that HTML) against React Email's own render() on the same templates, over every template's sample.
 * Methods run in interleaved rounds and the median is printed, in µs per e-mail of wall time and of this
 * process's CPU time, so a busy machine slows them all alike. No database: rendering is all there is to it.
 */
import { parseArgs } from 'node:util';
import { render, toPlainText } from '@react-email/render';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { CUSTOMER_EMAIL_KINDS } from '../domain/contract/email-templates';
import { DEMO_COMPANY } from '../server/config';
import { composeEmail } from '../server/mail/compose';
import { EMAIL_TEMPLATES } from '../server/mail/templates/index';

const { values } = parseArgs({ options: { rounds: { type: 'string', default: '21' } } });
const ROUNDS = Number(values.rounds);
/** E-mails per method per round: every template once, this many times. */
const PASSES = 20;

const elements = CUSTOMER_EMAIL_KINDS.map((kind) =>
  createElement(EMAIL_TEMPLATES[kind].Template, { ...EMAIL_TEMPLATES[kind].sample, company: DEMO_COMPANY }),
);
const htmls = CUSTOMER_EMAIL_KINDS.map((kind) => composeEmail(kind, EMAIL_TEMPLATES[kind].sample).html);
const count = PASSES * CUSTOMER_EMAIL_KINDS.length;

const methods: Record<string, () => Promise<unknown> | undefined> = {
  'composeEmail (what ships: static markup + text part)': () => {
    for (const kind of CUSTOMER_EMAIL_KINDS) composeEmail(kind, EMAIL_TEMPLATES[kind].sample);
    return undefined;
  },
  'renderToStaticMarkup (the HTML alone)': () => {
    for (const e of elements) renderToStaticMarkup(e);
    return undefined;
  },
  'toPlainText (the text part alone)': () => {
    for (const h of htmls) toPlainText(h);
    return undefined;
  },
  "React Email's render() (the HTML alone, streamed)": () => Promise.all(elements.map((e) => render(e))),
};

/** Wall and CPU µs per e-mail of one round of `fn`. */
async function round(fn: () => Promise<unknown> | undefined) {
  const cpu = process.cpuUsage();
  const start = performance.now();
  for (let i = 0; i < PASSES; i++) await fn();
  const used = process.cpuUsage(cpu);
  return { wall: ((performance.now() - start) * 1000) / count, cpu: (used.user + used.system) / count };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function main() {
  // Warm up: the first render loads react-dom/server and compiles the templates' code.
  for (const fn of Object.values(methods)) for (let i = 0; i < 5; i++) await fn();
  const results = new Map<string, { wall: number[]; cpu: number[] }>();
  for (let r = 0; r < ROUNDS; r++) {
    for (const [name, fn] of Object.entries(methods)) {
      const { wall, cpu } = await round(fn);
      const entry = results.get(name) ?? { wall: [], cpu: [] };
      entry.wall.push(wall);
      entry.cpu.push(cpu);
      results.set(name, entry);
    }
  }
  console.log(
    `${CUSTOMER_EMAIL_KINDS.length} templates × ${PASSES} per round, ${ROUNDS} rounds; median µs per e-mail`,
  );
  console.log('method'.padEnd(56), 'wall'.padStart(8), 'cpu'.padStart(8));
  for (const [name, { wall, cpu }] of results)
    console.log(name.padEnd(56), median(wall).toFixed(0).padStart(8), median(cpu).toFixed(0).padStart(8));
}

await main();
