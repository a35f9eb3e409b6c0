import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { XMLParser } from 'fast-xml-parser';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ToolvetError } from '../../errors.ts';
import type { ToolvetResult } from '../../report/model.ts';
import { everyResult } from '../../report/testing/real-results.ts';
import { createMockModel } from '../../models/mock.ts';
import { runSkillsEval } from '../../skills/skills-eval-run.ts';
import { executeReport, type ReportFlags } from './report.ts';
import { tempDir } from '../../testing/temp-dir.ts';

const BIN = fileURLToPath(new URL('../../../bin/toolvet.js', import.meta.url));

/** The real CLI as a child process (kept to a few runs: each one starts tsx). */
function cli(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [BIN, 'report', ...args], { env: { ...process.env, GITHUB_ACTIONS: '', GITHUB_STEP_SUMMARY: '' } }, (error, stdout, stderr) => {
      resolve({ code: error ? Number((error as { code?: number }).code ?? 1) : 0, stdout, stderr });
    });
  });
}

/** The command's own code in process, for the cases that need no exit code. */
function report(files: string[], flags: ReportFlags): { result: ToolvetResult; exit: number } {
  let exit = -1;
  const result = executeReport(files, flags, (code) => (exit = code));
  return { result, exit };
}

let dir: string;
let parts: ToolvetResult[];
const file = (name: string): string => join(dir, name);

beforeAll(async () => {
  ({ parts } = await everyResult());
  dir = tempDir('toolvet-report-cli-');
  writeFileSync(file('eval.json'), JSON.stringify(parts[0]));
  writeFileSync(file('diff.json'), JSON.stringify(parts[1]));
}, 120_000);

afterEach(() => {
  delete process.env.GITHUB_STEP_SUMMARY;
});

describe('toolvet report (CLI)', () => {
  it('re-renders a saved result as Markdown on stdout', async () => {
    const { code, stdout } = await cli([file('eval.json'), '--format', 'markdown']);
    expect(code).toBe(0);
    expect(stdout.startsWith('### ✅ Toolvet PASS · eval · 73 cases')).toBe(true);
  }, 60_000);

  it('exits 1 from a failing verdict with --gate, and says why on stderr even when the report goes to a file', async () => {
    const run = await cli([file('diff.json'), '--format', 'json', '--out', file('gate.json'), '--gate']);
    expect(run.code).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain('toolvet report --gate: FAIL (exit 1): ');
    for (const reason of parts[1].verdict.reasons) expect(run.stderr).toContain(reason);
  }, 60_000);

  it('an empty skills run is not a pass: report --gate exits 1 and names it', async () => {
    const empty = tempDir('toolvet-no-skills-');
    const result = await runSkillsEval({ roots: [{ dir: empty, scope: 'project', explicit: true }], model: createMockModel(), behaviour: false, repeat: 1 });
    writeFileSync(file('no-skills.json'), JSON.stringify(result));
    const { exit } = report([file('no-skills.json')], { format: ['json'], out: file('no-skills-out.json'), gate: true });
    expect(result.verdict.status).not.toBe('pass');
    expect(exit).not.toBe(0);
    expect(result.verdict.reasons.join()).toMatch(/no skills/);
  });

  it('--merge counts shard files only and says on stderr which other files it skipped', async () => {
    const shards = join(dir, 'merge-skip');
    mkdirSync(shards);
    writeFileSync(join(shards, 'toolvet.shard-1-of-1.json'), JSON.stringify(parts[0]));
    writeFileSync(join(shards, 'toolvet.json'), JSON.stringify(parts[0]));
    const run = await cli(['--merge', shards, '--format', 'json', '--out', join(shards, 'out.txt')]);
    expect(run.code).toBe(0);
    expect(run.stderr).toContain(`warning W_MERGE_SKIPPED: skipped ${join(shards, 'toolvet.json')}: not a shard file`);
    const merged = JSON.parse(readFileSync(join(shards, 'out.txt'), 'utf8')) as ToolvetResult;
    expect(merged.summary!.cases).toBe(parts[0].summary!.cases);
    expect(merged.warnings.map((w) => w.code)).toContain('W_MERGE_SKIPPED');
  }, 60_000);

  it('exits 3 for a result of another schema version, naming the file and the path', async () => {
    writeFileSync(file('old.json'), JSON.stringify({ ...parts[0], schemaVersion: '0.1' }));
    const old = await cli([file('old.json'), '--format', 'markdown']);
    expect(old.code).toBe(3);
    expect(old.stderr).toContain('E_FILE_INVALID');
    expect(old.stderr).toContain('old.json at $.schemaVersion');
  }, 60_000);
});

describe('toolvet report (command code)', () => {
  it('writes several formats into --out-dir, merging several files', () => {
    const out = file('out');
    const { exit } = report([file('eval.json'), file('diff.json')], { format: ['json,junit', 'html'], outDir: out });
    expect(exit).toBe(0);
    for (const name of ['toolvet.json', 'toolvet.xml', 'toolvet.html']) expect(existsSync(join(out, name)), name).toBe(true);
    const merged = JSON.parse(readFileSync(join(out, 'toolvet.json'), 'utf8')) as ToolvetResult;
    expect(merged.summary?.cases).toBe(73);
    expect(merged.diff?.ab.length).toBe(1);
    expect(new XMLParser().parse(readFileSync(join(out, 'toolvet.xml'), 'utf8')).testsuites).toBeDefined();
  });

  it('merges a folder of shard results with --merge', () => {
    const shards = file('shards');
    mkdirSync(shards);
    const half = (sets: string[]): ToolvetResult => ({ ...parts[0], suites: parts[0].suites!.filter((s) => sets.includes(s.suite)), cases: parts[0].cases!.filter((c) => sets.includes(c.suite)) });
    writeFileSync(join(shards, 'toolvet.shard-1-of-2.json'), JSON.stringify(half(['refman'])));
    writeFileSync(join(shards, 'toolvet.shard-2-of-2.json'), JSON.stringify(half(['notebook', 'echo'])));
    report([], { merge: shards, format: ['json'], out: file('merged.json') });
    expect((JSON.parse(readFileSync(file('merged.json'), 'utf8')) as ToolvetResult).summary).toEqual(parts[0].summary);
  });

  it('the github format writes annotations and fills $GITHUB_STEP_SUMMARY', () => {
    process.env.GITHUB_STEP_SUMMARY = file('summary.md');
    report([file('diff.json')], { format: ['github'], out: file('annotations.txt') });
    expect(readFileSync(file('annotations.txt'), 'utf8')).toMatch(/^::error title=toolvet diff%3A FAIL::/);
    expect(readFileSync(file('summary.md'), 'utf8')).toContain('#### Flipped queries');
  });

  it('shows the change against --previous', () => {
    writeFileSync(file('previous.json'), JSON.stringify({ ...parts[0], suites: parts[0].suites!.map((s) => ({ ...s, summary: { ...s.summary, accuracy: 0.5 } })) }));
    report([file('eval.json')], { format: ['markdown'], out: file('with-previous.md'), previous: file('previous.json') });
    expect(readFileSync(file('with-previous.md'), 'utf8')).toMatch(/\| echo \| 6 \| 6 \| 0 \| 100\.0% \| \+50\.0 pp \(was 50\.0%\) \|/);
  });

  it('refuses unknown formats, no input, and --out with several formats', () => {
    expect(() => report([file('eval.json')], { format: ['pdf'] })).toThrow(/unknown report format "pdf"/);
    expect(() => report([], { format: ['json'] })).toThrow(ToolvetError);
    expect(() => report([file('eval.json')], { format: ['json,html'], out: file('x') })).toThrow(/--out names one file but 2 formats/);
  });
});
