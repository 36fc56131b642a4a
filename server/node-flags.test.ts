import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { missingNodeFlags, SERVER_NODE_FLAGS } from './node-flags';

describe('the Node.js flags the server runs with', () => {
  it('names the flags a process lacks, by name, from its command line or NODE_OPTIONS', () => {
    expect(missingNodeFlags([])).toEqual(SERVER_NODE_FLAGS);
    expect(missingNodeFlags([...SERVER_NODE_FLAGS])).toEqual([]);
    // Another value is the operator's choice; NODE_OPTIONS counts too.
    expect(missingNodeFlags(['--max-semi-space-size=32'], '--enable-source-maps')).toEqual([]);
    expect(missingNodeFlags(['--enable-source-maps'])).toEqual(['--max-semi-space-size=16']);
    expect(missingNodeFlags([], '  --max-semi-space-size=8  ')).toEqual(['--enable-source-maps']);
  });

  it('is what every launcher of the compiled server passes', () => {
    const scripts = JSON.parse(readFileSync('package.json', 'utf8')).scripts as Record<string, string>;
    const dockerCmd = readFileSync('Dockerfile', 'utf8')
      .split('\n')
      .filter((line) => line.startsWith('CMD '))
      .at(-1);
    const dockerArgs = JSON.parse(dockerCmd?.slice(4) ?? '[]') as string[];
    expect(dockerArgs.slice(1, -1)).toEqual(SERVER_NODE_FLAGS);
    // `exec`: the shell npm starts is replaced by node, so the SIGTERM npm passes on reaches the server.
    expect(scripts['start:prod']).toBe(`exec node ${SERVER_NODE_FLAGS.join(' ')} dist-server/main.js`);
    expect(scripts.start).toMatch(/^exec node /);
    expect(readFileSync('scripts/start.mjs', 'utf8')).toContain("readFileSync('server/node-flags.json'");
    // The benchmarks run the app in their own process: with the same heap.
    const heapFlags = SERVER_NODE_FLAGS.filter((flag) => flag !== '--enable-source-maps');
    for (const bench of ['bench', 'bench:writes'])
      for (const flag of heapFlags) expect(scripts[bench], bench).toContain(flag);
  });
});
