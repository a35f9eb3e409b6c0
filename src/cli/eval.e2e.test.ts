import { readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createMockModel } from '../models/mock.ts';
import { startMockServer } from '../models/mock-server.ts';
import { ROOT, runCli } from './testing.ts';
import { tempDir } from '../testing/temp-dir.ts';

const tmp = (): string => tempDir('toolvet-cli-');
const REFMAN = ['--tools', `${ROOT}fixtures/tools/refman.json`, '--queries', `${ROOT}fixtures/queries/refman.yaml`];

function write(dir: string, name: string, content: unknown): string {
  const file = join(dir, name);
  writeFileSync(file, typeof content === 'string' ? content : JSON.stringify(content));
  return file;
}

async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as { port: number };
  await new Promise((r) => server.close(r));
  return port;
}

describe('toolvet run (README command 1)', () => {
  it('prints the results table for the bundled example and passes its gate', async () => {
    const run = await runCli(['run']);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/suite\s+│\s+cases/);
    for (const suite of ['echo', 'refman', 'notebook']) expect(run.stdout).toContain(suite);
    expect(run.stdout).toMatch(/PASS accuracy \d+\.\d% /);
  });
});

describe('toolvet eval', () => {
  it('writes the promised JSON: summary with per-tool and confusion, cases with expected, chosen, pass and reason', async () => {
    const dir = tmp();
    const run = await runCli(['eval', ...REFMAN, '--json', join(dir, 'out.json'), '--results', join(dir, 'out.jsonl')]);
    expect(run.code).toBe(0);
    const result = JSON.parse(readFileSync(join(dir, 'out.json'), 'utf8'));
    expect(Object.keys(result.summary)).toEqual(expect.arrayContaining(['cases', 'passed', 'accuracy', 'perTool', 'confusion', 'interval', 'noToolAccuracy', 'argAccuracy']));
    expect(result.summary.cases).toBe(result.cases.length);
    expect(Object.keys(result.cases[0])).toEqual(expect.arrayContaining(['id', 'query', 'expected', 'chosen', 'pass', 'reason']));
    const lines = readFileSync(join(dir, 'out.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l));
    expect(lines[0].type).toBe('run');
    expect(lines.filter((l) => l.type === 'case')).toHaveLength(result.cases.length);
  });

  it('says NO GATE, not PASS, without a gate, tells how to set one in every report, and exits 0', async () => {
    const dir = tmp();
    const run = await runCli(['eval', ...REFMAN, '--json', join(dir, 'out.json')]);
    expect(run.code).toBe(0);
    expect(run.stdout).not.toMatch(/PASS accuracy/);
    expect(run.stdout).toMatch(/NO GATE accuracy \d+\.\d% .*no gate set.*--min-accuracy 0\.8.*`gate: \{minAccuracy: 0\.8\}` to the query set/);
    const result = JSON.parse(readFileSync(join(dir, 'out.json'), 'utf8'));
    expect(result.verdict).toEqual({ status: 'none', reasons: [expect.stringContaining('no gate set')] });
    const rendered = await runCli(['report', join(dir, 'out.json'), '--format', 'markdown,html,github,junit', '--out-dir', dir, '--gate']);
    expect(rendered.code).toBe(0);
    expect(readFileSync(join(dir, 'toolvet.md'), 'utf8')).toMatch(/^### ℹ️ Toolvet NO GATE/m);
    expect(readFileSync(join(dir, 'toolvet.html'), 'utf8')).toContain('Verdict: NO GATE');
    expect(readFileSync(join(dir, 'toolvet.github.txt'), 'utf8')).toMatch(/^::notice title=toolvet eval%3A NO GATE::no gate set/m);
  });

  it('reads the gate from the query set (gate: {minAccuracy}) and names the set when it fails', async () => {
    const dir = tmp();
    const queries = write(dir, 'gated.yaml', `${readFileSync(`${ROOT}fixtures/queries/refman.yaml`, 'utf8')}\ngate: {minAccuracy: 0.99}\n`);
    const failing = await runCli(['eval', '--tools', `${ROOT}fixtures/tools/refman.json`, '--queries', queries]);
    expect(failing.code).toBe(1);
    expect(failing.stdout).toMatch(/FAIL accuracy .*query set gated: accuracy \d+\.\d% is below its gate\.minAccuracy 99\.0%/);
    const easy = write(dir, 'easy.yaml', `${readFileSync(`${ROOT}fixtures/queries/refman.yaml`, 'utf8')}\ngate: {minAccuracy: 0.1}\n`);
    const passing = await runCli(['eval', '--tools', `${ROOT}fixtures/tools/refman.json`, '--queries', easy]);
    expect(passing.code).toBe(0);
    expect(passing.stdout).toMatch(/PASS accuracy/);
  });

  it('exits 1 when the accuracy threshold does not hold', async () => {
    const run = await runCli(['eval', ...REFMAN, '--min-accuracy', '0.99']);
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(/FAIL accuracy .* below --min-accuracy 99\.0%/);
  });

  it('gives the same results through real HTTP (openai driver against toolvet mock-server) as in process', async () => {
    const server = await startMockServer({ port: 0, driver: createMockModel() });
    try {
      const dir = tmp();
      const http = await runCli(['eval', ...REFMAN, '--base-url', server.url, '--model-name', 'toolvet-mock', '--json', join(dir, 'http.json')]);
      const local = await runCli(['eval', ...REFMAN, '--json', join(dir, 'local.json')]);
      expect(http.code).toBe(local.code);
      const pick = (file: string) => JSON.parse(readFileSync(join(dir, file), 'utf8')).cases.map((c: { id: string; chosen: unknown; pass: boolean }) => [c.id, c.chosen, c.pass]);
      expect(pick('http.json')).toEqual(pick('local.json'));
    } finally {
      await server.close();
    }
  });

  it('stops at a refused endpoint with one error naming the URL and how to start a runner (exit 2)', async () => {
    const url = `http://127.0.0.1:${await closedPort()}/v1`;
    const run = await runCli(['eval', ...REFMAN, '--base-url', url, '--model-name', 'qwen3', '--retries', '0']);
    expect(run.code).toBe(2);
    expect(run.stdout).toContain('E_MODEL_REFUSED');
    expect(run.stdout).toContain(url);
    expect(run.stdout).toMatch(/ollama serve|llama-server/);
  });
});

describe('bad input: a short coded error naming the file, field or server, and the next step', () => {
  it('a malformed host config (exit 3)', async () => {
    const dir = tmp();
    const config = write(dir, 'host.json', { mcpServers: { refman: { command: 'node', args: 'server.js' } } });
    const run = await runCli(['eval', '--config', config, '--queries', `${ROOT}fixtures/queries/refman.yaml`]);
    expect(run.code).toBe(3);
    expect(run.stderr).toContain('E_FILE_INVALID');
    expect(run.stderr).toContain(`${config} at $.mcpServers.refman.args`);
    expect(run.stderr).toContain('next:');
    expect(run.stderr).not.toMatch(/\n\s+at .*\.ts:\d+/);
  });

  it('an unknown server name (exit 3)', async () => {
    const run = await runCli(['eval', '--config', `${ROOT}fixtures/hosts/example.json`, '--server', 'zotero', '--queries', `${ROOT}fixtures/queries/refman.yaml`]);
    expect(run.code).toBe(3);
    expect(run.stderr).toContain('E_UNKNOWN_SERVER');
    expect(run.stderr).toContain('known servers: echo, refman, notebook');
  });

  it('a query file with wrong types (exit 3)', async () => {
    const queries = write(tmp(), 'q.yaml', 'cases:\n  - query: find papers\n    expect:\n      tool: 7\n');
    const run = await runCli(['eval', '--tools', `${ROOT}fixtures/tools/refman.json`, '--queries', queries]);
    expect(run.code).toBe(3);
    expect(run.stderr).toContain('$.cases[0].expect.tool');
  });

  it('an expected tool that no server lists (exit 3)', async () => {
    const queries = write(tmp(), 'q.json', { cases: [{ query: 'find papers', expect: { tool: 'find_papers' } }] });
    const run = await runCli(['eval', '--tools', `${ROOT}fixtures/tools/refman.json`, '--queries', queries]);
    expect(run.code).toBe(3);
    expect(run.stderr).toContain('E_UNKNOWN_TOOL');
    expect(run.stderr).toContain('"find_papers"');
  });

  it('a server that exits at start: its stderr is shown, the other servers still run (exit 2)', async () => {
    const dir = tmp();
    const config = write(dir, 'host.json', {
      mcpServers: {
        refman: { command: process.execPath, args: [`${ROOT}fixtures/servers/refman.mjs`] },
        broken: { command: process.execPath, args: [`${ROOT}fixtures/servers/faults/exit-at-start.mjs`] },
      },
    });
    const run = await runCli(['eval', '--config', config, '--queries', `${ROOT}fixtures/queries/refman.yaml`, '--json', join(dir, 'out.json')]);
    expect(run.code).toBe(2);
    expect(run.stdout).toContain('E_SERVER_START');
    expect(run.stdout).toContain('cannot open database');
    const result = JSON.parse(readFileSync(join(dir, 'out.json'), 'utf8'));
    expect(result.cases.length).toBeGreaterThan(30);
    expect(result.verdict.status).toBe('error');
  });
});
