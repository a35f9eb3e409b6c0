/**
 * The GitHub Action at the repository root (action.yml) cannot drift from the CLI: every command it
 * runs exists, every flag it passes is in that command's --help, every format it names is one
 * `report` knows, and every input, step output and action it refers to is declared or pinned.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { workflow } from '../init/templates.ts';
import { describe, expect, it } from 'vitest';
import { BIN, ROOT } from '../cli/testing.ts';

interface Step {
  id?: string;
  name?: string;
  if?: string;
  uses?: string;
  run?: string;
  shell?: string;
  env?: Record<string, string>;
  with?: Record<string, string>;
}
interface Action {
  name: string;
  description: string;
  inputs: Record<string, { description: string; default?: string; required?: boolean }>;
  outputs: Record<string, { description: string; value: string }>;
  runs: { using: string; steps: Step[] };
}

const action = parse(readFileSync(join(ROOT, 'action.yml'), 'utf8')) as Action;
const steps = action.runs.steps;

const helps = new Map<string, string>();
/** `--help` of a toolvet command ('' for the top level) or of `vitest run`, as a user's machine prints it. */
function help(command: string): string {
  if (!helps.has(command)) {
    const [file, args] = command === 'vitest run' ? [join(ROOT, 'node_modules', 'vitest', 'vitest.mjs'), ['run', '--help']] : [BIN, [...(command ? [command] : []), '--help']];
    const run = spawnSync(process.execPath, [file, ...args], { encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
    expect(run.status, `${command} --help: ${run.stderr}`).toBe(0);
    helps.set(command, run.stdout);
  }
  return helps.get(command)!;
}

/** A step's script, lines joined at `\` continuations. */
const lines = (run: string): string[] => run.replace(/\\\n\s*/g, ' ').split('\n');
const flagsIn = (text: string): string[] => [...text.matchAll(/(?<![\w-])--[a-zA-Z][\w-]*/g)].map((m) => m[0]);

/** What a line runs: `toolvet <command>` (top level when it starts with a flag) or `vitest run`. */
function invoked(line: string): { command: string; rest: string } | undefined {
  const toolvet = /\bnpx (?:--no )?toolvet(?: ([a-z][\w-]*))?(.*)$/.exec(line);
  if (toolvet) return { command: toolvet[1] ?? '', rest: toolvet[2] };
  const vitest = /\bnpx vitest run(.*)$/.exec(line);
  return vitest ? { command: 'vitest run', rest: vitest[1] } : undefined;
}

describe('action.yml', () => {
  it('is a composite action whose every input and output is described', () => {
    expect(action.runs.using).toBe('composite');
    expect(Object.keys(action.inputs).sort()).toEqual(['artifact-name', 'comment', 'gate', 'github-token', 'merge', 'report-dir', 'shard', 'vitest-args', 'working-directory']);
    for (const [name, input] of [...Object.entries(action.inputs), ...Object.entries(action.outputs)]) expect(input.description.length, name).toBeGreaterThan(20);
  });

  it('runs only commands and flags the CLI (and vitest) have', () => {
    const runs = steps.filter((s) => s.run);
    const seen = new Set<string>();
    for (const step of runs) {
      const called = new Set<string>();
      for (const line of lines(step.run!)) {
        const call = invoked(line);
        if (!call) continue;
        called.add(call.command);
        seen.add(call.command);
        if (call.command !== 'vitest run' && call.command !== '') expect(help(''), `${step.name}: toolvet has no command "${call.command}"`).toMatch(new RegExp(`^\\s+${call.command}\\b`, 'm'));
        for (const flag of flagsIn(call.rest)) expect(help(call.command), `${step.name}: \`${call.command || 'toolvet'}\` has no ${flag}`).toMatch(new RegExp(`${flag}\\b`));
        for (const m of call.rest.matchAll(/--format ([\w,]+)/g)) {
          for (const format of m[1].split(',')) expect(help('report'), `${step.name}: report has no format "${format}"`).toMatch(new RegExp(`\\b${format}\\b`));
        }
      }
      // Flags built outside the command line (vitest's --shard from the input) belong to a command this step runs.
      for (const flag of flagsIn(step.run!.replace(/npx --no /g, 'npx '))) {
        expect([...called].some((c) => new RegExp(`${flag}\\b`).test(help(c))), `${step.name}: ${flag} belongs to none of ${[...called].join(', ')}`).toBe(true);
      }
    }
    // The action's whole job, in the CLI's words.
    expect([...seen].sort()).toEqual(['', 'report', 'vitest run']);
    const script = runs.map((s) => s.run).join('\n');
    for (const piece of ['--merge', '--pr-comment', '--gate', '--shard', '--out-dir']) expect(script).toContain(piece);
  });

  it('refers only to declared inputs and to outputs of earlier steps; pins the actions it uses', () => {
    const text = readFileSync(join(ROOT, 'action.yml'), 'utf8');
    for (const m of text.matchAll(/inputs\.([\w-]+)/g)) expect(Object.keys(action.inputs), `inputs.${m[1]}`).toContain(m[1]);
    steps.forEach((step, at) => {
      for (const m of JSON.stringify(step).matchAll(/steps\.([\w-]+)\.outputs\.([\w-]+)/g)) {
        const producer = steps.findIndex((s) => s.id === m[1]);
        expect(producer, `${step.name} reads steps.${m[1]}, which is not an earlier step`).toBeGreaterThanOrEqual(0);
        expect(producer).toBeLessThan(at);
        expect(steps[producer].run, `steps.${m[1]} never writes ${m[2]}`).toMatch(new RegExp(`echo "${m[2]}=`));
      }
      if (step.uses) expect(step.uses).toMatch(/^actions\/(upload|download)-artifact@v4$/);
      else expect(step.shell, step.name).toBe('bash');
    });
    for (const [name, output] of Object.entries(action.outputs)) {
      const m = /^\$\{\{ steps\.([\w-]+)\.outputs\.([\w-]+) \}\}$/.exec(output.value);
      expect(m, `output ${name}`).not.toBeNull();
      expect(steps.find((s) => s.id === m![1])?.run, `output ${name}`).toMatch(new RegExp(`echo "${m![2]}=`));
    }
    // Inputs reach scripts through env, never pasted into the script (no injection through an input's value).
    for (const step of steps.filter((s) => s.run)) expect(step.run, step.name).not.toContain('${{');
  });

  it('docs/github-action.md documents exactly its inputs, with their defaults', () => {
    const page = readFileSync(join(ROOT, 'docs', 'github-action.md'), 'utf8');
    // The inputs table: the only rows whose first cell is one backticked word.
    const documented = new Map([...page.matchAll(/^\| `([\w-]+)` \| ([^|]+) \|/gm)].map((m) => [m[1], m[2].trim()]));
    expect([...documented.keys()].sort()).toEqual(Object.keys(action.inputs).sort());
    for (const [name, { default: value = '' }] of Object.entries(action.inputs)) {
      expect(documented.get(name), name).toBe(value === '' ? '(empty)' : `\`${/^(true|false)$/.test(value) ? `'${value}'` : value}\``);
    }
  });

  it('names the same shard artifacts it uploads and downloads, and the report files `report --out-dir` writes', () => {
    const upload = steps.find((s) => s.uses?.startsWith('actions/upload-artifact') && s.with?.name.startsWith('toolvet-shard-'));
    const download = steps.find((s) => s.uses?.startsWith('actions/download-artifact'));
    expect(upload?.with?.name).toBe('toolvet-shard-${{ steps.vitest.outputs.index }}');
    expect(download?.with?.pattern).toBe('toolvet-shard-*');
    const script = steps.map((s) => s.run ?? '').join('\n');
    for (const file of ['toolvet.md', 'toolvet.json']) expect(script).toContain(file);
  });
});

describe("init's generated workflow", () => {
  it.each([1, 3, 9])('with %d test file(s) runs only commands and flags the CLI (and vitest) have, and comments once', (files) => {
    const flow = parse(workflow(files)) as { permissions: Record<string, string>; jobs: Record<string, { steps: Array<{ run?: string; env?: Record<string, string> }> }> };
    const runs = Object.values(flow.jobs).flatMap((job) => job.steps).filter((s) => s.run);
    for (const step of runs) {
      for (const line of lines(step.run!)) {
        const call = invoked(line);
        if (!call) continue;
        if (call.command !== 'vitest run' && call.command !== '') expect(help(''), `toolvet has no command "${call.command}"`).toMatch(new RegExp(`^\\s+${call.command}\\b`, 'm'));
        for (const flag of flagsIn(call.rest)) expect(help(call.command), `\`${call.command || 'toolvet'}\` has no ${flag}`).toMatch(new RegExp(`${flag}\\b`));
      }
    }
    const comment = runs.filter((s) => s.run!.includes('--pr-comment'));
    expect(comment).toHaveLength(1);
    expect(comment[0]!.env).toEqual({ GITHUB_TOKEN: '${{ github.token }}' });
    expect(flow.permissions['pull-requests']).toBe('write');
  });
});
