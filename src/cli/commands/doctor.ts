import type { Command } from 'commander';
import { InvalidArgumentError } from 'commander';
import { EXIT } from '../../errors.ts';
import { REFMAN_DEFAULT_PORT } from '../../doctor/refman.ts';
import { renderCheck, renderSummary } from '../../doctor/render.ts';
import { runDoctor } from '../../doctor/run-doctor.ts';
import { addServerFlags, collect, serverTimeouts, type ServerFlags, sharedOption } from '../flags.ts';
import type { SetExit } from './set-exit.ts';
import { writeJsonFile } from '../output.ts';

interface DoctorFlags extends ServerFlags {
  config?: string;
  server?: string[];
  baseUrl?: string;
  modelName?: string;
  apiKeyEnv?: string;
  modelTimeout?: number;
  skills?: string[];
  refman?: number | true;
  json?: string;
}

function port(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > 65535) throw new InvalidArgumentError('must be a port number from 1 to 65535');
  return n;
}

export function registerDoctor(program: Command, setExit: SetExit): void {
  const command = program
    .command('doctor')
    .description('check the set-up step by step (endpoint, model, tool calling, servers, script paths, skills, reference manager) and say what to do next')
    .addOption(sharedOption('config'))
    .addOption(sharedOption('server'))
    .addOption(sharedOption('base-url'))
    .addOption(sharedOption('model-name'))
    .addOption(sharedOption('api-key-env'))
    .addOption(sharedOption('model-timeout'))
    .option('--skills <dir>', 'skills folder to look in; repeatable', collect)
    .option('--refman [port]', `check the reference manager's local server (default port ${REFMAN_DEFAULT_PORT})`, port)
    .addOption(sharedOption('json'));
  addServerFlags(command).action(async (flags: DoctorFlags) => {
    const report = await runDoctor({
      ...(flags.config ? { config: flags.config } : {}),
      servers: flags.server ?? [],
      ...(flags.baseUrl ? { baseUrl: flags.baseUrl } : {}),
      ...(flags.modelName ? { modelName: flags.modelName } : {}),
      ...(flags.apiKeyEnv ? { apiKeyEnv: flags.apiKeyEnv } : {}),
      ...(flags.modelTimeout ? { modelTimeoutMs: flags.modelTimeout } : {}),
      skills: flags.skills ?? [],
      ...(flags.refman !== undefined ? { refmanPort: flags.refman === true ? REFMAN_DEFAULT_PORT : flags.refman } : {}),
      serverTimeouts: serverTimeouts(flags),
      onCheck: (check) => process.stdout.write(`${renderCheck(check)}\n`),
    });
    process.stdout.write(`${renderSummary(report)}\n`);
    if (flags.json) writeJsonFile(flags.json, report);
    setExit(report.healthy ? EXIT.ok : EXIT.gate);
  });
}
