/**
 * `toolvet improve` through the CLI, as a user runs it: `--tool search_items` on the refman fixtures
 * with the mock (nothing proved, each refusal's reason in text, JSON, Markdown and HTML), a live
 * server's tools written as a patch, and the model-written path against `toolvet mock-server`.
 */
import { copyFileSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { fixture, runCli, startCli } from '../cli/testing.ts';
import type { ToolDefinition } from '../types.ts';
import type { ToolvetResult } from '../report/model.ts';
import { resultSchemaErrors } from '../report/result-schema.ts';
import type { ImproveResult } from './improve.ts';
import { tempDir } from '../testing/temp-dir.ts';

const tempTools = (): { dir: string; file: string } => {
  const dir = tempDir('toolvet-improve-cli-');
  const file = join(dir, 'refman.json');
  copyFileSync(fixture('tools/refman.json'), file);
  return { dir, file };
};

describe('toolvet improve (CLI)', () => {
  it('--tool search_items on refman: nothing whose held-out interval includes zero is accepted, the file is left as it was, and every output names each refusal\'s reason', async () => {
    const { dir, file } = tempTools();
    try {
      const run = await runCli(['improve', '--tools', file, '--queries', fixture('queries/refman.yaml'), '--queries', fixture('queries/refman-search.yaml'), '--tool', 'search_items', '--seed', '2', '--write', '--json', join(dir, 'improve.json')], { timeoutMs: 300_000 });
      expect(run.stderr).toBe('');
      expect(run.code).toBe(0);
      const saved = JSON.parse(readFileSync(join(dir, 'improve.json'), 'utf8')) as ToolvetResult;
      const result = saved.improve as ImproveResult;
      // The shared result model: valid against the published schema, with the improve section.
      expect(resultSchemaErrors(saved)).toEqual([]);
      expect(saved).toMatchObject({ command: 'improve', verdict: { status: 'none' }, model: 'mock' });
      expect(result.split).toMatchObject({ seed: 2, fraction: 0.6 });
      expect(result.steps).toEqual([]);
      expect(readFileSync(file, 'utf8')).toBe(readFileSync(fixture('tools/refman.json'), 'utf8'));
      expect(run.stdout).not.toContain('wrote ');
      expect(run.stdout).toContain('no rewording was proved on the held-out queries (no interval excluded zero); nothing to apply');
      // vocabulary gains 2 of 19 held-out queries (the old A/B accepted it): refused, with its interval.
      expect(run.stdout).toContain('iteration 1, search_items, vocabulary: interval-includes-zero: helped train (train 53.8% -> 61.5%) but held-out interval includes zero (+10.5 points, Newcombe 95% -7.7 points to +29.3 points over 19 held-out queries, each counted once): no change is not excluded');
      for (const r of result.refused) expect(run.stdout).toContain(`iteration ${r.iteration}, ${r.tool}, ${r.candidate}: ${r.rule}: ${r.reason}`);

      // `toolvet report` re-renders the saved result's improve section in every format, reasons included.
      const md = await runCli(['report', join(dir, 'improve.json'), '--format', 'markdown']);
      expect(md.code).toBe(0);
      expect(md.stdout).toContain('#### Improve: 0 rewording(s) proved on held-out queries');
      expect(md.stdout).toContain('| iteration | tool | candidate | rule | reason | held-out interval |');
      expect(md.stdout).toMatch(/\| 1 \| search_items \| vocabulary \| interval-includes-zero \| helped train .* \| \+10\.5 points, Newcombe 95% -7\.7 points to \+29\.3 points over 19 held-out queries, each counted once \|/);
      expect(md.stdout).toContain('a rewording must turn at least 4 of the 19 counted queries from fail to pass');
      const html = await runCli(['report', join(dir, 'improve.json'), '--format', 'html']);
      expect(html.stdout).toContain('<section id="improve"><h2>Improve</h2>');
      expect(html.stdout).toContain('<td>interval-includes-zero</td>');
      const text = await runCli(['report', join(dir, 'improve.json')]);
      expect(text.stdout).toContain('split (seed 2, 60% train, stratified by expected tool): 26 train, 19 held-out');
      expect(text.stdout).toContain('search_items, vocabulary: interval-includes-zero:');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 320_000);

  it('--base-url toolvet mock-server: the model writes a rewording, which goes through the word rule, lint, train and held-out checks like the others', async () => {
    const server = startCli(['mock-server', '--port', '0'], { timeoutMs: 120_000 });
    try {
      const url = await new Promise<string>((resolve, reject) => {
        let out = '';
        server.child.stdout!.on('data', (d: Buffer) => {
          out += d.toString();
          const line = /^(http:\/\/127\.0\.0\.1:\d+\/v1)$/m.exec(out);
          if (line) resolve(line[1]);
        });
        server.child.on('exit', () => reject(new Error(`mock-server exited: ${out}`)));
      });
      const { dir, file } = tempTools();
      const run = await runCli(['improve', '--tools', file, '--queries', fixture('queries/refman.yaml'), '--queries', fixture('queries/refman-search.yaml'), '--tool', 'search_items', '--seed', '2', '--iterations', '1', '--keep', '20', '--base-url', url, '--model-name', 'toolvet-mock', '--json', join(dir, 'improve.json')], { timeoutMs: 120_000 });
      expect(run.stderr).toBe('');
      expect(run.code).toBe(0);
      const result = (JSON.parse(readFileSync(join(dir, 'improve.json'), 'utf8')) as ToolvetResult).improve as ImproveResult;
      const written = [...result.steps, ...result.refused].find((c) => c.candidate === 'model');
      expect(written?.summary).toMatch(/^rewritten by openai:toolvet-mock/);
      // The mock server's documented answer (models/mock-reword.ts) is a trigger-word edit of the failed
      // requests' words: on seed 2 it copies names and other tools' words from them, and is refused so.
      const model = result.refused.find((r) => r.candidate === 'model')!;
      expect(model.rule).toBe('forbidden-words');
      expect(model.reason).toMatch(/^adds words it does not own: search_items: "\w+" \(/);
      expect(run.stdout).toContain(`iteration 1, search_items, model: forbidden-words: ${model.reason}`);
    } finally {
      server.child.kill('SIGTERM');
      await server.done;
    }
  }, 320_000);

  it('--config: improves a live server\'s tools; --write writes a patch file naming the line of each description in the server\'s script', async () => {
    const dir = tempDir('toolvet-improve-live-');
    try {
      // A stdio server of the expenses tools, one description per line, served by the fixtures' own helper.
      const tools = JSON.parse(readFileSync(fixture('tools/expenses.json'), 'utf8')) as ToolDefinition[];
      const script = join(dir, 'expenses-server.mjs');
      const helper = pathToFileURL(fixture('servers/lib/serve-tools.mjs')).href;
      writeFileSync(script, [`import { serveTools } from ${JSON.stringify(helper)};`, 'const tools = [', ...tools.map((t) => `  { definition: { name: ${JSON.stringify(t.name)}, description: ${JSON.stringify(t.description)}, inputSchema: ${JSON.stringify(t.inputSchema)} }, handler: async () => ({ content: [] }) },`), '];', "await serveTools({ name: 'expenses', version: '1.0.0', tools });", ''].join('\n'));
      writeFileSync(join(dir, 'mcp.json'), JSON.stringify({ mcpServers: { expenses: { command: process.execPath, args: [script] } } }));
      const patch = join(dir, 'improve.patch.json');
      const source = readFileSync(script, 'utf8');
      const run = await runCli(['improve', '--config', join(dir, 'mcp.json'), '--server', 'expenses', '--queries', fixture('queries/expenses.yaml'), '--split', '0.5', '--iterations', '1', '--write', '--patch', patch], { timeoutMs: 120_000 });
      expect(run.stderr).toBe('');
      expect(run.code).toBe(0);
      const entries = JSON.parse(readFileSync(patch, 'utf8')) as Array<{ server: string; tool: string; old: string; new: string; location: string }>;
      expect(entries.map((e) => e.tool)).toContain('file_expense');
      for (const e of entries) {
        expect(e.server).toBe('expenses');
        expect(e.location).toBe(`${script}:${source.split('\n').findIndex((l) => l.includes(JSON.stringify(e.old))) + 1}`);
        expect(run.stdout).toContain(`expenses/${e.tool}: ${e.location}`);
      }
      expect(readFileSync(script, 'utf8')).toBe(source);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 320_000);

  it('--stochastic 3 with the mock: its repeats are copies, not trials, so each held-out query counts once and the interval is the one run gives', async () => {
    const dir = tempDir('toolvet-improve-stochastic-');
    const args = ['improve', '--tools', fixture('tools/expenses.json'), '--queries', fixture('queries/expenses.yaml'), '--split', '0.5', '--iterations', '1'];
    const [once, repeated] = await Promise.all([
      runCli([...args, '--json', join(dir, 'once.json')], { timeoutMs: 300_000 }),
      runCli([...args, '--stochastic', '3', '--json', join(dir, 'repeated.json')], { timeoutMs: 300_000 }),
    ]);
    expect([once.code, repeated.code]).toEqual([0, 0]);
    expect(repeated.stdout).toContain('  counted: each held-out query counts once: the mock is deterministic, its repeats would be copies, not trials\n');
    const step = (file: string): ImproveResult['steps'][number] => ((JSON.parse(readFileSync(join(dir, file), 'utf8')) as ToolvetResult).improve as ImproveResult).steps[0];
    expect(step('repeated.json').heldOut.counted).toMatchObject({ unit: 'query', repeats: 1, queries: 20, units: 20 });
    expect(step('repeated.json').heldOut.interval).toEqual(step('once.json').heldOut.interval);
    expect(repeated.stdout).toMatch(/over 20 held-out queries, each counted once: excludes zero/);
  }, 320_000);

  it('asks for --tools or --config', async () => {
    const run = await runCli(['improve', '--queries', fixture('queries/refman.yaml')]);
    expect(run.code).toBe(3);
    expect(run.stderr).toContain('E_USAGE');
    expect(run.stderr).toContain('--tools FILE, --config FILE or --skills DIR --skill NAME');
  });

  it('reads --tools as every command does: a snapshot keeps its shape on --write, a broken file names itself', async () => {
    const { dir } = tempTools();
    const snapshot = join(dir, 'refman.snapshot.json');
    writeFileSync(snapshot, JSON.stringify({ server: { name: 'expenses' }, tools: JSON.parse(readFileSync(fixture('tools/expenses.json'), 'utf8')) }));
    const run = await runCli(['improve', '--tools', snapshot, '--queries', fixture('queries/expenses.yaml'), '--split', '0.5', '--iterations', '1', '--write'], { timeoutMs: 300_000 });
    expect(run.code).toBe(0);
    const written = JSON.parse(readFileSync(snapshot, 'utf8')) as { server: { name: string }; tools: Array<{ name: string; description: string }> };
    expect(written.server).toEqual({ name: 'expenses' });
    expect(written.tools.find((t) => t.name === 'file_expense')?.description).toContain('receipts');
    const broken = join(dir, 'broken.json');
    writeFileSync(broken, JSON.stringify([{ name: 'a', description: 'A.', inputSchema: { type: 'object' } }, { name: 'a', description: 'B.', inputSchema: { type: 'object' } }]));
    const bad = await runCli(['improve', '--tools', broken, '--queries', fixture('queries/refman.yaml')]);
    expect(bad.code).toBe(3);
    expect(bad.stderr).toContain('E_FILE_INVALID');
    expect(bad.stderr).toContain('"a" is listed twice');
  }, 320_000);
});
