/**
 * zod as the SPA imports it: without its compiled fast path. zod 4 probes for `new Function` to compile object
 * parsers; under our Content-Security-Policy (no 'unsafe-eval', docs/security.md) the probe is blocked and
 * reported as a violation even though zod catches it. `jitless` skips the probe; the parsers are the same, only
 * not compiled (a queue answer of 100 rows still parses in under a millisecond).
 *
 * zod decides whether to probe when each object schema is built, so the setting must come before the first
 * schema. Importing this module first from main.tsx is not enough: the bundler puts zod and the shared schemas
 * in a chunk that runs before the entry chunk's own code. So the SPA build aliases `zod` to this module
 * (vite.config.ts): every module that builds a schema imports it, and a module's imports run before it does.
 */
import { z } from 'zod/v4';

z.config({ jitless: true });

export * from 'zod/v4';
