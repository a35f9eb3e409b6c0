/**
 * For tests: runs a composite action (action.yml) the way the GitHub runner does, as far as our
 * action needs: inputs with their defaults, `${{ }}` in `env`, `with` and `if` (inputs, step
 * outputs, github.token, always(), ==, !=, &&), each `run` in `bash -eo pipefail` with its own
 * $GITHUB_OUTPUT and $GITHUB_STEP_SUMMARY, and later steps skipped after a failure unless their
 * `if` says always(). The two `uses:` actions it calls are stood in for by a folder: upload-artifact
 * copies `path` to STORE/<name>, download-artifact copies every STORE/<pattern> into `path`.
 */
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parse } from 'yaml';

interface Step {
  id?: string;
  name?: string;
  if?: string;
  uses?: string;
  run?: string;
  'working-directory'?: string;
  env?: Record<string, string>;
  with?: Record<string, string>;
}

export interface StepRecord {
  name: string;
  status: 'success' | 'failure' | 'skipped';
  output: string;
}

export interface ActionRun {
  failed: boolean;
  steps: StepRecord[];
  outputs: Record<string, string>;
  /** What every step appended to $GITHUB_STEP_SUMMARY, in order. */
  summary: string;
}

export interface RunOptions {
  actionFile: string;
  workspace: string;
  /** Where the stand-in artifact actions keep artifacts (shared between runs, as one workflow run's are). */
  store: string;
  inputs: Record<string, string>;
  token: string;
  env: Record<string, string>;
}

type Context = { inputs: Record<string, string>; steps: Record<string, Record<string, string>>; token: string };

function value(expr: string, ctx: Context): string {
  const e = expr.trim();
  const literal = /^'(.*)'$/.exec(e);
  if (literal) return literal[1].replace(/''/g, "'");
  const input = /^inputs\.([\w-]+)$/.exec(e);
  if (input) return ctx.inputs[input[1]] ?? '';
  const output = /^steps\.([\w-]+)\.outputs\.([\w-]+)$/.exec(e);
  if (output) return ctx.steps[output[1]]?.[output[2]] ?? '';
  if (e === 'github.token') return ctx.token;
  throw new Error(`the composite runner does not know the expression "${e}"`);
}

const substitute = (text: string, ctx: Context): string => text.replace(/\$\{\{(.+?)\}\}/g, (_m, expr: string) => value(expr, ctx));

/** An `if`: terms joined by &&, each always() or `A == B` / `A != B`; without always() only after success. */
function condition(expr: string | undefined, ctx: Context, failed: boolean): boolean {
  if (!expr) return !failed;
  if (expr.includes('||')) throw new Error(`the composite runner does not evaluate || ("${expr}")`);
  let always = false;
  const ok = expr.split('&&').every((term) => {
    const t = term.trim();
    if (t === 'always()') return (always = true);
    const cmp = /^(.+?)\s*(==|!=)\s*(.+)$/.exec(t);
    if (!cmp) throw new Error(`the composite runner does not evaluate "${t}"`);
    return (value(cmp[1], ctx) === value(cmp[3], ctx)) === (cmp[2] === '==');
  });
  return ok && (always || !failed);
}

function fakeArtifact(step: Step, options: RunOptions): void {
  const w = step.with ?? {};
  if (step.uses!.startsWith('actions/upload-artifact@')) {
    const from = resolve(options.workspace, w.path);
    if (existsSync(from)) cpSync(from, join(options.store, w.name), { recursive: true });
  } else if (step.uses!.startsWith('actions/download-artifact@')) {
    const pattern = new RegExp(`^${w.pattern.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*')}$`);
    mkdirSync(options.store, { recursive: true });
    for (const name of readdirSync(options.store).filter((n) => pattern.test(n))) cpSync(join(options.store, name), resolve(options.workspace, w.path), { recursive: true });
  } else {
    throw new Error(`the composite runner has no stand-in for ${step.uses}`);
  }
}

/** bash as the runner starts it, without blocking this process (a fake API in the test must keep answering). */
function bash(script: string, cwd: string, env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((done, fail) => {
    const child = spawn('bash', ['--noprofile', '--norc', '-eo', 'pipefail', '-c', script], { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 300_000);
    child.once('error', fail);
    child.once('close', (code) => {
      clearTimeout(timer);
      done({ code, output });
    });
  });
}

export async function runComposite(options: RunOptions): Promise<ActionRun> {
  const action = parse(readFileSync(options.actionFile, 'utf8')) as {
    inputs: Record<string, { default?: string }>;
    outputs: Record<string, { value: string }>;
    runs: { steps: Step[] };
  };
  const ctx: Context = { inputs: {}, steps: {}, token: options.token };
  for (const [name, input] of Object.entries(action.inputs)) ctx.inputs[name] = options.inputs[name] ?? substitute(String(input.default ?? ''), ctx);
  const scratch = join(options.store, '..', `runner-${Date.now()}-${Math.random().toString(36).slice(2)}`);
  mkdirSync(scratch, { recursive: true });
  const records: StepRecord[] = [];
  let failed = false;
  let summary = '';
  for (const [at, step] of action.runs.steps.entries()) {
    const name = step.name ?? `step ${at}`;
    if (!condition(step.if, ctx, failed)) {
      records.push({ name, status: 'skipped', output: '' });
      continue;
    }
    if (step.uses) {
      fakeArtifact({ ...step, with: Object.fromEntries(Object.entries(step.with ?? {}).map(([k, v]) => [k, substitute(String(v), ctx)])) }, options);
      records.push({ name, status: 'success', output: '' });
      continue;
    }
    const outputFile = join(scratch, `output-${at}`);
    const summaryFile = join(scratch, `summary-${at}`);
    writeFileSync(outputFile, '');
    writeFileSync(summaryFile, '');
    const env = Object.fromEntries(Object.entries(step.env ?? {}).map(([k, v]) => [k, substitute(String(v), ctx)]));
    const cwd = resolve(options.workspace, substitute(step['working-directory'] ?? '.', ctx));
    const run = await bash(step.run!, cwd, { ...options.env, GITHUB_WORKSPACE: options.workspace, GITHUB_OUTPUT: outputFile, GITHUB_STEP_SUMMARY: summaryFile, ...env });
    const outputs: Record<string, string> = {};
    for (const line of readFileSync(outputFile, 'utf8').split('\n')) {
      const m = /^([\w-]+)=(.*)$/.exec(line);
      if (m) outputs[m[1]] = m[2];
    }
    if (step.id) ctx.steps[step.id] = outputs;
    summary += readFileSync(summaryFile, 'utf8');
    failed ||= run.code !== 0;
    records.push({ name, status: run.code === 0 ? 'success' : 'failure', output: run.output });
  }
  const outputs = Object.fromEntries(Object.entries(action.outputs).map(([k, o]) => [k, substitute(o.value, ctx)]));
  return { failed, steps: records, outputs, summary };
}
