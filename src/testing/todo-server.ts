/**
 * For scenario tests: a temp folder with a host config for the fixture to-do server whose TODO_LOG
 * records every call that reached a handler, a writer for query sets, and readers for the log and the
 * CLI's JSON result.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { stringify } from 'yaml';
import type { ToolvetResult } from '../report/model.ts';
import type { ScenarioResult } from '../run/scenario-types.ts';
import { fixture } from '../cli/testing.ts';
import { tempDir } from './temp-dir.ts';

export interface TodoWorld {
  dir: string;
  config: string;
  log: string;
  /** Writes a query set (an object, as YAML) and returns its path. */
  queries: (name: string, set: object) => string;
  /** Every call that reached the server, in order. */
  ran: () => Array<{ pid: number; tool: string; arguments: Record<string, unknown> }>;
}

export function todoWorld(extraServers: Record<string, object> = {}): TodoWorld {
  const dir = tempDir('toolvet-todo-');
  const log = join(dir, 'ran.jsonl');
  const config = join(dir, 'host.json');
  writeFileSync(config, JSON.stringify({ mcpServers: { todo: { command: process.execPath, args: [fixture('servers/todo.mjs')], env: { TODO_LOG: log } }, ...extraServers } }, null, 2));
  return {
    dir,
    config,
    log,
    queries: (name, set) => {
      const file = join(dir, name);
      writeFileSync(file, stringify(set));
      return file;
    },
    ran: () =>
      existsSync(log)
        ? readFileSync(log, 'utf8')
            .split('\n')
            .filter(Boolean)
            .map((line) => JSON.parse(line) as { pid: number; tool: string; arguments: Record<string, unknown> })
        : [],
  };
}

export function readResult(file: string): ToolvetResult {
  return JSON.parse(readFileSync(file, 'utf8')) as ToolvetResult;
}

export function scenarioOf(result: ToolvetResult, id: string): ScenarioResult {
  const found = result.scenarios?.find((s) => s.id === id);
  if (!found) throw new Error(`no scenario "${id}" in the result (have: ${(result.scenarios ?? []).map((s) => s.id).join(', ')})`);
  return found;
}
