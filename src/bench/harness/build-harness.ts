/**
 * Bundles the harness's children into `.bench/` (esbuild, about a tenth of a second): one file per
 * entry, every package left as an import and `toolvet` itself resolved at run time through the
 * package's exports to the built dist/ (the sources' tsconfig `paths` would otherwise pull src/ in).
 * `npm run bench` calls it after building dist/; the harness test calls it before running children.
 */
import { join } from 'node:path';
import { build } from 'esbuild';
import { BENCH_DIR } from './child.ts';
import { ROOT } from './workload.ts';

/** The entries under src/bench/harness/ that run as their own process. */
export const HARNESS_ENTRIES = ['run-benchmark', 'p1-bare', 'p5-child', 'fixed-endpoint'] as const;

export async function buildHarness(): Promise<void> {
  await build({
    absWorkingDir: ROOT,
    entryPoints: Object.fromEntries(HARNESS_ENTRIES.map((name) => [name, join(ROOT, 'src', 'bench', 'harness', `${name}.ts`)])),
    outdir: BENCH_DIR,
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20.11',
    packages: 'external',
    external: ['toolvet', 'toolvet/*'],
    logLevel: 'warning',
  });
}
