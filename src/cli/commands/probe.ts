import { Option, type Command } from 'commander';
import { exitCodeFor, ToolvetError } from '../../errors.ts';
import { runProbe } from '../../probe/probe-run.ts';
import { renderProbeText } from '../../probe/render-text.ts';
import { addServerFlags, serverTimeouts, type ServerFlags, sharedOption } from '../flags.ts';
import type { SetExit } from './set-exit.ts';
import { emit } from '../output.ts';

interface ProbeFlags extends ServerFlags {
  config?: string;
  server?: string[];
  allowDestructive?: boolean;
  conformance?: boolean;
  expectedFailures?: string;
  format: 'text' | 'json';
  output?: string;
}

export function registerProbe(program: Command, setExit: SetExit): void {
  const command = program
    .command('probe')
    .description('start live servers and check how they really fail: unknown tool, bad arguments, list order, echo sample')
    .addOption(sharedOption('config'))
    .addOption(sharedOption('server'))
    .option('--allow-destructive', 'also call tools not annotated readOnlyHint: true or destructiveHint: false (with bad arguments only)')
    .option('--conformance', 'protocol checks only, by scenario, each run only for what the server declares (tools, resources, prompts, its era and transport)')
    .option('--expected-failures <file>', 'with --conformance: a YAML baseline of checks allowed to fail (server: [scenario, scenario:check-id]); a listed check that passes is stale')
    .addOption(new Option('--format <format>', 'output format').choices(['text', 'json']).default('text'))
    .option('--output <file>', 'write the output to this file instead of stdout');
  addServerFlags(command).action(async (flags: ProbeFlags) => {
    if (!flags.config) {
      throw new ToolvetError('E_USAGE', 'probe needs live servers: --config FILE', { hint: 'e.g. toolvet probe --config fixtures/hosts/example.json' });
    }
    const result = await runProbe({
      config: flags.config,
      servers: flags.server ?? [],
      allowDestructive: flags.allowDestructive ?? false,
      timeouts: serverTimeouts(flags),
      ...(flags.conformance ? { conformance: true } : {}),
      ...(flags.expectedFailures ? { expectedFailures: flags.expectedFailures } : {}),
    });
    if (!result.probe) throw new ToolvetError('E_INTERNAL', 'probe produced no probe section');
    const text = flags.format === 'json' ? JSON.stringify(result, null, 2) : renderProbeText(result.probe);
    emit(text, flags.output);
    for (const error of result.errors) process.stderr.write(`toolvet: ${error.code}: ${error.message}\n`);
    setExit(exitCodeFor(result.verdict.status));
  });
}
