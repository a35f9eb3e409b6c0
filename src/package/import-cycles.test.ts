/**
 * Layers point one way: no module imports itself through others, type-only imports included (a type
 * cycle ties the result model to every feature it composes). madge reads the imports as TypeScript
 * resolves them; a new cycle fails here with its chain of files.
 */
import { fileURLToPath } from 'node:url';
import madge from 'madge';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../', import.meta.url));

describe('imports', () => {
  it('form no cycle in src/ and reporters/', async () => {
    const graph = await madge(['src', 'reporters'], { baseDir: root, fileExtensions: ['ts'], tsConfig: `${root}tsconfig.json`, excludeRegExp: [/\.test\.ts$/] });
    expect(Object.keys(graph.obj()).length).toBeGreaterThan(300);
    expect(graph.circular().map((chain) => chain.join(' > '))).toEqual([]);
  }, 120_000);
});
