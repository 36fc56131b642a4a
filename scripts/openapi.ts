/**
 * Generates the OpenAPI description from the routes' zod schemas. `npm run openapi` writes
 * docs/openapi.json; the drift check (npm run check) fails when the committed file is out of date.
 */
import { writeFileSync } from 'node:fs';
import { buildApp } from '../server/app';
import { fromPglite, openPglite } from '../server/db/client';

/** The OpenAPI document as formatted JSON text. */
export async function generateOpenApi(): Promise<string> {
  const database = fromPglite(await openPglite('memory://'));
  const app = await buildApp({
    config: {
      sessionSecret: 'x'.repeat(32),
      secureCookies: false,
      logLevel: 'silent',
      storefrontApiKey: undefined,
    },
    database,
    webRoot: '/nonexistent',
    logger: false,
  });
  await app.ready();
  const doc = JSON.stringify(app.swagger(), null, 2);
  await app.close();
  await database.close();
  return `${doc}\n`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  writeFileSync('docs/openapi.json', await generateOpenApi());
  console.log('docs/openapi.json written');
}
