import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

/**
 * What `toolvet eval` loads before its first request: Ajv waits for the first tool call checked and
 * cli-table3 for the first table, so the requests go out while they load (P1 latency in `npm run bench`).
 */
describe('eval start-up loading', () => {
  it('importing the eval command loads neither Ajv nor cli-table3; checking a call and rendering a table load them', async () => {
    const at = (path: string): string => JSON.stringify(fileURLToPath(new URL(path, import.meta.url)));
    const script = `
      import { createRequire } from 'node:module';
      const cache = createRequire(import.meta.url).cache;
      const loaded = () => Object.keys(cache).filter((k) => /node_modules\\/(ajv|cli-table3)\\//.test(k)).map((k) => k.match(/node_modules\\/(ajv|cli-table3)\\//)[1]);
      await import(${at('./commands/eval.ts')});
      const atImport = [...new Set(loaded())];
      const { checkArguments } = await import(${at('../scoring/schema-check.ts')});
      checkArguments({ type: 'object', properties: { q: { type: 'string' } } }, { q: 'x' });
      const { warmEvalConsole } = await import(${at('../../reporters/console.ts')});
      warmEvalConsole();
      console.log(JSON.stringify({ atImport, after: [...new Set(loaded())].sort() }));`;
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { timeout: 120_000 });
    expect(JSON.parse(stdout.trim().split('\n').pop()!)).toEqual({ atImport: [], after: ['ajv', 'cli-table3'] });
  }, 150_000);
});
