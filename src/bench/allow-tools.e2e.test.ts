/**
 * `toolvet bench --allow-tools` on the real server-memory from npm: without it, bench never calls a
 * tool that may write (the server's file is never written); with it, exactly the named tools are
 * called, with arguments built from their schema, and the result records those arguments and why
 * each tool was allowed.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../cli/testing.ts';
import type { ToolvetResult } from '../report/model.ts';
import { realServersHost } from '../testing/real-servers.ts';

const QUICK = ['--server', 'memory', '--task', 'tools-call', '--iterations', '2', '--time', '5', '--rounds', '1'];
const byTool = (result: ToolvetResult): Map<string, NonNullable<ToolvetResult['bench']>['tasks'][number]> => new Map(result.bench!.tasks.map((t) => [t.tool!, t]));

describe('bench --allow-tools on the real server-memory', () => {
  it('calls only read-only tools by default, and recorded arguments', async () => {
    const { config, memory } = realServersHost('toolvet-bench-allow-');
    const json = join(memory, '..', 'default.json');
    const run = await runCli(['bench', '--config', config, ...QUICK, '--json', json], { timeoutMs: 120_000 });
    expect(run.code, run.stderr).toBe(0);
    const tasks = byTool(JSON.parse(readFileSync(json, 'utf8')) as ToolvetResult);
    for (const tool of ['create_entities', 'create_relations', 'add_observations', 'delete_entities', 'delete_observations', 'delete_relations']) {
      expect(tasks.get(tool)).toMatchObject({ state: 'skipped', reason: expect.stringContaining('--allow-tools') });
    }
    expect(tasks.get('read_graph')).toMatchObject({ state: 'completed', args: {}, allowedBy: 'read-only' });
    expect(tasks.get('search_nodes')).toMatchObject({ state: 'completed', args: { query: 'x' }, allowedBy: 'read-only' });
    expect(existsSync(memory), 'the memory file was written').toBe(false);
  }, 130_000);

  it('calls the tools --allow-tools names, with arguments built from their schema', async () => {
    const { config, memory } = realServersHost('toolvet-bench-allow-');
    const json = join(memory, '..', 'allowed.json');
    const run = await runCli(['bench', '--config', config, ...QUICK, '--allow-tools', 'create_entities,add_observations', '--json', json], { timeoutMs: 120_000 });
    expect(run.code, run.stderr).toBe(0);
    const tasks = byTool(JSON.parse(readFileSync(json, 'utf8')) as ToolvetResult);
    expect(tasks.get('create_entities')).toMatchObject({ state: 'completed', args: { entities: [] }, allowedBy: 'allow-tools' });
    expect(tasks.get('add_observations')).toMatchObject({ state: 'completed', args: { observations: [] }, allowedBy: 'allow-tools' });
    expect(tasks.get('delete_entities')).toMatchObject({ state: 'skipped' });
    expect(tasks.get('create_relations')).toMatchObject({ state: 'skipped' });
    expect(existsSync(memory), 'create_entities ran, so the server saved its graph').toBe(true);
  }, 130_000);

  it('refuses a name no server lists', async () => {
    const { config } = realServersHost('toolvet-bench-allow-');
    const run = await runCli(['bench', '--config', config, '--server', 'memory', '--server', 'everything', '--server', 'filesystem', '--task', 'tools-call', '--allow-tools', 'create_entitys'], { timeoutMs: 120_000 });
    expect(run.code).toBe(3);
    expect(run.stderr).toContain('E_UNKNOWN_TOOL');
    expect(run.stderr).toContain('"create_entitys"');
  }, 130_000);
});
