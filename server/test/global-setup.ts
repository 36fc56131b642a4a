/**
 * Migrates one database per test run, once: a PGlite data-dir dump (embedded) or a template database
 * (PostgreSQL). Each test file then gets its own copy (see harness.ts).
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { fromPglite, fromPostgres, openPglite } from '../db/client';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteDump: string;
    pgTemplate: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  // Global setup runs in the main process, where only the project's config knows which database it targets.
  if (project.config.env?.TEST_DB_KIND === 'postgres') {
    const url = process.env.TEST_DATABASE_URL;
    if (!url) throw new Error('TEST_DATABASE_URL is required for the api-postgres project');
    const template = `ukds_tmpl_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${template}`);
    const target = new URL(url);
    target.pathname = `/${template}`;
    const database = fromPostgres(target.toString(), 1);
    await database.migrate();
    await database.close();
    project.provide('pgTemplate', template);
    project.provide('pgliteDump', '');
    return async () => {
      const { rows } = await admin.query<{ datname: string }>(
        "SELECT datname FROM pg_database WHERE datname LIKE 'ukds_t%'",
      );
      for (const row of rows) {
        if (row.datname === template || row.datname.startsWith(`${template}_`)) {
          await admin.query(`DROP DATABASE IF EXISTS ${row.datname} WITH (FORCE)`);
        }
      }
      await admin.end();
    };
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'ukds-test-'));
  const pglite = await openPglite('memory://');
  await fromPglite(pglite).migrate();
  const dump = await pglite.dumpDataDir('none');
  const file = path.join(dir, 'migrated.tar');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await pglite.close();
  project.provide('pgliteDump', file);
  project.provide('pgTemplate', '');
  return async () => rmSync(dir, { recursive: true, force: true });
}
