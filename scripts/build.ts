/**
 * Builds the package a user installs: `dist/` holds our code bundled by esbuild (every dependency stays
 * an import, resolved from the user's node_modules, but for the MCP client SDK, below), split into one
 * chunk per lazily loaded command so `toolvet --version` reads a few kilobytes; `dist/types/` holds
 * declarations from tsc. The third-party code bundled into dist/ is listed, with its licenses, in
 * dist/THIRD-PARTY-NOTICES.md (scripts/third-party-notices.ts).
 *
 *   node --import tsx scripts/build.ts            JavaScript and declarations (npm run build, prepare)
 *   node --import tsx scripts/build.ts --js-only  JavaScript only (what the test run and the bench need)
 *
 * The entries are the package's public ones; esbuild follows their imports, so any file added under
 * src/ is picked up without a list here. Beside the bundle, dist/validators/ holds the project's own
 * schemas compiled ahead of time (scripts/precompile-validators.ts).
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, transform, type Plugin } from 'esbuild';
import { PRECOMPILED_DIR } from '../src/config/precompiled-validators.ts';
import { BUILD_ID_FILE } from '../src/disk-cache/build-id.ts';
import { fixtureServerSdkFiles } from './fixture-server-sdk.ts';
import { precompiledValidatorFiles } from './precompile-validators.ts';
import { NOTICES_FILE, thirdPartyNotices } from './third-party-notices.ts';

export const ROOT: string = fileURLToPath(new URL('../', import.meta.url));
export const DIST: string = join(ROOT, 'dist');

/** Output name (dist/<name>.js) to source entry. The CLI is dist/cli.js, started by bin/toolvet.js. */
export const ENTRIES: Record<string, string> = {
  index: 'src/index.ts',
  vitest: 'src/vitest/index.ts',
  reporter: 'reporters/vitest-reporter.ts',
  cli: 'src/cli/main.ts',
};

/**
 * Sources find their files (package.json, the result schema, the example fixtures) relative to their
 * own `import.meta.url`. In the bundle every module sits in dist/, so in each source that uses it,
 * `import.meta.url` (and `.filename`, `.dirname`) is replaced by the URL its file has in the package:
 * the same relative paths keep working. esbuild's `define` replaces the expression, never text inside
 * a string (a template that writes `import.meta.url` into a user's file stays as it is).
 */
function sourceUrlPlugin(): Plugin {
  return {
    name: 'source-import-meta-url',
    setup(b) {
      b.onLoad({ filter: /\.[cm]?ts$/ }, async (args) => {
        const text = readFileSync(args.path, 'utf8');
        if (!text.includes('import.meta.') || args.path.includes(`${sep}node_modules${sep}`)) return undefined;
        const fromDist = relative(DIST, args.path).split(sep).join('/');
        const { code } = await transform(text, {
          loader: 'ts',
          format: 'esm',
          sourcefile: args.path,
          define: { 'import.meta.url': '__toolvetSourceUrl', 'import.meta.filename': '__toolvetSourceFile', 'import.meta.dirname': '__toolvetSourceDir' },
        });
        if (!code.includes('__toolvetSource')) return { contents: code, loader: 'js' };
        const prelude = [
          `const __toolvetSourceUrl = new URL(${JSON.stringify(fromDist)}, import.meta.url).href;`,
          ...(/__toolvetSource(File|Dir)\b/.test(code)
            ? [
                "import { fileURLToPath as __toolvetFileURLToPath } from 'node:url';",
                "import { dirname as __toolvetDirname } from 'node:path';",
                'const __toolvetSourceFile = __toolvetFileURLToPath(__toolvetSourceUrl);',
                'const __toolvetSourceDir = __toolvetDirname(__toolvetSourceFile);',
              ]
            : []),
        ].join('\n');
        return { contents: `${prelude}\n${code}`, loader: 'js' };
      });
    },
  };
}

/**
 * Every package stays an import resolved from the user's node_modules, but for the MCP client SDK
 * (`@modelcontextprotocol/client` and `core`), which comes inside the bundle with what it imports (zod
 * and a few small packages; a package nested under the SDK's own folder is found from there, never
 * from dist/). It loads when the first server starts: one chunk instead of about 110 files, about 50
 * ms of CPU less for `toolvet run` (P7 run in docs/performance.md). Its types stay the package's.
 */
function inlineMcpClientPlugin(): Plugin {
  const inlined = /^@modelcontextprotocol\/(client|core)(\/|$)/;
  return {
    name: 'inline-mcp-client',
    setup(b) {
      b.onResolve({ filter: /^[^./]/ }, (args) => {
        if (inlined.test(args.path) || args.importer.includes(`${sep}node_modules${sep}`)) return undefined;
        return { path: args.path, external: true };
      });
    },
  };
}

export interface JsBuild {
  /** Files written, relative to dist/, with their sizes in bytes. */
  files: { path: string; bytes: number }[];
}

/**
 * Bundles the entries into `outdir` (default dist/). Each file is written to a temporary name and
 * renamed, so a test run building while another reads the CLI never sees half a file.
 */
export async function buildJs(outdir: string = DIST): Promise<JsBuild> {
  const fixtureSdk = fixtureServerSdkFiles(ROOT, outdir);
  const result = await build({
    absWorkingDir: ROOT,
    entryPoints: Object.fromEntries(Object.entries(ENTRIES).map(([name, file]) => [name, join(ROOT, file)])),
    outdir,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20.11',
    chunkNames: 'chunk-[hash]',
    legalComments: 'none',
    logLevel: 'warning',
    // The bundle reads the validators generated below (src/config/precompiled-validators.ts); sources compile.
    define: { __TOOLVET_BUNDLE__: 'true' },
    write: false,
    metafile: true,
    plugins: [sourceUrlPlugin(), inlineMcpClientPlugin()],
  });
  mkdirSync(outdir, { recursive: true });
  // What the built code is: a hash of every file the bundle wrote. A cache of what that code computed
  // (src/disk-cache/build-id.ts) is keyed by it, so a change to any of it never reads an old entry.
  const hash = createHash('sha256');
  for (const file of [...result.outputFiles].sort((a, b) => a.path.localeCompare(b.path))) hash.update(file.path.slice(file.path.lastIndexOf('/') + 1)).update(file.contents);
  const sdk = await fixtureSdk;
  const notices = thirdPartyNotices(ROOT, [...Object.keys(result.metafile.inputs), ...sdk.inputs]);
  const outputs = [
    ...result.outputFiles.map((file) => ({ path: file.path, contents: file.contents })),
    ...sdk.files,
    { path: join(outdir, NOTICES_FILE), contents: Buffer.from(notices) },
    { path: join(outdir, BUILD_ID_FILE), contents: Buffer.from(`${hash.digest('hex').slice(0, 32)}\n`) },
    // The project's own schemas as Ajv standalone code: nothing compiles them when a command starts.
    ...precompiledValidatorFiles().map(({ name, text }) => ({ path: join(outdir, PRECOMPILED_DIR, name), contents: Buffer.from(text) })),
  ];
  mkdirSync(join(outdir, PRECOMPILED_DIR), { recursive: true });
  const files: JsBuild['files'] = [];
  for (const file of outputs) {
    const temporary = `${file.path}.${process.pid}.tmp`;
    writeFileSync(temporary, file.contents);
    renameSync(temporary, file.path);
    files.push({ path: relative(outdir, file.path), bytes: file.contents.byteLength });
  }
  return { files };
}

/**
 * Removes chunks a previous build wrote that this one no longer references and that are older than
 * `olderThanMs` (a test run in the same checkout may still be running the chunks it built a moment ago).
 */
export function removeStaleChunks(outdir: string, keep: JsBuild, olderThanMs = 0): void {
  const current = new Set(keep.files.map((f) => f.path));
  const validators = readdirSync(join(outdir, PRECOMPILED_DIR)).map((name) => join(PRECOMPILED_DIR, name));
  for (const name of [...readdirSync(outdir), ...validators]) {
    if (!/\.c?js$/.test(name) || current.has(name)) continue;
    const path = join(outdir, name);
    if (Date.now() - statSync(path).mtimeMs >= olderThanMs) rmSync(path, { force: true });
  }
}

/**
 * Declarations for the public entries (tsc follows their imports), into dist/types/. The sources
 * import each other as `./x.ts`; the declarations are rewritten to `./x.js`, which every consumer's
 * TypeScript resolves to `./x.d.ts` whatever its settings.
 */
export async function buildTypes(): Promise<void> {
  const typesDir = join(DIST, 'types');
  rmSync(typesDir, { recursive: true, force: true });
  const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
  await new Promise<void>((resolve, reject) => {
    execFile(process.execPath, [tsc, '-p', join(ROOT, 'tsconfig.build.json')], { cwd: ROOT, maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
      if (error) reject(new Error(`tsc failed to build the declarations:\n${stdout}${stderr}`));
      else resolve();
    });
  });
  for (const file of walk(typesDir)) {
    if (!file.endsWith('.d.ts')) continue;
    const text = readFileSync(file, 'utf8');
    const rewritten = text.replace(/((?:from|import)\s*\(?\s*['"])(\.{1,2}\/[^'"]*?)\.([cm]?)ts(['"])/g, '$1$2.$3js$4');
    if (rewritten !== text) writeFileSync(file, rewritten);
  }
}

function* walk(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* walk(path);
    else yield path;
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const jsOnly = process.argv.includes('--js-only');
  const started = Date.now();
  const js = await buildJs();
  removeStaleChunks(DIST, js);
  const total = js.files.reduce((n, f) => n + f.bytes, 0);
  process.stdout.write(`build: dist/ ${js.files.length} files, ${(total / 1024).toFixed(0)} kB (${Date.now() - started} ms)\n`);
  if (!jsOnly) {
    const typesStarted = Date.now();
    try {
      await buildTypes();
      process.stdout.write(`build: dist/types/ declarations (${Date.now() - typesStarted} ms)\n`);
    } catch (error) {
      // A declaration error must not stop `npm install` in a clone (the CLI and the tests need only
      // dist/*.js), but a package must not ship with it: npm pack and npm publish fail.
      const installing = ['install', 'ci'].includes(process.env.npm_command ?? '');
      process.stderr.write(`build: ${(error as Error).message}\n`);
      if (!installing) process.exit(1);
      process.stderr.write('build: declarations have errors (above); continuing because this is an install, but npm pack will refuse\n');
    }
  }
}
