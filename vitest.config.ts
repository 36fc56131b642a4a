import { defineConfig } from 'vitest/config';

const pgUrl = process.env.TEST_DATABASE_URL;

// Coverage floors by area, in lines, and in branches where one is set (domain/: every transition and price
// rule has both ways tested): `npm test` (scripts/test.mjs) fails when one is not met, and prints each area's
// figures (scripts/coverage-summary.ts). "Web logic" is the SPA's plain .ts modules (the API client,
// live updates, query options, models, hooks and helpers); its .tsx React screens and components are left
// out, as the browser suite (e2e/) covers them and a unit-test floor over markup would only invite shallow
// render tests.
export interface CoverageArea {
  name: string;
  dir: string;
  /** Floor in % of lines. */
  lines: number;
  /** Floor in % of branches, if the area has one. */
  branches?: number;
}

export const COVERAGE_AREAS: readonly CoverageArea[] = [
  { name: 'domain', dir: 'domain', lines: 95, branches: 90 },
  { name: 'server', dir: 'server', lines: 85 },
  { name: 'web logic', dir: 'web', lines: 70 },
];

/** An area's floors as Vitest's thresholds take them. */
const floors = ({ lines, branches }: CoverageArea) =>
  branches === undefined ? { lines } : { lines, branches };

/** The files an area measures: every .ts module under its folder (so never a .tsx component). */
export const areaGlob = (area: { dir: string }) => `${area.dir}/**/*.ts`;

export default defineConfig({
  test: {
    // Off unless asked for (`vitest run --coverage`, as `npm test` does), so test:unit and test:api stay fast.
    coverage: {
      provider: 'v8',
      include: COVERAGE_AREAS.map(areaGlob),
      exclude: [
        '**/*.test.ts',
        '**/*.d.ts',
        // The areas are .ts modules only; said again, as a .tsx a test renders can be reported otherwise.
        '**/*.tsx',
        // The tests' harness, factories, fixtures and fakes: test code, not what ships.
        'server/test/**',
        'web/test/**',
        'server/fuzz/**',
      ],
      reporter: ['json-summary', 'text-summary'],
      thresholds: Object.fromEntries(COVERAGE_AREAS.map((area) => [areaGlob(area), floors(area)])),
    },
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'domain/**/*.test.ts',
            'web/**/*.test.{ts,tsx}',
            'scripts/**/*.test.ts',
            'server/config.test.ts',
            'server/response-serializer.test.ts',
            'server/mail/compose.test.ts',
          ],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'api',
          include: ['server/**/*.test.ts'],
          exclude: [
            'server/config.test.ts',
            'server/response-serializer.test.ts',
            'server/mail/compose.test.ts',
          ],
          globalSetup: ['server/test/global-setup.ts'],
          env: { TEST_DB_KIND: 'pglite' },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      ...(pgUrl
        ? [
            {
              test: {
                name: 'api-postgres',
                include: ['server/**/*.test.ts'],
                exclude: [
                  'server/config.test.ts',
                  'server/response-serializer.test.ts',
                  'server/mail/compose.test.ts',
                ],
                globalSetup: ['server/test/global-setup.ts'],
                env: { TEST_DB_KIND: 'postgres' },
                testTimeout: 30_000,
                hookTimeout: 60_000,
              },
            },
          ]
        : []),
    ],
  },
});
