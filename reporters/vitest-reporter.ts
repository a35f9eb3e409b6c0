/**
 * The Toolvet vitest reporter (`toolvet/reporter`): collects the results suites attach with
 * `recordResult(task, result)` (task.meta.toolvet), merges them into one result, and writes the
 * formats asked for. Add it in vitest.config.ts with one line:
 *
 *   reporters: ['default', ['toolvet/reporter', { outputDir: 'toolvet-report', formats: ['json', 'markdown', 'html'] }]]
 *
 * Under `vitest run --shard=i/n` each shard writes `toolvet.shard-i-of-n.<ext>`; merge them with
 * `toolvet report --merge DIR`. The verdict is vitest's: fail when a test that recorded a result
 * failed its assertions, so the report agrees with vitest's exit code.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { isAbsolute, join, relative } from 'node:path';
import { toFile } from '../src/safety/boundary.ts';
import { redactSecrets } from '../src/safety/secrets.ts';
import type { Reporter as VitestReporter, TestCase, TestModule, Vitest } from 'vitest/node';
import type {} from '../src/vitest/index.ts';
import { mergeResults } from '../src/report/merge.ts';
import type { ToolvetResult } from '../src/report/model.ts';
import { reporterFor } from '../src/report/reporters.ts';
import { emitGitHub } from './github.ts';

export interface ToolvetReporterOptions {
  /** Folder for the report files, relative to the vitest root. Default `toolvet-report`, or $TOOLVET_REPORT_DIR. */
  outputDir?: string;
  /** Formats to write (see `toolvet report --help`). Default json, markdown, html, or $TOOLVET_REPORT_FORMATS (comma-separated). */
  formats?: string[];
  /** Annotations and step summary when GITHUB_ACTIONS is set. Default true. */
  github?: boolean;
}

export class ToolvetReporter implements VitestReporter {
  private readonly results: ToolvetResult[] = [];
  private readonly failures: string[] = [];
  private root = process.cwd();
  private shard: { index: number; count: number } | undefined;
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
  }

  onTestCaseResult(testCase: TestCase): void {
    const attached = testCase.meta().toolvet;
    if (!attached?.length) return;
    this.results.push(...attached);
    const result = testCase.result();
    if (result.state === 'failed') {
      const message = result.errors?.[0]?.message?.split('\n')[0] ?? 'failed';
      this.failures.push(`vitest: "${testCase.fullName}" failed: ${message}`);
    }
  }

  onTestRunEnd(_modules: ReadonlyArray<TestModule>): void {
    this.written = [];
    if (this.results.length === 0) return;
    const merged = mergeResults(this.results, { command: 'vitest' });
    // Under vitest the suite's assertions are the gate, so the report agrees with vitest's exit code:
    // it fails exactly when a test that recorded a result failed. A command's own verdict (a default
    // gate such as skills' "any behaviour failed", or an error the test tolerated) becomes a warning;
    // "no gate set" is dropped, since the assertions are the gate.
    for (const own of new Set(this.results.map((r) => r.verdict))) {
      if (own.status !== 'fail' && own.status !== 'error') continue;
      const code = own.status === 'error' ? 'W_COMMAND_ERROR' : 'W_COMMAND_GATE';
      const hint = own.status === 'error' ? 'a recorded run did not finish cleanly, but its test passed; assert on the result to fail it' : "the command's default gate; under vitest the suite's assertions decide";
      for (const reason of own.reasons) if (!merged.warnings.some((w) => w.message === reason)) merged.warnings.push({ code, message: reason, hint });
    }
    merged.verdict = { status: this.failures.length > 0 ? 'fail' : 'pass', reasons: [...this.failures] };
    const dir = isAbsolute(this.outputDir) ? this.outputDir : join(this.root, this.outputDir);
    mkdirSync(dir, { recursive: true });
    const suffix = this.shard ? `.shard-${this.shard.index}-of-${this.shard.count}` : '';
    for (const format of this.formats) {
      const reporter = reporterFor(format);
      const file = join(dir, `toolvet${suffix}.${reporter.id === 'text' || reporter.id === 'github' ? `${reporter.id}.txt` : reporter.extension}`);
      const text = reporter.render(merged);
      // Colours are for terminals: a file gets plain text even when vitest forces colour.
      writeFileSync(file, reporter.id === 'text' ? toFile(text) : redactSecrets(text));
      this.written.push(file);
    }
    process.stdout.write(`toolvet: ${merged.verdict.status.toUpperCase()}, wrote ${this.written.map((f) => relative(this.root, f)).join(', ')}\n`);
    if (this.options.github !== false) emitGitHub(merged);
    this.results.length = 0;
    this.failures.length = 0;
  }
}

/** `toolvetReporter({...})` for configs that prefer an instance to the `['toolvet/reporter', {...}]` form. */
export function toolvetReporter(options: ToolvetReporterOptions = {}): ToolvetReporter {
  return new ToolvetReporter(options);
}

export default ToolvetReporter;
