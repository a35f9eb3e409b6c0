/**
 * runInit against a real fixture server (refman, stdio) in a temporary project; with a model (an
 * OpenAI-compatible endpoint on 127.0.0.1 that answers with fixed proposals) the proposed cases are
 * checked before they are written. The whole flow from the packed package, followed by
 * `npx vitest run`, is in src/package/consumer.test.ts.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadQuerySet } from '../config/query-set.ts';
import { createOpenAIModel } from '../models/openai.ts';
import { fixture } from '../cli/testing.ts';
import { encodeFileName } from '../safety/file-name.ts';
import { runInit } from './init-run.ts';

const PROPOSALS = ['which of my papers mention coral reefs?', 'use search_items to find reefs', 'find papers on coral bleaching', 42];

describe('runInit', { timeout: 300_000 }, () => {
  let dir: string;
  let endpoint: Server;
  let baseUrl: string;

  beforeAll(async () => {
    dir = mkdtempSync(join(os.tmpdir(), 'toolvet-init-'));
    writeFileSync(join(dir, '.mcp.json'), JSON.stringify({ mcpServers: { refman: { command: process.execPath, args: [fixture('servers/refman.mjs')] } } }));
    endpoint = createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify({ id: 'x', object: 'chat.completion', created: 0, model: 'fixed', choices: [{ index: 0, message: { role: 'assistant', content: `Here you go:\n${JSON.stringify(PROPOSALS)}` }, finish_reason: 'stop' }], usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 } }));
      });
    });
    await new Promise<void>((resolve) => endpoint.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(endpoint.address() as AddressInfo).port}/v1`;
  });

  afterAll(() => {
    endpoint?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('finds .mcp.json, drafts a query set that loads, measures its gate, and writes a test file, the config and the workflow', async () => {
    const result = await runInit({ cwd: dir });
    expect(result.config).toBe(join(dir, '.mcp.json'));
    expect(result.written.sort()).toEqual(['.github/workflows/toolvet.yml', 'toolvet/queries/refman.yaml', 'toolvet/selection/refman.test.ts', 'vitest.config.ts']);
    const set = loadQuerySet(join(dir, 'toolvet/queries/refman.yaml'));
    const server = result.servers[0]!;
    expect(set.cases.every((c) => c.draft === true)).toBe(true);
    const kinds = (tag: string) => set.cases.filter((c) => c.tags?.includes(tag)).length;
    expect({ positive: kinds('positive'), nearMiss: kinds('near-miss'), noTool: kinds('no-tool') }).toEqual({ positive: server.counts.positive, nearMiss: server.counts.nearMiss, noTool: server.counts.noTool });
    expect(server.counts.positive).toBeGreaterThanOrEqual(12); // six tools, every one with a positive
    expect(server.counts.nearMiss).toBeGreaterThanOrEqual(1);
    expect(server.counts.noTool).toBe(2);
    expect(set.cases.filter((c) => c.tags?.includes('near-miss')).every((c) => c.expect.notTools?.length === 1 && c.expect.notTools[0] !== c.expect.tool)).toBe(true);
    // The ratchet: the gate is what the mock measured on these drafts.
    expect(server.baseline).toBeDefined();
    expect(set.gate).toEqual({ minAccuracy: server.baseline!.minAccuracy });
    expect(server.baseline!.minAccuracy).toBeLessThanOrEqual(server.baseline!.passed / server.baseline!.cases);
    expect(readFileSync(join(dir, 'toolvet/queries/refman.yaml'), 'utf8')).toMatch(/tighten it \(raise it\) once the drafts are reviewed/);
    expect(readFileSync(join(dir, 'toolvet/selection/refman.test.ts'), 'utf8')).toContain('"../../.mcp.json"');
    expect(result.shards).toBe(1);
    expect(readFileSync(join(dir, '.github/workflows/toolvet.yml'), 'utf8')).toContain('npx vitest run --shard=${{ matrix.shard }}/1 --passWithNoTests');
  });

  it('never writes outside the project for a hostile server name, and keeps the name inside the files', async () => {
    const hostile = mkdtempSync(join(os.tmpdir(), 'toolvet-init-hostile-'));
    const project = join(hostile, 'a', 'b', 'project');
    mkdirSync(project, { recursive: true });
    const climb = '../../../../x';
    const injected = 'y\nservers: [evil] */ "';
    writeFileSync(join(project, '.mcp.json'), JSON.stringify({ mcpServers: { [climb]: { command: process.execPath, args: [fixture('servers/refman.mjs')] }, [injected]: { command: process.execPath, args: [fixture('servers/echo.mjs')] } } }));
    try {
      const result = await runInit({ cwd: project });
      expect(result.written.sort()).toEqual([
        '.github/workflows/toolvet.yml',
        'toolvet/queries/%2E%2E%2F%2E%2E%2F%2E%2E%2F%2E%2E%2Fx.yaml',
        'toolvet/queries/y%0Aservers%3A%20%5Bevil%5D%20%2A%2F%20%22.yaml',
        'toolvet/selection/%2E%2E%2F%2E%2E%2F%2E%2E%2F%2E%2E%2Fx.test.ts',
        'toolvet/selection/y%0Aservers%3A%20%5Bevil%5D%20%2A%2F%20%22.test.ts',
        'vitest.config.ts',
      ]);
      // Nothing climbed out: the only entries above the project are the folders made here.
      expect(readdirSync(hostile)).toEqual(['a']);
      expect(readdirSync(join(hostile, 'a'))).toEqual(['b']);
      expect(existsSync(join(project, '..', '..', '..', '..', 'x'))).toBe(false);
      for (const name of [climb, injected]) {
        const set = loadQuerySet(join(project, 'toolvet/queries', `${encodeFileName(name)}.yaml`));
        expect([set.name, set.servers]).toEqual([name, [name]]);
      }
      expect(readFileSync(join(project, 'toolvet/selection', `${encodeFileName(injected)}.test.ts`), 'utf8')).toContain(`const SERVER = ${JSON.stringify(injected)};`);
    } finally {
      rmSync(hostile, { recursive: true, force: true });
    }
  });

  it('keeps every existing file without --force and overwrites with it', async () => {
    writeFileSync(join(dir, 'vitest.config.ts'), '// mine\n');
    const kept = await runInit({ cwd: dir });
    expect(kept.written).toEqual([]);
    expect(kept.kept).toHaveLength(4);
    expect(readFileSync(join(dir, 'vitest.config.ts'), 'utf8')).toBe('// mine\n');
    const forced = await runInit({ cwd: dir, force: true });
    expect(forced.written).toHaveLength(4);
    expect(forced.kept).toEqual([]);
    expect(readFileSync(join(dir, 'vitest.config.ts'), 'utf8')).toContain('toolvet/reporter');
  });

  it('with a model, writes the proposals that pass the checks and says why the others were dropped', async () => {
    const model = createOpenAIModel({ baseUrl, modelName: 'fixed', maxRetries: 0 });
    const result = await runInit({ cwd: dir, force: true, model });
    const proposals = result.servers[0]!.proposals!;
    // Six tools, four proposals each: per tool the first is new once (then a repeat), the second names
    // search_items only for that tool, the third repeats search_items' own example, the fourth is no string.
    expect(proposals.proposed).toBe(24);
    expect(proposals.kept).toBe(2);
    expect(proposals.dropped.find((d) => d.tool === 'search_items' && d.query === 'use search_items to find reefs')?.reason).toBe('names its tool');
    expect(proposals.dropped.find((d) => d.tool === 'search_items' && d.query === 'find papers on coral bleaching')?.reason).toBe('repeats a case');
    expect(proposals.dropped.filter((d) => d.reason === 'not a string')).toHaveLength(6);
    const set = loadQuerySet(join(dir, 'toolvet/queries/refman.yaml'));
    const proposed = set.cases.filter((c) => c.tags?.includes('proposed'));
    expect(proposed.map((c) => [c.query, c.expect.tool])).toEqual([
      ['which of my papers mention coral reefs?', 'search_items'],
      ['use search_items to find reefs', 'get_item'],
    ]);
    expect(proposed.every((c) => c.draft)).toBe(true);
  });

  it('says where it looked when the project has no host configuration', async () => {
    const empty = mkdtempSync(join(os.tmpdir(), 'toolvet-init-empty-'));
    try {
      await expect(runInit({ cwd: empty, claudeDesktopConfig: join(empty, 'no-desktop.json') })).rejects.toMatchObject({ code: 'E_FILE_MISSING', hint: expect.stringContaining('.vscode/mcp.json') });
      expect(existsSync(join(empty, 'vitest.config.ts'))).toBe(false);
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  });
});
