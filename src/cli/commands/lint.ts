import { Option, type Command } from 'commander';
import Table from 'cli-table3';
import { renderSarif } from '../../../reporters/sarif.ts';
import { EXIT, exitCodeFor, ToolvetError } from '../../errors.ts';
import type { ActiveSeverity } from '../../lint/framework.ts';
import { runLint } from '../../lint/lint-run.ts';
import { withLateOptimisation } from '../../lint/lint-tiering.ts';
import { PROFILES } from '../../lint/profiles.ts';
import { renderLintText } from '../../lint/render-text.ts';
import { TOOL_RULES } from '../../lint/rules/tool/index.ts';
import { PROMPT_RULES, RESOURCE_RULES } from '../../lint/rules/surface/index.ts';
import { VERSION } from '../../version.ts';
import { addServerFlags, serverTimeouts, type ServerFlags, sharedOption } from '../flags.ts';
import type { SetExit } from './set-exit.ts';
import { emit } from '../output.ts';

interface LintFlags extends ServerFlags {
  config?: string;
  server?: string[];
  tools?: string[];
  profile?: string;
  rules?: string;
  format: 'text' | 'json' | 'sarif';
  failOn: ActiveSeverity;
  output?: string;
  listRules?: boolean;
}

function listRules(): string {
  const table = new Table({ head: ['rule', 'default', 'description'], wordWrap: true, colWidths: [30, 9, 70] });
  for (const rule of Object.values(TOOL_RULES)) table.push([rule.id, rule.defaultSeverity, rule.description]);
  // Prompt and resource rules (docs/resources-prompts.md), marked by what they apply to.
  for (const rule of [...Object.values(PROMPT_RULES), ...Object.values(RESOURCE_RULES)]) table.push([rule.id, rule.defaultSeverity, `(${rule.kind}s) ${rule.description}`]);
  return table.toString();
}

export function registerLint(program: Command, setExit: SetExit): void {
  const command = program
    .command('lint')
    .description('lint tool definitions (live servers or tool files) against the tool-schema conventions')
    .addOption(sharedOption('config'))
    .addOption(sharedOption('server'))
    .addOption(sharedOption('tools'))
    .addOption(new Option('--profile <name>', 'severity preset (default recommended)').choices(Object.keys(PROFILES)))
    .option('--rules <file>', 'lint config with per-rule severities and settings (default ./toolvet.lint.json when present)')
    .addOption(new Option('--format <format>', 'output format').choices(['text', 'json', 'sarif']).default('text'))
    .addOption(new Option('--fail-on <severity>', 'exit 1 when a finding at or above this severity exists').choices(['error', 'warn', 'info']).default('error'))
    .option('--output <file>', 'write the output to this file instead of stdout')
    .option('--list-rules', 'print every tool, prompt and resource rule with its default severity and exit');
  addServerFlags(command).action(async (flags: LintFlags) => {
    if (flags.listRules) {
      process.stdout.write(`${listRules()}\n`);
      setExit(EXIT.ok);
      return;
    }
    const result = await withLateOptimisation(() => runLint({
      ...(flags.config ? { config: flags.config } : {}),
      servers: flags.server ?? [],
      toolsFiles: flags.tools ?? [],
      ...(flags.profile ? { profile: flags.profile } : {}),
      ...(flags.rules ? { rulesFile: flags.rules } : {}),
      failOn: flags.failOn,
      timeouts: serverTimeouts(flags),
    }));
    const lint = result.lint;
    if (!lint) throw new ToolvetError('E_INTERNAL', 'lint produced no lint section');
    const text =
      flags.format === 'json'
        ? JSON.stringify(result, null, 2)
        : flags.format === 'sarif'
          ? JSON.stringify(renderSarif(lint, { toolVersion: VERSION }), null, 2)
          : renderLintText(lint);
    emit(text, flags.output);
    for (const error of result.errors) process.stderr.write(`toolvet: ${error.code}: ${error.message}\n`);
    for (const warning of result.warnings.filter((w) => w.code === 'W_LIST_FAILED')) process.stderr.write(`toolvet lint: warning: ${warning.message}${warning.hint ? ` (${warning.hint})` : ''}\n`);
    setExit(exitCodeFor(result.verdict.status));
  });
}
