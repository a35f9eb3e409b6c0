/**
 * The v1 SDK's server side that the fixture servers use (fixtures/servers/lib/server-sdk.mjs), built
 * into dist/ as one CommonJS file with the SDK, zod and ajv inside, and V8's code cache for it:
 * `serveTools` loads them when they exist (fixtures/servers/lib/built-sdk.mjs), the same code as from
 * node_modules, in about half the CPU (one file instead of about 150, and nothing to compile). `toolvet
 * run` starts three such servers (P7 run in docs/performance.md).
 */
import { join } from 'node:path';
import { build } from 'esbuild';
// The loader's own names and compile, so the build writes what it reads.
import { BUILT_SDK, BUILT_SDK_CACHE, runBuiltSdk } from '../fixtures/servers/lib/built-sdk.mjs';

/** The files to write, and the bundle's inputs (for the third-party notices). */
export async function fixtureServerSdkFiles(root: string, outdir: string): Promise<{ files: { path: string; contents: Uint8Array }[]; inputs: string[] }> {
  const result = await build({
    absWorkingDir: root,
    entryPoints: [join(root, 'fixtures/servers/lib/server-sdk.mjs')],
    outfile: join(outdir, BUILT_SDK),
    bundle: true,
    format: 'cjs',
    platform: 'node',
    target: 'node20.11',
    legalComments: 'none',
    logLevel: 'warning',
    write: false,
    metafile: true,
  });
  const bundle = result.outputFiles[0]!;
  // Compiled here, by the node that builds (the one a checkout's tests and bench run): V8 rejects the
  // cache under another node or other V8 flags, and the loader then compiles the file itself. Run
  // once first, so the cache also holds the functions the module's start compiles (159 -> 331 kB).
  const { script } = runBuiltSdk(bundle.text, bundle.path);
  return { files: [bundle, { path: join(outdir, BUILT_SDK_CACHE), contents: script.createCachedData() }], inputs: Object.keys(result.metafile.inputs) };
}
