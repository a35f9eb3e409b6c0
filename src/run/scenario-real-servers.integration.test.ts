/**
 * Scenarios over real npm servers, server-memory (its graph in a temporary MEMORY_FILE_PATH) and
 * server-filesystem (a temporary folder), with the mock model served by `toolvet mock-server` over
 * real HTTP, all through the CLI. What ran is read back from the servers' own files.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { stringify } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChildProcess } from 'node:child_process';
import { runCli, startCli } from '../cli/testing.ts';
import { realServersHost, type RealHost } from '../testing/real-servers.ts';
import { readResult, scenarioOf } from '../testing/todo-server.ts';
import type { ToolvetResult } from '../report/model.ts';

let mockServer: ChildProcess;
let url = '';
let host: RealHost;
let result: ToolvetResult;

const ADA = { type: 'entity', name: 'Ada Lovelace', entityType: 'person', observations: ['wrote the first published program'] };
const BABBAGE = { type: 'entity', name: 'Charles Babbage', entityType: 'person', observations: ['designed the Analytical Engine'] };

beforeAll(async () => {
  const started = startCli(['mock-server', '--port', '0']);
  mockServer = started.child;
  url = await new Promise<string>((resolve, reject) => {
    let out = '';
    mockServer.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      if (out.includes('\n')) resolve(out.split('\n')[0].trim());
    });
    mockServer.on('exit', (code) => reject(new Error(`mock-server exited with ${code}`)));
  });
  host = realServersHost('toolvet-scenario-real-');
  writeFileSync(host.memory, `${JSON.stringify(ADA)}\n${JSON.stringify(BABBAGE)}\n`);
  writeFileSync(join(host.root, 'notes.txt'), 'Remember the oat milk.\n');
  const memory = join(host.root, '..', 'memory.yaml');
  writeFileSync(
    memory,
    stringify({
      servers: ['memory'],
      scenarios: [
        { id: 'search', query: 'Search the knowledge graph for nodes about Ada', expect: { calls: { steps: [{ tool: 'search_nodes', args: { query: ['Ada'] } }] }, answer: { contains: ['Ada Lovelace'] } } },
        {
          id: 'delete-allowed',
          query: "Delete the entity 'Ada Lovelace' from the knowledge graph",
          allow: ['delete_entities'],
          expect: { results: { noErrors: true }, state: { call: { tool: 'read_graph', args: {} }, contains: ['Charles Babbage'], notContains: ['Ada Lovelace'] } },
        },
        { id: 'delete-held', query: "Delete the entity 'Charles Babbage' from the knowledge graph", expect: {} },
        { id: 'create', query: "Create an entity named 'Grace Hopper' of type person in the knowledge graph, then read the whole graph", allow: ['create_entities'], expect: { results: { noErrors: true } } },
      ],
    }),
  );
  const files = join(host.root, '..', 'files.yaml');
  writeFileSync(
    files,
    stringify({
      servers: ['filesystem'],
      scenarios: [
        { id: 'list-then-read', query: `List the directory ${host.root}, then read the file ${join(host.root, 'notes.txt')}`, expect: { calls: { order: 'exact', steps: [{ tool: 'list_directory' }, { tool: 'read_multiple_files' }] }, answer: { contains: ['oat milk'] } } },
        { id: 'write-allowed', query: `Create the file ${join(host.root, 'out.txt')} with the content 'hello there'`, allow: ['write_file'], expect: { results: { noErrors: true } } },
        { id: 'move-held', query: `Move the file ${join(host.root, 'notes.txt')} to ${join(host.root, 'old-notes.txt')}`, expect: {} },
      ],
    }),
  );
  const json = join(host.root, '..', 'result.json');
  await runCli(['eval', '--start-timeout', '120000', '--config', host.config, '--queries', memory, '--queries', files, '--base-url', url, '--model-name', 'toolvet-mock', '--json', json], { timeoutMs: 240_000 });
  result = readResult(json);
}, 300_000);

afterAll(() => {
  mockServer?.kill('SIGTERM');
});

describe('scenarios over server-memory through toolvet mock-server', () => {
  it('a read-only search runs and its result reaches the answer', () => {
    const s = scenarioOf(result, 'search');
    expect(s.reason).toBe('1 call(s) in 2 turn(s); every expectation holds');
    expect(s.turns[0].calls[0]).toMatchObject({ tool: 'search_nodes', status: 'ran', server: 'memory' });
  });

  it('an allowed delete writes the graph file; the state call sees it', () => {
    expect(scenarioOf(result, 'delete-allowed').state, scenarioOf(result, 'delete-allowed').reason).toBe('passed');
    const graph = readFileSync(host.memory, 'utf8');
    expect(graph).not.toContain('Ada Lovelace');
  });

  it('a delete that was not allowed is held back: the graph file keeps the entity', () => {
    const s = scenarioOf(result, 'delete-held');
    expect(s.turns[0].calls[0]).toMatchObject({ tool: 'delete_entities', status: 'held', arguments: { entityNames: ['Charles Babbage'] } });
    expect(s.reason).toMatch(/^1 call\(s\) held back, not executed: delete_entities/);
    expect(readFileSync(host.memory, 'utf8')).toContain('Charles Babbage');
  });

  it('the mock cannot fill an array of objects: the server refuses create_entities, and results.noErrors says so', () => {
    const s = scenarioOf(result, 'create');
    expect(s.turns.map((t) => t.calls.map((c) => c.tool))).toEqual([['create_entities'], ['read_graph'], []]);
    expect(s.reason).toMatch(/^create_entities \(turn 1\) returned an error \(results\.noErrors\): .*expected array/);
  });
});

describe('scenarios over server-filesystem through toolvet mock-server', () => {
  it('lists then reads, in order, and answers from the file', () => {
    const s = scenarioOf(result, 'list-then-read');
    expect(s.state, s.reason).toBe('passed');
    expect(s.finalAnswer).toContain('Remember the oat milk.');
  });

  it('an allowed write creates the file in the temporary folder', () => {
    expect(scenarioOf(result, 'write-allowed').state, scenarioOf(result, 'write-allowed').reason).toBe('passed');
    expect(readFileSync(join(host.root, 'out.txt'), 'utf8')).toBe('hello there');
  });

  it('a move that was not allowed is held back: the file stays where it was', () => {
    expect(scenarioOf(result, 'move-held').turns[0].calls[0]).toMatchObject({ tool: 'move_file', status: 'held' });
    expect(existsSync(join(host.root, 'notes.txt'))).toBe(true);
    expect(existsSync(join(host.root, 'old-notes.txt'))).toBe(false);
  });

  it('every scenario reports tokens, time and the model that served it', () => {
    expect(result.model).toBe(`openai:toolvet-mock@${url}`);
    for (const s of result.scenarios!) expect(s.cost.promptTokens).toBeGreaterThan(0);
    expect(result.cost!.toolLatencyMs).toBeGreaterThan(0);
  });
});
