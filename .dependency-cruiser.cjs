/**
 * The layering rules (docs/architecture.md, "Rules of the road"), checked by `npm run check` with
 * dependency-cruiser over the whole repository. Sources are read by swc (@swc/core): dependency-cruiser
 * cannot use TypeScript 7, which has no compiler API. swc keeps type-only imports (marked `type-only`), so a
 * cycle through types is a cycle too; tsPreCompilationDeps stays off, as it asks for the TypeScript API.
 */

/** Tests and the test harness set rows up and read them back: they may touch anything. */
const TESTS = '\\.test\\.tsx?$|^server/test/';
/** What builds or runs SQL: Drizzle itself and the two drivers. */
const SQL_PACKAGES = '^node_modules/(drizzle-orm|pg|@electric-sql/pglite)/';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment:
        'A cycle couples files that should not know each other, and at run time it lets the load order decide ' +
        'what a module sees. Route plugins take their dependencies from routes/route-deps.ts, not routes/index.ts.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'domain-imports-no-app',
      severity: 'error',
      comment: 'domain/ is pure: the server and the SPA import it, never the other way round.',
      from: { path: '^domain/' },
      to: { path: '^(server|web)/' },
    },
    {
      name: 'domain-does-no-io',
      severity: 'error',
      comment:
        'domain/ does no I/O: no Node built-in (fs, net, crypto, …) and no npm package beyond the pure ones ' +
        'it is written with (zod, dates, country and language lists; fast-check and vitest in its tests).',
      from: { path: '^domain/' },
      to: {
        dependencyTypes: [
          'core',
          'npm',
          'npm-dev',
          'npm-optional',
          'npm-peer',
          'npm-bundled',
          'npm-no-pkg',
          'npm-unknown',
        ],
        pathNot: '^node_modules/(zod|date-fns|@date-fns/tz|i18n-iso-countries|iso-639-1|fast-check|vitest)/',
      },
    },
    {
      name: 'domain-test-tools-only-in-tests',
      severity: 'error',
      comment:
        'fast-check and vitest are for domain tests and domain/testing/, never for the code both sides ship.',
      from: { path: '^domain/', pathNot: `${TESTS}|^domain/testing/` },
      to: { path: '^node_modules/(fast-check|vitest)/' },
    },
    {
      name: 'web-never-imports-server',
      severity: 'error',
      comment:
        'The SPA talks to the server over HTTP only (web/api/client.ts); shared code lives in domain/.',
      from: { path: '^web/' },
      to: { path: '^server/' },
    },
    {
      name: 'routes-never-touch-the-database',
      severity: 'error',
      comment:
        'A route validates, checks the role, calls one service function and shapes the answer. It may name the ' +
        "database handle's type (server/db/client.ts, type-only) to pass it on, nothing more of server/db/.",
      from: { path: '^server/routes/', pathNot: TESTS },
      to: {
        path: `^server/db/|${SQL_PACKAGES}`,
        dependencyTypesNot: ['type-only'],
      },
    },
    {
      name: 'routes-import-only-the-database-handle-type',
      severity: 'error',
      comment:
        'Type-only imports from server/db/ are limited to the handle (Database) of server/db/client.ts.',
      from: { path: '^server/routes/', pathNot: TESTS },
      to: { path: `^server/db/|${SQL_PACKAGES}`, pathNot: '^server/db/client\\.ts$' },
    },
    {
      name: 'only-services-and-db-run-sql',
      severity: 'error',
      comment:
        'SQL is written in server/services/ and server/db/ only: auth, jobs, mail, live updates and metrics call a ' +
        'service. Elsewhere, server/db/ offers only opening the database and its handle types (client.ts), the ' +
        'LISTEN connection (listener.ts) and the migrations (migrate.ts, migration-state.ts, for the CLI). ' +
        'server/seed/ is allowed: the demo data set is written in bulk, table by table, like a data migration.',
      from: { path: '^server/', pathNot: `^server/(services|db|seed)/|${TESTS}` },
      to: {
        path: `^server/db/|${SQL_PACKAGES}`,
        pathNot: '^server/db/(client|listener|migrate|migration-state)\\.ts$',
      },
    },
    {
      name: 'only-db-knows-the-driver',
      severity: 'error',
      comment:
        'PGlite and node-postgres are opened in server/db/ only; everything else gets a Database from it.',
      from: { path: '^', pathNot: `^server/db/|${TESTS}|^(bench|scripts|e2e)/` },
      to: { path: '^node_modules/(pg|@electric-sql/pglite)/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: {
      path: '^(dist|dist-server|coverage|data|\\.tools|\\.tmp|test-results|playwright-report|bench/data)/',
    },
    parser: 'swc',
    tsPreCompilationDeps: false,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
    },
  },
};
