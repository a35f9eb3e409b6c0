/**
 * The whole `lint` command as a library call: load tool sets (live servers from a host config, or
 * tool files), lint them, and wrap the lint section in the one result model.
 */
import { loadHostConfig, selectServers } from '../config/host-config.ts';
import { loadToolFile } from '../config/tool-file.ts';
import { toErrorInfo, ToolvetError } from '../errors.ts';
import type { Diagnostic, ServerInfo, ToolvetResult, VerdictStatus } from '../report/model.ts';
import type { ServerTimeouts } from '../servers/server-connection.ts';
import type { ActiveSeverity } from './framework.ts';
import { findLintConfig } from './lint-config.ts';
import { lintToolSets, type ToolSet } from './lint-tools.ts';
import { TOOL_RULES } from './rules/tool/index.ts';
import { SURFACE_RULE_IDS } from './lint-surface.ts';
import { readSurface, type SurfaceGap } from '../diff/snapshot-surface.ts';
import { resultHeader } from '../report/result-header.ts';

export interface LintRunOptions {
  config?: string;
  servers?: string[];
  toolsFiles?: string[];
  profile?: string;
  /** `--rules FILE`; otherwise ./toolvet.lint.json when present. */
  rulesFile?: string;
  failOn?: ActiveSeverity;
  timeouts?: Partial<ServerTimeouts>;
  cwd?: string;
}

/** Live servers, listed once each; a server that will not start becomes a set with an error. */
async function serverSets(configFile: string, names: readonly string[], timeouts: Partial<ServerTimeouts> | undefined, serverInfo: Map<string, ServerInfo>, warnings: Diagnostic[]): Promise<ToolSet[]> {
  const config = loadHostConfig(configFile);
  const selected = selectServers(config, names);
  // Loaded here, not at the top: linting tool files needs no MCP client (toolvet lint --tools starts fast).
  const { ServerPool } = await import('../servers/server-pool.ts');
  const pool = await ServerPool.start(config, selected, { timeouts });
  try {
    const errors = new Map(pool.errors().map((e) => [e.server, e]));
    const tools = pool.tools();
    const sets: ToolSet[] = [];
    for (const name of selected) {
      const error = errors.get(name);
      const connection = pool.connection(name);
      const gaps: SurfaceGap[] = [];
      const surface = connection && !error ? await readSurface(connection, gaps) : undefined;
      for (const gap of gaps) {
        warnings.push({
          code: 'W_LIST_FAILED',
          server: name,
          message: `server "${name}" declares what ${gap.list} lists, but ${gap.list} failed (${gap.message}): that list is not linted, the tools are`,
          hint: 'start what the server needs for it (a database, a login), or lint the tools alone',
        });
      }
      sets.push({ name, kind: 'server' as const, tools: tools.filter((t) => t.server === name), ...(surface ? { surface } : {}), ...(error ? { error: toErrorInfo(error) } : {}) });
    }
    // Version, negotiated protocol and transport of each server, for the result's `servers`.
    for (const info of pool.info()) serverInfo.set(info.name, info);
    return sets;
  } finally {
    await pool.close();
  }
}

export async function runLint(options: LintRunOptions): Promise<ToolvetResult> {
  const startedAt = new Date().toISOString();
  if (!options.config && (options.toolsFiles ?? []).length === 0) {
    throw new ToolvetError('E_USAGE', 'lint needs tool definitions: --config FILE (live servers) or --tools FILE', {
      hint: 'e.g. toolvet lint --config fixtures/hosts/example.json, or toolvet lint --tools fixtures/tools/refman.json',
    });
  }
  if (options.servers?.length && !options.config) throw new ToolvetError('E_USAGE', '--server needs --config', { hint: 'name servers from a host config' });
  const lintConfig = findLintConfig(options.rulesFile, [...Object.keys(TOOL_RULES), ...SURFACE_RULE_IDS], options.cwd);
  const sets: ToolSet[] = (options.toolsFiles ?? []).map((file) => {
    const loaded = loadToolFile(file);
    return { name: loaded.file, kind: 'file' as const, tools: loaded.tools, ...(loaded.surface ? { surface: loaded.surface } : {}) };
  });
  const serverInfo = new Map<string, ServerInfo>();
  const warnings: Diagnostic[] = lintConfig.file ? [{ code: 'LINT_CONFIG', message: `lint config ${lintConfig.file}` }] : [];
  if (options.config) sets.push(...(await serverSets(options.config, options.servers ?? [], options.timeouts, serverInfo, warnings)));
  const lint = lintToolSets(sets, {
    profile: options.profile ?? lintConfig.profile,
    overrides: lintConfig.rules,
    settings: lintConfig.settings,
    failOn: options.failOn,
  });
  const errors = sets.flatMap((s) => (s.error ? [s.error] : []));
  const status: VerdictStatus = errors.length > 0 ? 'error' : lint.failed ? 'fail' : 'pass';
  const reasons = [
    ...errors.map((e) => `${e.server ?? 'server'}: ${e.message}`),
    ...(lint.failed ? [`${lint.summary.error} error(s), ${lint.summary.warn} warning(s) at or above --fail-on ${lint.failOn}`] : []),
  ];
  return {
    ...resultHeader('lint', startedAt),
    // A server that was not reached was not linted: the result is partial, whatever the others found.
    complete: errors.length === 0,
    verdict: { status, reasons },
    servers: sets.filter((s) => s.kind === 'server').map((s) => ({ ...serverInfo.get(s.name), name: s.name, tools: s.tools.length, restarts: 0, ...(s.error ? { error: s.error } : {}) })),
    lint,
    warnings,
    errors,
  };
}
