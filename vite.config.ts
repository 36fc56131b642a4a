/** The SPA build: sources in web/, output in dist/ (served by the Fastify app), /api proxied in dev. */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const fromRoot = (p: string) => fileURLToPath(new URL(p, import.meta.url));

/**
 * Writes .br and .gz copies of every text asset next to it, so the server sends compressed files without
 * compressing on each request (@fastify/static `preCompressed`).
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'ukds-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const walk = (dir: string): string[] =>
        readdirSync(dir).flatMap((name) => {
          const file = path.join(dir, name);
          return statSync(file).isDirectory() ? walk(file) : [file];
        });
      for (const file of walk(outDir)) {
        if (!/\.(js|css|html|svg|json)$/.test(file) || statSync(file).size < 1024) continue;
        const content = readFileSync(file);
        writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        );
      }
    },
  };
}

/**
 * Mantine's `useId` (@mantine/hooks) as React's `useId` alone. Mantine's returns React's id on the first
 * render, then swaps it for a random one in a layout effect: a state update in every component that has an
 * id (inputs, popovers, tooltips, selects, collapses), so each of them renders twice before a screen's first
 * paint (~40 components on the dashboard; docs/performance.md). React's id is unique and stable for the component's life;
 * the random one is left over from React before 18. The build fails if Mantine's module is no longer the one
 * this replaces (an upgrade changed it): check what it does then, and keep or drop this.
 */
function mantineStableId(): Plugin {
  const file = /[\\/]@mantine[\\/]hooks[\\/]esm[\\/]use-id[\\/]use-id\.mjs$/;
  // Two lines of the module this replaces (the first id, then the random one swapped in).
  const expected = ['useState(`mantine-', 'setUuid(randomId());'];
  let replaced = false;
  return {
    name: 'ukds-mantine-stable-id',
    apply: 'build',
    enforce: 'pre',
    buildStart() {
      replaced = false;
    },
    transform(code, id) {
      if (!file.test(id)) return null;
      replaced = true;
      if (!expected.every((line) => code.includes(line)))
        this.error(`${id} is not the useId this build replaces (vite.config.ts, mantineStableId)`);
      return {
        code: `import { useId as useReactId } from 'react';
export function useId(staticId) {
  const reactId = useReactId();
  return typeof staticId === 'string' ? staticId : \`mantine-\${reactId.replace(/[^\\w-]/g, '')}\`;
}
`,
        map: null,
      };
    },
    buildEnd(error) {
      if (!error && !replaced) this.error('@mantine/hooks useId was not found to replace (vite.config.ts)');
    },
  };
}

/**
 * zod's classic schemas without their JSON Schema generators, in the SPA only. Every classic schema type hooks
 * its generator in when built (`processors.xProcessor` in a closure, `toJSONSchema` on the prototype), so the
 * bundler keeps all of zod's JSON Schema code (~17 kB, 5 kB gzip) in the first download, though only the
 * server makes JSON Schema (the OpenAPI document). Here the two modules are what classic/schemas.js imports
 * instead: `aggregateChecks` (read by `.minLength`, `.maxLength` and `.format`) is the real one; every
 * generator throws if ever called. The export names are read from zod's own modules, and the build fails if
 * one this needs is gone (an upgrade changed them): check what zod does then, and keep or drop this.
 */
function zodWithoutJsonSchema(): Plugin {
  const schemas = /[\\/]zod[\\/]v4[\\/]classic[\\/]schemas\.js$/;
  const PROCESSORS = '\0ukds-zod-json-schema-processors';
  const TO_JSON_SCHEMA = '\0ukds-zod-to-json-schema';
  let coreDir = '';
  const exportsOf = (file: string) =>
    [...readFileSync(path.join(coreDir, file), 'utf8').matchAll(/^export (?:const|function) (\w+)/gm)].map(
      (m) => m[1],
    );
  const unsupported =
    "const unsupported = () => { throw new Error('zod JSON Schema is not built into the SPA (vite.config.ts)'); };";
  return {
    name: 'ukds-zod-without-json-schema',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      if (!importer || !schemas.test(importer)) return null;
      coreDir = path.resolve(path.dirname(importer), '../core');
      if (source === '../core/json-schema-processors.js') return PROCESSORS;
      if (source === '../core/to-json-schema.js') return TO_JSON_SCHEMA;
      return null;
    },
    load(id) {
      if (id === PROCESSORS) {
        const names = exportsOf('json-schema-processors.js');
        if (!names.includes('aggregateChecks') || !names.includes('stringProcessor'))
          this.error('zod json-schema-processors.js is not the module this build stubs (vite.config.ts)');
        const real = JSON.stringify(path.join(coreDir, 'json-schema-processors.js'));
        const stubs = names
          .filter((n) => n !== 'aggregateChecks')
          .map((n) => `export const ${n} = unsupported;`);
        return [`export { aggregateChecks } from ${real};`, unsupported, ...stubs].join('\n');
      }
      if (id === TO_JSON_SCHEMA) {
        const names = exportsOf('to-json-schema.js');
        for (const n of ['createToJSONSchemaMethod', 'createStandardJSONSchemaMethod'])
          if (!names.includes(n)) this.error(`zod to-json-schema.js has no ${n} (vite.config.ts)`);
        return [
          unsupported,
          'export const createToJSONSchemaMethod = () => unsupported;',
          'export const createStandardJSONSchemaMethod = () => unsupported;',
        ].join('\n');
      }
      return null;
    },
  };
}

export default defineConfig({
  root: fromRoot('./web'),
  plugins: [mantineStableId(), zodWithoutJsonSchema(), react(), precompress()],
  // zod, jitless before any schema is built, whichever chunk builds it (web/zod-config.ts says why).
  resolve: { alias: [{ find: /^zod$/, replacement: fromRoot('./web/zod-config.ts') }] },
  build: {
    outDir: fromRoot('./dist'),
    emptyOutDir: true,
    sourcemap: false,
    // Minified size of the entry chunk (React, Mantine, Query, Router, date-fns): about 640 kB, 196 kB gzip.
    chunkSizeWarningLimit: 700,
  },
  server: {
    port: 5173,
    proxy: { '/api': { target: 'http://127.0.0.1:3000', changeOrigin: false } },
  },
  preview: {
    proxy: { '/api': { target: 'http://127.0.0.1:3000', changeOrigin: false } },
  },
});
