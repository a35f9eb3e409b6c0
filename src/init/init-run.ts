/**
 * `toolvet init` as a library call: find the project's host configuration, start its servers, draft
 * a starter query set per server (every case `draft: true`), optionally have a model propose more,
 * run each set once with the mock model and write the accuracy it measured as the set's gate (the
 * ratchet), and write the query sets, one vitest test file per server, `vitest.config.ts` and a GitHub
 * Actions workflow. A file that exists is kept unless `force` is set. Server names come from the host
 * configuration and are untrusted: they reach file names only through encodeFileName, and every path
 * is checked to lie inside the project before it is written.
 */
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { isAbsolute, join, relative, resolve, sep } from 'node:path';
import { writeFileInside } from '../safety/write-file.ts';
import { loadHostConfig, selectServers } from '../config/host-config.ts';
import { ToolvetError } from '../errors.ts';
import { lazyRequire } from '../lazy-require.ts';
import { encodeFileName } from '../safety/file-name.ts';
import type { ServerTimeouts } from '../servers/server-connection.ts';
import type { ModelDriver, ToolDefinition } from '../types.ts';
import { draftCases, type DraftCase, type DraftCounts } from './draft-cases.ts';
import { findHostConfig } from './find-config.ts';
import { measureBaseline, type Baseline } from './measure-baseline.ts';
import { proposeCases, type Proposals } from './propose-cases.ts';
import { serverTestFile, shardCount, VITEST_CONFIG, workflow } from './templates.ts';

const yaml = lazyRequire<typeof import('yaml')>('yaml');

export interface InitOptions {
  cwd?: string;
  /** `--config FILE`; otherwise found (find-config.ts). */
  config?: string;
  servers?: string[];
  force?: boolean;
  /** With `--base-url`: the model that proposes more cases. */
  model?: ModelDriver;
  timeouts?: Partial<ServerTimeouts>;
  /** Claude Desktop's file, the last place looked (default: this platform's, find-config.ts). */
  claudeDesktopConfig?: string;
}

export interface InitServer {
  name: string;
  tools: number;
  cases: number;
  /** Drafts written, by kind (`proposed`: kept from the model, with --base-url). */
  counts: DraftCounts & { proposed: number };
  /** Why a kind of draft could not be written, one line each (empty when every kind was). */
  notes: string[];
  /** The mock's accuracy on the drafts, written as the set's gate; absent when the run errored. */
  baseline?: Baseline;
  /** The query set and test file, relative to cwd. */
  files?: { queries: string; test: string };
  error?: string;
  proposals?: Proposals;
}

export interface InitResult {
  config: string;
  servers: InitServer[];
  /** Paths relative to cwd. */
  written: string[];
  kept: string[];
  /** Shards of the generated workflow (never more than test files). */
  shards: number;
}

const posix = (path: string): string => path.split(sep).join('/');

/** Text for a YAML comment: one line, control and separator characters shown as \u escapes. */
const oneLine = (text: string): string => text.replace(/[^\x20-\x7e]/g, (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`);

function querySetText(server: string, config: string, cases: DraftCase[], baseline: Baseline | undefined): string {
  const header = [
    `# Starter cases for server ${oneLine(JSON.stringify(server))}, written by toolvet init from ${oneLine(config)}.`,
    '# Every case is a draft: check its query and expected tool (notTools: tools it must not pick), then',
    '# delete its "draft: true". Until then the report lists the drafts as a warning (W_DRAFT_CASES).',
    baseline
      ? `# gate.minAccuracy is the ratchet: the mock model's accuracy on these drafts when init ran (${baseline.passed}/${baseline.cases}).\n# A drop below it fails; tighten it (raise it) once the drafts are reviewed.`
      : '# No gate: init could not measure a baseline (the run errored). Add gate: {minAccuracy: ...} once it runs.',
  ].join('\n');
  const body = { name: server, servers: [server], ...(baseline ? { gate: { minAccuracy: baseline.minAccuracy } } : {}), cases };
  return `${header}\n${yaml().stringify(body, { lineWidth: 0 })}`;
}

/** `path` (relative to cwd) resolved, refused when it would land outside cwd. */
function inside(cwd: string, path: string): string {
  const full = resolve(cwd, path);
  const rel = relative(resolve(cwd), full);
  if (rel === '' || rel.startsWith('..') || isAbsolute(rel)) {
    throw new ToolvetError('E_USAGE', `init refuses to write ${full}: it is outside the project ${cwd}`, { file: full, hint: 'rename the server in the host configuration' });
  }
  return full;
}

export async function runInit(options: InitOptions = {}): Promise<InitResult> {
  const cwd = options.cwd ?? process.cwd();
  const configFile = findHostConfig(cwd, options.config, options.claudeDesktopConfig);
  const host = loadHostConfig(configFile);
  const names = selectServers(host, options.servers ?? []);
  const configShown = posix(relative(cwd, configFile)) || configFile;
  const { ServerPool } = await import('../servers/server-pool.ts');
  const pool = await ServerPool.start(host, names, { timeouts: options.timeouts });
  const drafted = new Map<string, DraftCase[]>();
  const servers: InitServer[] = [];
  try {
    const errors = new Map(pool.errors().map((e) => [e.server, e.message]));
    const tools = pool.tools();
    for (const name of names) {
      const own: ToolDefinition[] = tools.filter((t) => t.server === name);
      const none = { positive: 0, nearMiss: 0, noTool: 0, proposed: 0 };
      if (errors.has(name) || own.length === 0) {
        servers.push({ name, tools: own.length, cases: 0, counts: none, notes: [], error: errors.get(name) ?? 'the server lists no tools' });
        continue;
      }
      const { cases, counts, notes } = draftCases(own);
      const proposals = options.model ? await proposeCases(options.model, own, cases) : undefined;
      servers.push({ name, tools: own.length, cases: cases.length, counts: { ...counts, proposed: proposals?.kept ?? 0 }, notes, ...(proposals ? { proposals } : {}) });
      drafted.set(name, cases);
    }
  } finally {
    await pool.close();
  }
  const ready = servers.filter((s) => !s.error);
  if (ready.length === 0) {
    throw new ToolvetError('E_SERVER_START', `no server in ${configFile} started and listed tools: ${servers.map((s) => `${s.name}: ${s.error}`).join('; ')}`, {
      file: configFile,
      hint: 'run `toolvet doctor --config FILE` to see why, or pick servers with --server',
    });
  }
  const files = new Map<string, string>();
  const fromTest = posix(relative(join(cwd, 'toolvet', 'selection'), configFile));
  const scratch = mkdtempSync(join(os.tmpdir(), 'toolvet-init-baseline-'));
  try {
    for (const server of ready) {
      const cases = drafted.get(server.name)!;
      const base = encodeFileName(server.name);
      // The ratchet: the drafts once with the mock, as the generated test will run them.
      const draft = join(scratch, `${base}.yaml`);
      writeFileSync(draft, querySetText(server.name, configShown, cases, undefined));
      const baseline = await measureBaseline(configFile, server.name, draft, options.timeouts);
      if (baseline) server.baseline = baseline;
      server.files = { queries: `toolvet/queries/${base}.yaml`, test: `toolvet/selection/${base}.test.ts` };
      files.set(server.files.queries, querySetText(server.name, configShown, cases, baseline));
      files.set(server.files.test, serverTestFile(server.name, isAbsolute(fromTest) ? configFile : fromTest, `${base}.yaml`));
    }
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
  files.set('vitest.config.ts', VITEST_CONFIG);
  files.set('.github/workflows/toolvet.yml', workflow(ready.length));
  const written: string[] = [];
  const kept: string[] = [];
  for (const [path, text] of files) {
    const full = inside(cwd, path);
    if (existsSync(full) && !options.force) {
      kept.push(path);
      continue;
    }
    // Atomic, and inside the project after links are followed (a folder on the way may be a link out).
    writeFileInside(cwd, path, text);
    written.push(path);
  }
  return { config: configFile, servers, written, kept, shards: shardCount(ready.length) };
}
