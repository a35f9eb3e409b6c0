/**
 * `toolvet init` as a library call: find the project's host configuration, start its servers, draft
 * a starter query set per server (every case `draft: true`), optionally have a model propose more, and
 * write the query sets, a vitest suite, `vitest.config.ts` and a GitHub Actions workflow. A file that
 * exists is kept unless `force` is set.
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, isAbsolute, join, relative, sep } from 'node:path';
import { loadHostConfig, selectServers } from '../config/host-config.ts';
import { ToolvetError } from '../errors.ts';
import { lazyRequire } from '../lazy-require.ts';
import type { ServerTimeouts } from '../servers/server-connection.ts';
import type { ModelDriver, ToolDefinition } from '../types.ts';
import { draftCases, type DraftCase } from './draft-cases.ts';
import { findHostConfig } from './find-config.ts';
import { proposeCases, type Proposals } from './propose-cases.ts';
import { suiteFile, VITEST_CONFIG, WORKFLOW } from './templates.ts';

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
  /** Tools without an example phrase in their description: no positive case drafted. */
  withoutExamples: string[];
  error?: string;
  proposals?: Proposals;
}

export interface InitResult {
  config: string;
  servers: InitServer[];
  /** Paths relative to cwd. */
  written: string[];
  kept: string[];
}

const posix = (path: string): string => path.split(sep).join('/');

function querySetText(server: string, config: string, cases: DraftCase[]): string {
  const header = [
    `# Starter cases for "${server}", written by toolvet init from ${config}.`,
    '# Every case is a draft: check its query and expected tool (notTools: tools it must not pick), then',
    '# delete its "draft: true". Until then the report lists the drafts as a warning (W_DRAFT_CASES).',
  ].join('\n');
  return `${header}\n${yaml().stringify({ servers: [server], cases }, { lineWidth: 0 })}`;
}

export async function runInit(options: InitOptions = {}): Promise<InitResult> {
  const cwd = options.cwd ?? process.cwd();
  const configFile = findHostConfig(cwd, options.config, options.claudeDesktopConfig);
  const host = loadHostConfig(configFile);
  const names = selectServers(host, options.servers ?? []);
  const { ServerPool } = await import('../servers/server-pool.ts');
  const pool = await ServerPool.start(host, names, { timeouts: options.timeouts });
  const files = new Map<string, string>();
  const servers: InitServer[] = [];
  try {
    const errors = new Map(pool.errors().map((e) => [e.server, e.message]));
    const tools = pool.tools();
    for (const name of names) {
      const own: ToolDefinition[] = tools.filter((t) => t.server === name);
      if (errors.has(name) || own.length === 0) {
        servers.push({ name, tools: own.length, cases: 0, withoutExamples: [], error: errors.get(name) ?? 'the server lists no tools' });
        continue;
      }
      const { cases, missing } = draftCases(own);
      const proposals = options.model ? await proposeCases(options.model, own, cases) : undefined;
      servers.push({ name, tools: own.length, cases: cases.length, withoutExamples: missing, ...(proposals ? { proposals } : {}) });
      files.set(join('toolvet', 'queries', `${name}.yaml`), querySetText(name, posix(relative(cwd, configFile)) || configFile, cases));
    }
  } finally {
    await pool.close();
  }
  const ready = servers.filter((s) => !s.error).map((s) => s.name);
  if (ready.length === 0) {
    throw new ToolvetError('E_SERVER_START', `no server in ${configFile} started and listed tools: ${servers.map((s) => `${s.name}: ${s.error}`).join('; ')}`, {
      file: configFile,
      hint: 'run `toolvet doctor --config FILE` to see why, or pick servers with --server',
    });
  }
  const suiteDir = join(cwd, 'toolvet');
  const fromSuite = posix(relative(suiteDir, configFile));
  files.set(join('toolvet', 'selection.test.ts'), suiteFile(isAbsolute(fromSuite) ? configFile : fromSuite, ready));
  files.set('vitest.config.ts', VITEST_CONFIG);
  files.set(join('.github', 'workflows', 'toolvet.yml'), WORKFLOW);
  const written: string[] = [];
  const kept: string[] = [];
  for (const [path, text] of files) {
    const full = join(cwd, path);
    if (existsSync(full) && !options.force) {
      kept.push(posix(path));
      continue;
    }
    mkdirSync(dirname(full), { recursive: true });
    writeFileSync(full, text);
    written.push(posix(path));
  }
  return { config: configFile, servers, written, kept };
}
