/**
 * `toolvet bench` as a user runs it, on the fixture servers: the table, the JSON result and bad
 * input. Iterations are kept small: nothing here looks at timings (the baseline comparison is tested
 * in bench-gate.e2e.test.ts).
 */
import { execFile } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { ToolvetResult } from '../report/model.ts';
import { tempDir } from '../testing/temp-dir.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const BIN = join(ROOT, 'bin/toolvet.js');

function toolvet(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [BIN, ...args], { cwd: ROOT, env: { ...process.env, NO_COLOR: '1' } }, (error, stdout, stderr) => {
      resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, stdout, stderr });
    });
  });
}

const tmp = (): string => tempDir('toolvet-bench-');
const QUICK = ['--iterations', '5', '--time', '50', '--starts', '2'];

describe('toolvet bench', () => {
  it('prints the table for the fixture servers and writes the bench section', async () => {
    const dir = tmp();
    const json = join(dir, 'result.json');
    const run = await toolvet(['bench', '--config', 'fixtures/hosts/example.json', '--server', 'echo', '--server', 'refman', '--calls', 'fixtures/bench/calls.yaml', '--model', 'mock', '--json', json, ...QUICK]);
    expect(run.stderr).not.toMatch(/E_/);
    expect(run.code).toBe(0);
    for (const cell of ['server', 'mean ms', 'p99 ms', 'ops/s', 'rme', 'cold start', 'tools/list', 'tools/call echo', 'tools/call get_item with notes', 'tools/call tag_item', 'model turn']) expect(run.stdout).toContain(cell);
    // move_item is destructive and not in the calls file: listed as skipped, never called.
    expect(run.stdout).toMatch(/refman tools\/call move_item: skipped: not annotated readOnlyHint/);
    const result = JSON.parse(readFileSync(json, 'utf8')) as ToolvetResult;
    expect(result.command).toBe('bench');
    const tasks = result.bench!.tasks;
    const echoCall = tasks.find((t) => t.server === 'echo' && t.task === 'tools/call echo')!;
    expect(echoCall).toMatchObject({ kind: 'tools-call', tool: 'echo', state: 'completed', flagged: false });
    expect(echoCall.samples).toBeGreaterThanOrEqual(5);
    for (const key of ['meanMs', 'p50Ms', 'p99Ms', 'opsPerSec', 'rme'] as const) expect(echoCall[key]).toBeGreaterThan(0);
    expect(tasks.find((t) => t.task === 'tools/call move_item')).toMatchObject({ state: 'skipped' });
    expect(tasks.find((t) => t.task === 'tools/call tag_item')).toMatchObject({ state: 'completed' });
    expect(tasks.filter((t) => t.kind === 'cold-start').map((t) => t.samples)).toEqual([2, 2]);
  });

  it('reports a server that exits at start as an errored row and exits 2, still benchmarking the rest', async () => {
    const dir = tmp();
    const config = join(dir, 'host.json');
    writeFileSync(config, JSON.stringify({ mcpServers: { broken: { command: 'node', args: [join(ROOT, 'fixtures/servers/faults/exit-at-start.mjs')] }, echo: { command: 'node', args: [join(ROOT, 'fixtures/servers/echo.mjs')] } } }));
    const run = await toolvet(['bench', '--config', config, '--task', 'tools-list', '--json', join(dir, 'r.json'), ...QUICK]);
    expect(run.code).toBe(2);
    expect(run.stdout).toMatch(/broken\s+│ cold start\s+│ errored/);
    expect(run.stdout).toContain('E_SERVER_START');
    const tasks = (JSON.parse(readFileSync(join(dir, 'r.json'), 'utf8')) as ToolvetResult).bench!.tasks;
    expect(tasks.map((t) => [t.server, t.task, t.state])).toEqual([
      ['broken', 'cold start', 'errored'],
      ['echo', 'tools/list', 'completed'],
    ]);
  });

  it('reads a baseline saved before rounds, saying its noise comes from this run alone', async () => {
    const dir = tmp();
    const old = join(dir, 'old.json');
    writeFileSync(old, JSON.stringify({ bench: { environment: { cpus: 2, loadAverage: [0.1, 0.1, 0.1] }, tasks: [{ server: 'echo', task: 'tools/list', state: 'completed', meanMs: 0.5, rme: 3, samples: 50 }] } }));
    const json = join(dir, 'r.json');
    const run = await toolvet(['bench', '--config', 'fixtures/hosts/example.json', '--server', 'echo', '--task', 'tools-list', '--baseline', old, '--json', json, ...QUICK]);
    expect(run.code, run.stderr).toBe(0);
    const result = JSON.parse(readFileSync(json, 'utf8')) as ToolvetResult;
    expect(result.warnings.map((w) => w.code)).toContain('W_BENCH_BASELINE_NO_ROUNDS');
    expect(result.bench!.tasks[0]).toMatchObject({ task: 'tools/list', baseline: { medianMs: 0.5, roundMediansMs: [0.5] } });
  });

  it('names the file and JSON path of a bad calls file or baseline', async () => {
    const dir = tmp();
    const unknownTool = join(dir, 'unknown.yaml');
    writeFileSync(unknownTool, '- tool: echo\n  args: {text: hi}\n- tool: no_such_tool\n');
    const oneServer = join(dir, 'host.json');
    writeFileSync(oneServer, JSON.stringify({ mcpServers: { echo: { command: 'node', args: [join(ROOT, 'fixtures/servers/echo.mjs')] } } }));
    const a = await toolvet(['bench', '--config', oneServer, '--calls', unknownTool, ...QUICK]);
    expect(a.code).toBe(3);
    expect(a.stderr).toContain('E_UNKNOWN_TOOL');
    expect(a.stderr).toContain(`file: ${unknownTool} at $[1].tool`);

    const unknownServer = join(dir, 'server.yaml');
    writeFileSync(unknownServer, '- tool: echo\n  server: ehco\n');
    const d = await toolvet(['bench', '--config', 'fixtures/hosts/example.json', '--server', 'echo', '--calls', unknownServer, ...QUICK]);
    expect(d.code).toBe(3);
    expect(d.stderr).toContain('E_UNKNOWN_SERVER');
    expect(d.stderr).toContain('at $[0].server');

    const wrongShape = join(dir, 'shape.json');
    writeFileSync(wrongShape, JSON.stringify([{ tool: 'echo', arguments: { text: 'hi' } }]));
    const b = await toolvet(['bench', '--config', 'fixtures/hosts/example.json', '--server', 'echo', '--calls', wrongShape, ...QUICK]);
    expect(b.code).toBe(3);
    expect(b.stderr).toContain('E_FILE_INVALID');
    expect(b.stderr).toContain('$[0].arguments unknown key "arguments"');

    const badTask = await toolvet(['bench', '--config', 'fixtures/hosts/example.json', '--task', 'cold-starts']);
    expect(badTask.code).toBe(3);
    expect(badTask.stderr).toMatch(/--task.*must be one of cold-start, tools-list, tools-call, model-turn/);

    const badRounds = await toolvet(['bench', '--config', 'fixtures/hosts/example.json', '--rounds', '0']);
    expect(badRounds.code).toBe(3);
    expect(badRounds.stderr).toMatch(/--rounds.*must be a whole number of at least 1/);
    const badEffect = await toolvet(['bench', '--config', 'fixtures/hosts/example.json', '--min-effect', '-1']);
    expect(badEffect.code).toBe(3);
    expect(badEffect.stderr).toMatch(/--min-effect.*must be a number of milliseconds, at least 0/);

    const notBaseline = join(dir, 'eval.json');
    writeFileSync(notBaseline, JSON.stringify({ summary: {} }));
    const c = await toolvet(['bench', '--config', 'fixtures/hosts/example.json', '--server', 'echo', '--baseline', notBaseline, ...QUICK]);
    expect(c.code).toBe(3);
    expect(c.stderr).toContain('E_FILE_INVALID');
    expect(c.stderr).toContain('$.bench missing required key "bench"');
  });
});
