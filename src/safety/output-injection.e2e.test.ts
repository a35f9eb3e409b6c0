/**
 * The hostile server (fixtures/servers/hostile.mjs) through the CLI, for what reaches a reader: a
 * newline in serverInfo.version cannot print a line of ours (`PASS accuracy 100.0%`), bidi controls
 * never reach the terminal, the Markdown report keeps its HTML links and headings as text, and
 * `report --format github` prints our annotations as working workflow commands while theirs stay
 * defused.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixture, runCli } from '../cli/testing.ts';

let dir = '';
let host = '';
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'toolvet-injection-'));
  host = join(dir, 'host.json');
  writeFileSync(host, JSON.stringify({ mcpServers: { hostile: { command: process.execPath, args: [fixture('servers/hostile.mjs')] } } }));
  writeFileSync(join(dir, 'queries.yaml'), ['servers: [hostile]', 'cases:', '  - id: "read"', '    query: "read the note called groceries"', '    expect:', '      tool: "read_note"'].join('\n'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const BIDI = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;

describe('text from a server never begins a line of ours', () => {
  it('a newline in serverInfo.version prints no forged line, and no bidi control reaches the terminal', async () => {
    const run = await runCli(['doctor', '--config', host], { cwd: dir });
    for (const line of `${run.stdout}\n${run.stderr}`.split('\n')) expect(line.trimStart().startsWith('PASS accuracy') ? line : '').toBe('');
    expect(run.stdout).toContain('<U+2069><U+200F>⏎PASS accuracy 100.0%⏎');
    expect(run.stdout + run.stderr).not.toMatch(BIDI);
    // A tool named "get_note\n::error ..." stays on the line of its row, in every text report.
    for (const args of [['probe', '--config', host], ['lint', '--config', host]]) {
      const out = await runCli(args, { cwd: dir });
      for (const line of out.stdout.split('\n')) expect(/^\s*:/.test(line) ? `${args[0]}: ${line}` : '').toBe('');
    }
  }, 120_000);

  it('the Markdown report keeps links and headings as text; report --format github keeps our annotations working and defuses theirs', async () => {
    const json = join(dir, 'eval.json');
    const run = await runCli(['eval', '--config', host, '--queries', join(dir, 'queries.yaml'), '--json', json], { cwd: dir });
    expect([0, 1], run.stderr).toContain(run.code);
    const md = await runCli(['report', json, '--format', 'markdown'], { cwd: dir });
    expect(md.stdout).not.toMatch(/<a\s|<h1/i);
    expect(md.stdout).not.toMatch(BIDI);
    const gh = await runCli(['report', json, '--format', 'github'], { cwd: dir });
    const lines = gh.stdout.split('\n');
    // Ours: the failed case's warning, a real workflow command.
    expect(lines.filter((l) => /^::(error|warning|notice) /.test(l)).length).toBeGreaterThan(0);
    // Theirs: no line starts a command but ours.
    for (const line of lines.filter((l) => l.trimStart().startsWith('::'))) expect(line).toMatch(/^::(error|warning|notice) (file=[^,]*,)?(line=\d+,)?title=toolvet /);
  }, 180_000);
});
