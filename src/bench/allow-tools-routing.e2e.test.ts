/**
 * `bench --allow-tools` names tools as a model would see them: on two real servers listing the same
 * tool names (src/testing/items-server.ts), `archive__delete_items` lets the archive's tool run and
 * not the shop's (each server's own log says what reached it), and the bare name is refused naming both.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../cli/testing.ts';
import type { ToolvetResult } from '../report/model.ts';
import { itemsWorld } from '../testing/items-server.ts';

const QUICK = ['--task', 'tools-call', '--iterations', '2', '--time', '5', '--rounds', '1'];

describe('bench --allow-tools with a tool name two servers list', () => {
  it('allows the qualified name on its own server only', async () => {
    const world = itemsWorld();
    const json = join(world.dir, 'bench.json');
    const run = await runCli(['bench', '--config', world.config, ...QUICK, '--allow-tools', 'archive__delete_items', '--json', json], { timeoutMs: 120_000 });
    expect(run.code, run.stderr).toBe(0);
    const tasks = (JSON.parse(readFileSync(json, 'utf8')) as ToolvetResult).bench!.tasks.map((t) => [t.server, t.tool, t.state, t.allowedBy ?? null]);
    expect(tasks).toEqual([
      ['archive', 'list_items', 'completed', 'read-only'],
      ['archive', 'delete_items', 'completed', 'allow-tools'],
      ['shop', 'list_items', 'completed', 'read-only'],
      ['shop', 'delete_items', 'skipped', null],
    ]);
    expect(new Set(world.ran('archive').map(([tool]) => tool))).toEqual(new Set(['list_items', 'delete_items']));
    expect(new Set(world.ran('shop').map(([tool]) => tool))).toEqual(new Set(['list_items']));
  }, 130_000);

  it('refuses the bare name, naming both servers', async () => {
    const world = itemsWorld();
    const run = await runCli(['bench', '--config', world.config, ...QUICK, '--allow-tools', 'delete_items'], { timeoutMs: 120_000 });
    expect(run.code).toBe(3);
    expect(run.stderr).toContain('E_AMBIGUOUS_TOOL: --allow-tools names tool "delete_items", which servers "archive" and "shop" both list');
    expect(world.ran('archive').filter(([tool]) => tool === 'delete_items')).toEqual([]);
    expect(world.ran('shop').filter(([tool]) => tool === 'delete_items')).toEqual([]);
  }, 130_000);
});
