/**
 * Bad input files (fixtures/bad-inputs/): each gives exit 3, a coded error, the file's name and where in
 * it the problem is (a JSON path, or a line for syntax errors), and what to do next; never a stack trace.
 * The table runs the CLI's own entry point (`main(argv)`, what bin/toolvet.js calls) in this process, to
 * stay fast; three rows also run as real child processes to pin the launcher's exit code.
 */
import { copyFileSync, existsSync, mkdtempSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../cli/main.ts';
import { ToolvetError } from '../errors.ts';
import { discoverSkills } from '../skills/discover.ts';
import { requireUsableSkill } from '../skills/skill-file.ts';
import { fixture, runCli } from './cli.ts';

const bad = (file: string): string => fixture(`bad-inputs/${file}`);
const ECHO_TOOLS = fixture('tools/echo.json');
const ECHO_QUERIES = fixture('queries/echo.yaml');

const asConfig = (f: string) => ['eval', '--config', f, '--queries', ECHO_QUERIES];
const asTools = (f: string) => ['eval', '--tools', f, '--queries', ECHO_QUERIES];
const asQueries = (f: string) => ['eval', '--tools', ECHO_TOOLS, '--queries', f];
const asBaseline = (f: string) => ['diff', ECHO_TOOLS, ECHO_TOOLS, '--baseline', f];
const asSkills = (f: string) => ['skills', 'eval', f];

let tmp = '';
beforeAll(() => {
  tmp = mkdtempSync(path.join(os.tmpdir(), 'toolvet-bad-inputs-'));
});
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

interface Row {
  file: string;
  argv: (file: string) => string[];
  code: string;
  /** Where the error points: a JSON path or a line. */
  where: string | RegExp;
}

// prettier-ignore
const ROWS: Row[] = [
  // host configurations
  { file: 'hosts/empty.json', argv: asConfig, code: 'E_FILE_PARSE', where: 'is empty' },
  { file: 'hosts/invalid-json.json', argv: asConfig, code: 'E_FILE_PARSE', where: /\(line 1\)/ },
  { file: 'hosts/wrong-type-command.json', argv: asConfig, code: 'E_FILE_INVALID', where: '$.mcpServers.echo.command' },
  { file: 'hosts/wrong-type-args.json', argv: asConfig, code: 'E_FILE_INVALID', where: '$.mcpServers.echo.args' },
  { file: 'hosts/wrong-type-env.json', argv: asConfig, code: 'E_FILE_INVALID', where: '$.mcpServers.echo.env.DEBUG' },
  { file: 'hosts/unknown-key.json', argv: asConfig, code: 'E_FILE_INVALID', where: '$.mcpServers.echo' },
  { file: 'hosts/no-servers.json', argv: asConfig, code: 'E_FILE_INVALID', where: '$.mcpServers' },
  { file: 'hosts/utf16.json', argv: asConfig, code: 'E_FILE_PARSE', where: 'UTF-16' },
  { file: 'hosts/binary.json', argv: asConfig, code: 'E_FILE_PARSE', where: 'binary' },
  { file: 'hosts/folder.json', argv: asConfig, code: 'E_FILE_UNREADABLE', where: 'is a folder' },
  { file: 'hosts/missing.json', argv: asConfig, code: 'E_FILE_MISSING', where: 'does not exist' },
  // query sets
  { file: 'queries/empty.yaml', argv: asQueries, code: 'E_FILE_PARSE', where: 'is empty' },
  { file: 'queries/invalid-yaml.yaml', argv: asQueries, code: 'E_FILE_PARSE', where: /line \d+, column \d+/ },
  { file: 'queries/invalid-json.json', argv: asQueries, code: 'E_FILE_PARSE', where: /\(line 1\)/ },
  { file: 'queries/duplicate-ids.yaml', argv: asQueries, code: 'E_FILE_INVALID', where: '$.cases[1].id' },
  { file: 'queries/duplicate-keys.yaml', argv: asQueries, code: 'E_FILE_PARSE', where: /line 4/ },
  { file: 'queries/unknown-key.yaml', argv: asQueries, code: 'E_FILE_INVALID', where: '$.cases[0]' },
  { file: 'queries/wrong-type-cases.yaml', argv: asQueries, code: 'E_FILE_INVALID', where: '$.cases' },
  { file: 'queries/wrong-type-tool.yaml', argv: asQueries, code: 'E_FILE_INVALID', where: '$.cases[0].expect.tool' },
  { file: 'queries/no-cases.yaml', argv: asQueries, code: 'E_FILE_INVALID', where: '$.cases' },
  { file: 'queries/empty-any-of.yaml', argv: asQueries, code: 'E_FILE_INVALID', where: '$.cases[0].expect.args.text' },
  { file: 'queries/unknown-tool.yaml', argv: asQueries, code: 'E_UNKNOWN_TOOL', where: '$.cases[0]' },
  { file: 'queries/latin1.yaml', argv: asQueries, code: 'E_FILE_PARSE', where: 'UTF-8' },
  // tool files
  { file: 'tools/invalid-json.json', argv: asTools, code: 'E_FILE_PARSE', where: /line \d/ },
  { file: 'tools/wrong-type-schema.json', argv: asTools, code: 'E_FILE_INVALID', where: '$[0].inputSchema' },
  { file: 'tools/unknown-key.json', argv: asTools, code: 'E_FILE_INVALID', where: /\$\[0\]/ },
  { file: 'tools/duplicate-names.json', argv: asTools, code: 'E_FILE_INVALID', where: '$[1].name' },
  { file: 'tools/missing-name.json', argv: asTools, code: 'E_FILE_INVALID', where: '$[0].name' },
  { file: 'tools/not-a-list.json', argv: asTools, code: 'E_FILE_INVALID', where: '$.tools' },
  // snapshots
  { file: 'snapshots/wrong-version-type.json', argv: asTools, code: 'E_FILE_INVALID', where: '$.toolvetSnapshot' },
  { file: 'snapshots/unknown-key.json', argv: asTools, code: 'E_FILE_INVALID', where: '$.servers' },
  { file: 'snapshots/truncated.json', argv: asTools, code: 'E_FILE_PARSE', where: /line \d/ },
  // baselines
  { file: 'baselines/invalid-json.json', argv: asBaseline, code: 'E_FILE_PARSE', where: /line 1/ },
  { file: 'baselines/unknown-key.json', argv: asBaseline, code: 'E_FILE_INVALID', where: '$.accepted[0].owner' },
  { file: 'baselines/wrong-type.json', argv: asBaseline, code: 'E_FILE_INVALID', where: '$.accepted' },
  { file: 'baselines/bad-date.json', argv: asBaseline, code: 'E_FILE_INVALID', where: '$.accepted[0].expires' },
  // evals.json beside a SKILL.md
  { file: 'skills/bad-evals-json', argv: asSkills, code: 'E_FILE_PARSE', where: /evals\.json is not valid JSON/ },
  { file: 'skills/evals-unknown-dialect', argv: asSkills, code: 'E_FILE_INVALID', where: '$' },
  { file: 'skills/evals-duplicate-ids', argv: asSkills, code: 'E_FILE_INVALID', where: '$.evals[1]' },
  { file: 'skills/evals-wrong-type', argv: asSkills, code: 'E_FILE_INVALID', where: '$.evals[0].expected_behavior' },
];

/** Runs `main(argv)` and returns its exit code and what it printed. */
async function inProcess(argv: string[]): Promise<{ code: number; out: string }> {
  let out = '';
  const write = (chunk: string | Uint8Array): boolean => {
    out += chunk.toString();
    return true;
  };
  const saved = [process.stdout.write, process.stderr.write];
  process.stdout.write = write as typeof process.stdout.write;
  process.stderr.write = write as typeof process.stderr.write;
  try {
    return { code: await main(argv), out };
  } finally {
    [process.stdout.write, process.stderr.write] = saved;
  }
}

function expectNamed(out: string, row: { code: string; where: string | RegExp }, file: string): void {
  expect(out).toContain(`toolvet: ${row.code}`);
  expect(out).toContain(file);
  if (typeof row.where === 'string') expect(out).toContain(row.where);
  else expect(out).toMatch(row.where);
  expect(out).toMatch(/\n {2}next: \S/);
  expect(out).not.toMatch(/\n\s+at .*\.(ts|js):\d+/);
}

describe('bad input files', () => {
  it('the catalogue holds at least 30 kinds', () => {
    expect(ROWS.length + 3).toBeGreaterThanOrEqual(30);
  });

  it.each(ROWS)('$file: exit 3, $code, names the file and where', async (row) => {
    const file = bad(row.file);
    const { code, out } = await inProcess(row.argv(file));
    expect(code, out).toBe(3);
    expectNamed(out, row, file);
  });

  it('a huge file (over 20 MB) is refused before parsing', async () => {
    const file = path.join(tmp, 'huge.json');
    writeFileSync(file, '');
    truncateSync(file, 21 * 1024 * 1024);
    const { code, out } = await inProcess(asTools(file));
    expect(code).toBe(3);
    expectNamed(out, { code: 'E_FILE_UNREADABLE', where: 'over the 20 MB limit' }, file);
  });

  it('a results file with a corrupt line in the middle: --resume names the line', async () => {
    const file = path.join(tmp, 'corrupt-middle.jsonl');
    copyFileSync(bad('results/corrupt-middle.jsonl'), file);
    const { code, out } = await inProcess([...asQueries(ECHO_QUERIES), '--resume', file]);
    expect(code).toBe(3);
    expectNamed(out, { code: 'E_FILE_PARSE', where: 'line 3' }, file);
  });

  it('--resume with a different --results file is refused, naming both: the new cases would go to the resumed file', async () => {
    const file = path.join(tmp, 'earlier.jsonl');
    copyFileSync(bad('results/corrupt-middle.jsonl'), file);
    const { code, out } = await inProcess([...asQueries(ECHO_QUERIES), '--resume', file, '--results', path.join(tmp, 'other.jsonl')]);
    expect(code).toBe(3);
    expect(out).toContain('E_USAGE');
    expect(out).toContain(`--resume ${file} appends the new cases to ${file} itself`);
    expect(out).toContain('other.jsonl would never be written');
    expect(existsSync(path.join(tmp, 'other.jsonl'))).toBe(false);
  });

  it.each([
    ['skills/bad-front-matter', /\(line \d\): front matter YAML/],
    ['skills/name-escape', /\(line 2\): `name` is missing or not lowercase/],
    ['skills/wrong-type-description', /\(line 3\): `description` is missing/],
  ])('%s: SKILL.md a host would skip is E_FILE_INVALID naming the file and line', (folder, message) => {
    const [skill] = discoverSkills([{ dir: bad(folder), scope: 'project', explicit: true }]).skills;
    const error = (() => {
      try {
        requireUsableSkill(skill);
      } catch (e) {
        return e;
      }
    })() as ToolvetError;
    expect(error).toBeInstanceOf(ToolvetError);
    expect(error.code).toBe('E_FILE_INVALID');
    expect(error.exitCode).toBe(3);
    expect(error.file).toBe(path.join(bad(folder), 'SKILL.md'));
    expect(error.message).toMatch(message);
    expect(error.hint).toContain('skills lint');
  });

  it.each([
    ['hosts/wrong-type-command.json', asConfig, 'E_FILE_INVALID', '$.mcpServers.echo.command'],
    ['queries/duplicate-ids.yaml', asQueries, 'E_FILE_INVALID', '$.cases[1].id'],
    ['baselines/unknown-key.json', asBaseline, 'E_FILE_INVALID', '$.accepted[0].owner'],
  ] as const)('as a child process, %s exits 3', async (name, argv, code, where) => {
    const file = bad(name);
    const run = await runCli(argv(file));
    expect(run.code).toBe(3);
    expectNamed(run.stderr, { code, where }, file);
  });
});
