/**
 * Real parts: the bundled fixture servers, spawned over stdio, lint clean at `recommended`; the
 * deliberately bad server (plus bad-schema.json for what the SDK client refuses to list) triggers
 * every rule; the bad tool files equal what the bad server lists.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadHostConfig } from '../config/host-config.ts';
import { loadToolFile } from '../config/tool-file.ts';
import { ServerConnection } from '../servers/server-connection.ts';
import type { ToolDefinition } from '../types.ts';
import { lintToolSets, type ToolSet } from './lint-tools.ts';
import { runLint } from './lint-run.ts';
import { TOOL_RULES } from './rules/tool/index.ts';

const ROOT = new URL('../../', import.meta.url);
const path = (p: string): string => new URL(p, ROOT).pathname;

async function listLive(config: string, server: string): Promise<ToolDefinition[]> {
  const host = loadHostConfig(path(config));
  const connection = await ServerConnection.start(server, host.servers[server]);
  try {
    return (await connection.listTools()).map(({ server: _s, ...tool }) => tool);
  } finally {
    await connection.close();
  }
}

describe('fixture servers', () => {
  it('echo, refman and notebook lint clean at recommended, live over stdio', async () => {
    const result = await runLint({ config: path('fixtures/hosts/example.json') });
    expect(result.lint?.sets.map((s) => `${s.name}:${s.tools}`)).toEqual(['echo:1', 'refman:6', 'notebook:3']);
    expect(result.lint?.findings).toEqual([]);
    expect(result.verdict.status).toBe('pass');
  });

  it('the bad server lists exactly fixtures/tools/bad-tools.json, with one duplicate name a tool file cannot hold', async () => {
    const listed = await listLive('fixtures/hosts/bad.json', 'bad-tools');
    const file = JSON.parse(readFileSync(path('fixtures/tools/bad-tools.json'), 'utf8')) as ToolDefinition[];
    expect(listed).toEqual(file);
    expect(() => loadToolFile(path('fixtures/tools/bad-tools.json'))).toThrow(/"rank_items" is listed twice/);
  });

  it('the bad server and bad-schema.json trigger every rule at least once (with every rule switched on)', async () => {
    const listed = await listLive('fixtures/hosts/bad.json', 'bad-tools');
    const sets: ToolSet[] = [
      { name: 'bad-tools', kind: 'server', tools: listed },
      { name: path('fixtures/tools/bad-schema.json'), kind: 'file', tools: loadToolFile(path('fixtures/tools/bad-schema.json')).tools },
    ];
    const everything = Object.fromEntries(Object.keys(TOOL_RULES).map((id) => [id, 'warn' as const]));
    const result = lintToolSets(sets, { overrides: everything });
    const fired = new Set(result.findings.map((f) => f.ruleId));
    expect(Object.keys(TOOL_RULES).filter((id) => !fired.has(id))).toEqual([]);
    // Only two rules need the file: the SDK client refuses a non-object inputSchema and an unknown taskSupport.
    const fromServer = new Set(result.findings.filter((f) => f.server === 'bad-tools').map((f) => f.ruleId));
    expect(Object.keys(TOOL_RULES).filter((id) => !fromServer.has(id))).toEqual(['schema-object-root', 'task-support-valid']);
  });

  it('at recommended the bad server fails the gate with errors from the schema and security rules', async () => {
    const result = await runLint({ config: path('fixtures/hosts/bad.json') });
    expect(result.verdict.status).toBe('fail');
    const errors = new Set(result.lint!.findings.filter((f) => f.severity === 'error').map((f) => f.ruleId));
    for (const id of ['schema-valid', 'required-exists', 'hidden-unicode', 'instruction-override', 'data-exfiltration', 'sensitive-file-access', 'tool-call-directive', 'name-unique']) {
      expect(errors).toContain(id);
    }
    expect(result.lint!.findings.some((f) => f.ruleId === 'strict-schema')).toBe(false);
  });
});
