/**
 * The Toolvet vitest reporter (`toolvet/reporter`): collects the results suites attach with
 * `recordResult(task, result)` (task.meta.toolvet), merges them into one result, and writes the
 * formats asked for. Add it in vitest.config.ts with one line:
 *
 *   reporters: ['default', ['toolvet/reporter', { outputDir: 'toolvet-report', formats: ['json', 'markdown', 'html'] }]]
 *
 * Under `vitest run --shard=i/n` each shard writes `toolvet.shard-i-of-n.<ext>`; merge them with
 * `toolvet report --merge DIR`. The verdict is vitest's (vitest-verdict.ts): a failed or thrown test,
 * a test file that failed to load, an unhandled error or an interrupted run is never PASS, and a
 * report is written for it even when no test recorded a result. Everything written passes the CLI's
 * output boundary, with the secrets the workers registered (src/vitest/secrets-bridge.ts).
 */
import { isAbsolute, join, relative } from 'node:path';
import type { Reporter as VitestReporter, SerializedError, TestModule, TestRunEndReason, Vitest } from 'vitest/node';
import type {} from '../src/vitest/index.ts';
import { writeTextFile } from '../src/cli/output.ts';
import { mergeResults } from '../src/report/merge.ts';
import type { ToolvetResult } from '../src/report/model.ts';
import { resultHeader } from '../src/report/result-header.ts';
import { reporterFor } from '../src/report/reporters.ts';
import { installOutputBoundary, rawWrite, toTerminal } from '../src/safety/boundary.ts';
import { markOwnLines } from '../src/safety/github.ts';
import { adoptSecrets, closeSecretsDir, makeSecretsDir, SECRETS_DIR_KEY } from '../src/vitest/secrets-bridge.ts';
import { emitGitHub } from './github.ts';
import { firstLine, vitestVerdict, type VitestOutcome } from './vitest-verdict.ts';

export interface ToolvetReporterOptions {
  /** Folder for the report files, relative to the vitest root. Default `toolvet-report`, or $TOOLVET_REPORT_DIR. */
  outputDir?: string;
  /** Formats to write (see `toolvet report --help`). Default json, markdown, html, or $TOOLVET_REPORT_FORMATS (comma-separated). */
  formats?: string[];
  /** Annotations and step summary when GITHUB_ACTIONS is set. Default true. */
  github?: boolean;
  /**
   * Route everything the vitest process prints (vitest's own reporters included) through Toolvet's
   * output boundary: secrets redacted, control characters visible, workflow commands defused. Default:
   * when stdout is not a terminal (a CI log); a terminal keeps vitest's live display.
   */
  guardOutput?: boolean;
}

/** The verdict of a command a recorded result carries, as a warning: under vitest the assertions decide. */
function commandVerdictWarnings(results: readonly ToolvetResult[], merged: ToolvetResult): void {
  for (const own of new Set(results.map((r) => r.verdict))) {
    if (own.status !== 'fail' && own.status !== 'error') continue;
    const code = own.status === 'error' ? 'W_COMMAND_ERROR' : 'W_COMMAND_GATE';
    const hint = own.status === 'error' ? 'a recorded run did not finish cleanly, but its test passed; assert on the result to fail it' : "the command's default gate; under vitest the suite's assertions decide";
    for (const reason of own.reasons) if (!merged.warnings.some((w) => w.message === reason)) merged.warnings.push({ code, message: reason, hint });
  }
}

/** What vitest says about the run, gathered from its modules for `vitestVerdict`. */
function outcomeOf(modules: ReadonlyArray<TestModule>, unhandled: ReadonlyArray<SerializedError>, reason: TestRunEndReason, root: string): VitestOutcome {
  const failedTests: Array<{ name: string; message: string }> = [];
  const failedModules: Array<{ file: string; message: string }> = [];
  for (const module of modules) {
    const file = relative(root, module.moduleId) || module.moduleId;
    for (const error of [...module.errors(), ...[...module.children.allSuites()].flatMap((s) => s.errors())]) {
      failedModules.push({ file, message: errorLine(error) });
    }
    for (const test of module.children.allTests('failed')) {
      const result = test.result();
      const error = result.state === 'failed' ? result.errors[0] : undefined;
      failedTests.push({ name: test.fullName, message: errorLine(error) });
    }
  }
  return { failedTests, failedModules, unhandledErrors: unhandled.map(errorLine), reason };
}

/** An error's first line, after its code when it has one (a ToolvetError's E_...). */
function errorLine(error: SerializedError | undefined): string {
  const line = firstLine(error?.message, error?.name ?? 'failed');
  const code = (error as { code?: unknown } | undefined)?.code;
  return typeof code === 'string' && /^E_[A-Z_]+$/.test(code) && !line.startsWith(code) ? `${code}: ${line}` : line;
}

export class ToolvetReporter implements VitestReporter {
  private root = process.cwd();
  private shard: { index: number; count: number } | undefined;
  private startedAt = new Date().toISOString();
  private secretsDir: string | undefined;
  private vitest: Vitest | undefined;
  readonly outputDir: string;
  readonly formats: string[];
  /** Files written by the last run (absolute paths). */
  written: string[] = [];

  constructor(private readonly options: ToolvetReporterOptions = {}) {
    this.outputDir = options.outputDir ?? process.env.TOOLVET_REPORT_DIR ?? 'toolvet-report';
    this.formats = options.formats ?? (process.env.TOOLVET_REPORT_FORMATS ?? 'json,markdown,html').split(',').map((f) => f.trim()).filter(Boolean);
    for (const format of this.formats) reporterFor(format); // unknown names fail at start-up, not after the run
  }

  onInit(vitest: Vitest): void {
    this.root = vitest.config.root;
    this.shard = vitest.config.shard;
    if (this.options.guardOutput ?? !process.stdout.isTTY) installOutputBoundary();
    this.vitest = vitest;
    this.openSecretsDir();
  }

  onTestRunStart(): void {
    this.startedAt = new Date().toISOString();
    // Each run of watch mode gets its own folder: the last one was removed when its run ended.
    if (!this.secretsDir) this.openSecretsDir();
  }

  private openSecretsDir(): void {
    this.secretsDir = makeSecretsDir();
    this.vitest?.provide(SECRETS_DIR_KEY, this.secretsDir);
  }

  // Secrets are read as tests finish, so they are known before vitest's own reporters print failures.
  onTestCaseResult(): void {
    if (this.secretsDir) adoptSecrets(this.secretsDir);
  }

  onTestModuleEnd(): void {
    if (this.secretsDir) adoptSecrets(this.secretsDir);
  }

  onTestRunEnd(modules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<SerializedError> = [], reason: TestRunEndReason = 'passed'): void {
    if (this.secretsDir) closeSecretsDir(this.secretsDir);
    this.secretsDir = undefined;
    this.written = [];
    const results = modules.flatMap((m) => [...m.children.allTests()].flatMap((t) => t.meta().toolvet ?? []));
    const verdict = vitestVerdict(outcomeOf(modules, unhandledErrors, reason, this.root));
    // Nothing recorded and nothing failed: a run of other tests, no report to write; unless this is a
    // shard (one left with no test file), whose result `report --merge` would otherwise call missing.
    if (results.length === 0 && verdict.status === 'pass' && !this.shard) return;
    const merged: ToolvetResult =
      results.length > 0 ? mergeResults(results, { command: 'vitest' }) : { ...resultHeader('vitest', this.startedAt), complete: true, verdict, warnings: [], errors: [] };
    commandVerdictWarnings(results, merged);
    merged.verdict = verdict;
    if (reason === 'interrupted') merged.complete = false;
    const dir = isAbsolute(this.outputDir) ? this.outputDir : join(this.root, this.outputDir);
    const suffix = this.shard ? `.shard-${this.shard.index}-of-${this.shard.count}` : '';
    for (const format of this.formats) {
      const reporter = reporterFor(format);
      const file = join(dir, `toolvet${suffix}.${reporter.id === 'text' || reporter.id === 'github' ? `${reporter.id}.txt` : reporter.extension}`);
      writeTextFile(file, reporter.render(merged));
      this.written.push(file);
    }
    print(`toolvet: ${merged.verdict.status.toUpperCase()}, wrote ${this.written.map((f) => relative(this.root, f)).join(', ')}\n`);
    if (this.options.github !== false) emitGitHub(merged, process.env, (text) => print(markOwnLines(text)));
  }
}

/** Through the boundary once: the unguarded write when the boundary is installed, else after toTerminal. */
function print(text: string): void {
  if (rawWrite.stdout) rawWrite.stdout(toTerminal(text));
  else process.stdout.write(toTerminal(text));
}

/** `toolvetReporter({...})` for configs that prefer an instance to the `['toolvet/reporter', {...}]` form. */
export function toolvetReporter(options: ToolvetReporterOptions = {}): ToolvetReporter {
  return new ToolvetReporter(options);
}

export default ToolvetReporter;
