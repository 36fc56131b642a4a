/**
 * zod without its compiled fast path. zod 4 probes for `new Function` to compile object parsers; under our
 * Content-Security-Policy (no 'unsafe-eval', docs/security.md) the probe is blocked and reported as a
 * violation even though zod catches it. `jitless` skips the probe; the parsers are the same, only not compiled
 * (forms parse a few fields at a time, where the difference does not show). Imported first by main.tsx.
 */
import { z } from 'zod';

z.config({ jitless: true });
