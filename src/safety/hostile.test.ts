/**
 * One hostile server (fixtures/servers/hostile.mjs) and one hostile skill through every command and
 * every format: whatever they send, no escape sequence but our palette colours reaches stdout or
 * stderr, no untrusted line starts a GitHub workflow command, Markdown stays text, file names do not
 * collide, and prototype names (`__proto__`, `constructor`, `toString`, ...) as tool, parameter,
 * skill and server names neither crash a command nor corrupt its result.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixture, runCli, type CliRun } from '../cli/testing.ts';

// eslint-disable-next-line no-control-regex
const PALETTE_SGR = /\u001b\[(?:(?:0|1|2|3|4|22|23|24|3[0-79]|9[0-7])(?:;(?:0|1|2|3|4|22|23|24|3[0-79]|9[0-7]))*)?m/g;
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/;

function expectTerminalSafe(what: string, text: string): void {
  const rest = text.replace(PALETTE_SGR, '');
  const bad = CONTROL.exec(rest);
  expect(bad ? `${what}: control character U+${bad[0].charCodeAt(0).toString(16)} near ${JSON.stringify(rest.slice(Math.max(0, bad.index - 30), bad.index + 30))}` : '').toBe('');
  for (const line of text.split('\n')) {
    expect(line.trimStart().startsWith('::') ? `${what}: workflow command ${JSON.stringify(line.slice(0, 80))}` : '').toBe('');
    expect(line.includes('##[') ? `${what}: legacy workflow command ${JSON.stringify(line.slice(0, 80))}` : '').toBe('');
  }
}

function expectMarkdownSafe(what: string, text: string): void {
  expect(text, what).not.toMatch(/!\[/);
  expect(text, what).not.toMatch(/<img/i);
  expect(text, what).not.toMatch(/(^|[^\w`])@octocat/);
  expect(text, what).not.toContain('\r');
  expectTerminalSafe(what, text);
}

function expectRan(what: string, run: CliRun): void {
  expect(run.signal, what).toBeNull();
  expect([0, 1, 2], `${what} exited ${run.code}: ${run.stderr.slice(-600)}`).toContain(run.code);
  expect(run.stderr, what).not.toMatch(/TypeError|at .*\.ts:\d+|Cannot convert object to primitive/);
  expectTerminalSafe(`${what} stdout`, run.stdout);
  expectTerminalSafe(`${what} stderr`, run.stderr);
}

let dir = '';
let host = '';
const HOSTILE = fixture('servers/hostile.mjs');

beforeAll(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'toolvet-hostile-'));
  host = path.join(dir, 'host.json');
  const echo = { command: process.execPath, args: [fixture('servers/echo.mjs')] };
  writeFileSync(host, JSON.stringify({ mcpServers: { hostile: { command: process.execPath, args: [HOSTILE] }, 'sub/dir': echo, sub_dir: echo, constructor: echo } }));
  writeFileSync(
    path.join(dir, 'queries.yaml'),
    [
      'servers: [hostile]',
      'cases:',
      ...['__proto__', 'constructor', 'toString', 'valueOf', 'hasOwnProperty', 'read_note'].map((t, i) => `  - id: "${t}-${i}"\n    query: "read the note called ${t} please"\n    expect:\n      tool: "${t}"\n      args:\n        "__proto__": ["x"]`),
      '  - id: "__proto__"\n    query: "hello there"\n    expect:\n      tool: null',
    ].join('\n'),
  );
  // A hostile skill: a prototype name, payloads in the description and body, and a folder name with an escape.
  const ESC = '\u001b';
  for (const name of ['constructor', `evil${ESC}]0;title\u0007`]) {
    const skill = path.join(dir, 'skills', name);
    mkdirSync(skill, { recursive: true });
    writeFileSync(
      path.join(skill, 'SKILL.md'),
      `---\nname: "${name === 'constructor' ? name : 'evil-skill'}"\ndescription: "Use when the user says \\e]52;c;cHduZWQ=\\a hi @octocat ![p](https://tracker.example/p.png). Do NOT use for other things.\\n::error::forged \\e[2J"\n---\n# Title ${ESC}[2J\n\n1. Do it.\n`,
    );
    mkdirSync(path.join(skill, 'evals'));
    writeFileSync(path.join(skill, 'evals', 'evals.json'), JSON.stringify({ evals: [{ input: `say hi ${ESC}]0;t\u0007 ::error::x`, expected_behavior: [`Mentions "hi ${ESC}[2J"`] }] }));
  }
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// Each test runs several CLI commands against live servers: on a loaded 2-core machine that takes minutes.
const SLOW = 300_000;

describe('a hostile server and skill through every command', () => {
  it('lint, in every format', async () => {
    for (const format of ['text', 'json', 'sarif']) {
      const run = await runCli(['lint', '--config', host, '--server', 'hostile', '--format', format], { cwd: dir });
      expectRan(`lint --format ${format}`, run);
    }
    const text = await runCli(['lint', '--config', host, '--server', 'hostile'], { cwd: dir });
    // The ANSI-wrapped injection is seen through its wrapping, and the escapes themselves are reported.
    expect(text.stdout).toContain('instruction-override');
    expect(text.stdout).toContain('hidden-unicode');
  }, SLOW);

  it('probe, doctor and bench', async () => {
    for (const format of ['text', 'json']) expectRan(`probe --format ${format}`, await runCli(['probe', '--config', host, '--server', 'hostile', '--format', format], { cwd: dir }));
    expectRan('doctor', await runCli(['doctor', '--config', host], { cwd: dir }));
    expectRan('bench', await runCli(['bench', '--config', host, '--server', 'hostile', '--iterations', '3', '--time', '50', '--starts', '1', '--json', path.join(dir, 'bench.json')], { cwd: dir, timeoutMs: 180_000 }));
  }, SLOW);

  it('snapshot keeps every server in its own file, and diff reads them back', async () => {
    const out = path.join(dir, 'snaps');
    const snap = await runCli(['snapshot', '--config', host, '--out', out], { cwd: dir });
    expectRan('snapshot', snap);
    expect(snap.code).toBe(0);
    const files = readdirSync(out);
    expect(files).toHaveLength(4);
    const hostile = files.map((f) => readFileSync(path.join(out, f), 'utf8')).find((t) => t.includes('read_note'))!;
    // The __proto__ parameter survives the snapshot.
    expect(hostile).toMatch(/"__proto__"/);
    const diff = await runCli(['diff', out, `live:${host}`, '--format', 'markdown'], { cwd: dir });
    expectRan('diff', diff);
    expectMarkdownSafe('diff markdown', diff.stdout);
  }, SLOW);

  it('eval with prototype names as expected tools, then report in every format', async () => {
    const json = path.join(dir, 'eval.json');
    const run = await runCli(['eval', '--config', host, '--queries', path.join(dir, 'queries.yaml'), '--json', json, '--results', path.join(dir, 'eval.jsonl')], { cwd: dir });
    expectRan('eval', run);
    const result = JSON.parse(readFileSync(json, 'utf8')) as { summary: { confusion?: unknown } };
    // No cell turned into a string such as "function Object() { [native code] }1".
    expect(JSON.stringify(result)).not.toContain('[native code]');
    for (const format of ['text', 'markdown', 'junit', 'sarif', 'html', 'json']) {
      const report = await runCli(['report', json, '--format', format], { cwd: dir });
      expectRan(`report --format ${format}`, report);
      if (format === 'markdown') expectMarkdownSafe('report markdown', report.stdout);
    }
    const gh = await runCli(['report', json, '--format', 'github'], { cwd: dir });
    // Our annotations are workflow commands on purpose (escaped, one line each); nothing else may be.
    const ours = /^::(error|warning|notice) (file=[^,:]*,)?(line=\d+,)?title=toolvet [^\n]*$/gm;
    expect(gh.stdout).toMatch(ours);
    expectRan('report --format github', { ...gh, stdout: gh.stdout.replace(ours, '') });
  }, SLOW);

  it('skills lint and skills eval', async () => {
    for (const args of [['skills', 'lint', path.join(dir, 'skills')], ['skills', 'lint', path.join(dir, 'skills'), '--format', 'json'], ['skills', 'eval', path.join(dir, 'skills'), '--no-behaviour']]) {
      expectRan(args.join(' '), await runCli(args, { cwd: dir }));
    }
  }, SLOW);
});

describe('prototype names from a model', () => {
  it('hallucinated calls to constructor, __proto__ and toString count as numbers, and report reads the result back', async () => {
    const { startFaultEndpoint } = await import('../models/testing/fault-endpoint.ts');
    const reply = await import('../models/testing/replies.ts');
    const names = ['constructor', '__proto__', 'toString', 'valueOf', 'hasOwnProperty'];
    let n = 0;
    const endpoint = await startFaultEndpoint((request) => (request.method === 'GET' ? { json: { object: 'list', data: [] } } : reply.toolCall(names[n++ % names.length], { q: 'x' })));
    try {
      const json = path.join(dir, 'hallucinated.json');
      const run = await runCli(['eval', '--tools', fixture('tools/refman.json'), '--queries', fixture('queries/refman.yaml'), '--base-url', endpoint.url, '--model-name', 'm', '--retries', '0', '--concurrency', '1', '--json', json], { cwd: dir });
      expectRan('eval (hallucinating model)', run);
      const result = JSON.parse(readFileSync(json, 'utf8')) as { summary: { confusion: Record<string, Record<string, unknown>> } };
      const cells = Object.values(result.summary.confusion).flatMap((row) => Object.entries(row));
      for (const name of names) expect(cells.some(([k]) => k === name), name).toBe(true);
      for (const [, v] of cells) expect(typeof v).toBe('number');
      const report = await runCli(['report', json, json, '--format', 'text'], { cwd: dir });
      expectRan('report (merged twice)', report);
      expect(report.code).not.toBe(3);
    } finally {
      await endpoint.close();
    }
  }, SLOW);
});
