/**
 * docs/storefront.md's typed client stays true: openapi-typescript generates the types from docs/openapi.json
 * afresh, docs/examples/storefront-client.ts is type-checked against them (tsc; a misspelt path or field would
 * fail it), and its functions are run through openapi-fetch against the back office listening on 127.0.0.1.
 */
import { execFile } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, STOREFRONT_KEY, type TestContext } from './test/harness';

const ROOT = path.resolve(import.meta.dirname, '..');
const EXAMPLE = path.join(ROOT, 'docs/examples/storefront-client.ts');
const run = promisify(execFile);

/**
 * The example's functions, loaded at run time: its types come from the generated file, which exists only in
 * the temporary directory the first suite writes (the repository's own tsc does not see the example).
 */
interface Example {
  storefrontClient(origin: string, apiKey: string): unknown;
  sendPaidOrder(client: unknown, order: unknown): Promise<{ id: number; ref: string; created: boolean }>;
  sendCustomerMessage(
    client: unknown,
    message: { email: string; name: string; content: string; orderRef: string; messageId: string },
  ): Promise<string | null>;
  markCartPaid(client: unknown, cartRef: string): Promise<string>;
  StorefrontRefusal: abstract new (...args: never[]) => Error;
}
const loadExample = async () => (await import(pathToFileURL(EXAMPLE).href)) as Example;

/** Runs a Node script; answers its exit code and output (a failure is an answer, not a throw). */
async function node(args: string[], cwd = ROOT) {
  try {
    const { stdout, stderr } = await run(process.execPath, args, { cwd, maxBuffer: 64 * 1024 * 1024 });
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: failed.code ?? 1, output: `${failed.stdout ?? ''}${failed.stderr ?? ''}` };
  }
}

describe('the typed client example', () => {
  let dir = '';
  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'storefront-client-'));
    // openapi-typescript needs TypeScript 5's compiler API: it lives in its own workspace (tools/openapi-client).
    const cli = path.join(ROOT, 'tools/openapi-client/node_modules/openapi-typescript/bin/cli.js');
    const generated = await node([cli, 'docs/openapi.json', '-o', path.join(dir, 'storefront-api.d.ts')]);
    expect(generated.code, generated.output).toBe(0);
    writeFileSync(
      path.join(dir, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          target: 'ES2023',
          lib: ['ES2023', 'DOM'],
          module: 'ESNext',
          moduleResolution: 'bundler',
          strict: true,
          noEmit: true,
          skipLibCheck: true,
          types: [],
          paths: { 'openapi-fetch': [path.join(ROOT, 'node_modules/openapi-fetch')] },
        },
        include: ['*.ts'],
      }),
    );
  }, 120_000);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const tsc = () => node([path.join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', dir]);

  it('type-checks against the types generated from docs/openapi.json', async () => {
    copyFileSync(EXAMPLE, path.join(dir, 'storefront-client.ts'));
    const checked = await tsc();
    expect(checked.code, checked.output).toBe(0);
  }, 120_000);

  it('fails the check for a path the API does not have (the types are really used)', async () => {
    const misspelt = readFileSync(EXAMPLE, 'utf8').replace(
      "'/api/v1/storefront/orders.json', { body",
      "'/api/v1/storefront/order.json', { body",
    );
    expect(misspelt).toContain('/storefront/order.json');
    writeFileSync(path.join(dir, 'storefront-client.ts'), misspelt);
    const checked = await tsc();
    expect(checked.code).not.toBe(0);
    expect(checked.output).toContain('storefront-client.ts');
  }, 120_000);
});

describe('the typed client against the back office', () => {
  let ctx: TestContext;
  let origin = '';
  let example: Example;
  beforeAll(async () => {
    example = await loadExample();
    ctx = await createTestApp();
    await ctx.app.listen({ host: '127.0.0.1', port: 0 });
    const address = ctx.app.server.address();
    if (!address || typeof address === 'string') throw new Error('not listening');
    origin = `http://127.0.0.1:${address.port}`;
  });
  afterAll(() => ctx.close());

  // 7002xx: not a ref of the demo data (server/seed/demo.ts numbers its orders from 100201).
  const order = {
    order: {
      ref: '700250',
      email: 'sam.shopper@example.com',
      phone: '+44 7700 900456',
      delivery_region: 'UK',
      placed_at: '2026-05-11T09:30:00+01:00',
      billing_address: { name: 'Sam Shopper', line_1: '3 Mill Lane', city: 'York', zip: 'YO1 7HH' },
      shipping_address: null,
      items: [
        {
          orderable_type: 'Certificate',
          type: 'Birth Certificate',
          net_value: 2800,
          orderable: { service_level: 'standard', copies: 1, certificate_country: 'EW', firstname_a: 'Sam' },
        },
      ],
    },
  };

  it('sends a paid order once: 201, then 200 for the same ref', async () => {
    const client = example.storefrontClient(origin, STOREFRONT_KEY);
    const first = await example.sendPaidOrder(client, order);
    expect(first).toMatchObject({ ref: '700250', created: true });
    const again = await example.sendPaidOrder(client, order);
    expect(again).toEqual({ ...first, created: false });
  });

  it('answers a refusal with its code and the fields to correct', async () => {
    const client = example.storefrontClient(origin, STOREFRONT_KEY);
    const bad = { order: { ...order.order, ref: '700251', email: 'not an address' } };
    const refused = await example.sendPaidOrder(client, bad).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(example.StorefrontRefusal);
    expect(refused).toMatchObject({ status: 422, code: 'invalid_input', fields: ['order.email'] });
    const wrongKey = await example
      .sendPaidOrder(example.storefrontClient(origin, 'not-the-key'), order)
      .catch((e: unknown) => e);
    expect(wrongKey).toMatchObject({ status: 401, code: 'unauthenticated', fields: [] });
    const noCart = await example.markCartPaid(client, '700259').catch((error: unknown) => error);
    expect(noCart).toMatchObject({ status: 404, code: 'not_found' });
  });

  it("passes on a customer's message about their order", async () => {
    const client = example.storefrontClient(origin, STOREFRONT_KEY);
    const reached = await example.sendCustomerMessage(client, {
      email: 'sam.shopper@example.com',
      name: 'Sam Shopper',
      content: 'Could the certificate go to my work address?',
      orderRef: '700250-1',
      messageId: 'shop-msg-700250-1',
    });
    expect(reached === null || reached === '700250-1').toBe(true);
  });

  it('the guide uses no ref of the demo data', () => {
    const guide = readFileSync(path.join(ROOT, 'docs/storefront.md'), 'utf8');
    expect(guide.match(/\b100[2-9]\d\d\b/g) ?? []).toEqual([]);
  });
});
