import type { Command } from 'commander';
import { EXIT, ToolvetError } from '../../errors.ts';
import { snapshotServers, unansweredError } from '../../diff/snapshot.ts';
import { addServerFlags, serverTimeouts, type ServerFlags, sharedOption } from '../flags.ts';
import type { SetExit } from './set-exit.ts';

interface SnapshotFlags extends ServerFlags {
  config?: string;
  server?: string[];
  out?: string;
}

export function registerSnapshot(program: Command, setExit: SetExit): void {
  const command = program
    .command('snapshot')
    .description('write one snapshot file per server: tools, resources, resource templates and prompts sorted by key, capabilities, instructions, server name and version, protocol version')
    .addOption(sharedOption('config'))
    .addOption(sharedOption('server'))
    .option('--out <dir>', 'folder to write <server>.json files into');
  addServerFlags(command).action(async (flags: SnapshotFlags) => {
    if (!flags.config || !flags.out) {
      throw new ToolvetError('E_USAGE', 'snapshot needs --config FILE and --out DIR', { hint: 'e.g. toolvet snapshot --config fixtures/hosts/example.json --out snapshots/' });
    }
    const { written, failed } = await snapshotServers({ config: flags.config, servers: flags.server ?? [], outDir: flags.out, timeouts: serverTimeouts(flags) });
    for (const w of written) {
      const more = [w.resources !== undefined ? `${w.resources} resources` : '', w.resourceTemplates ? `${w.resourceTemplates} resource templates` : '', w.prompts !== undefined ? `${w.prompts} prompts` : ''].filter(Boolean);
      process.stdout.write(`${w.server}: ${w.tools} tools${more.length ? `, ${more.join(', ')}` : ''} -> ${w.file}\n`);
      for (const gap of w.gaps ?? []) {
        process.stderr.write(`toolvet snapshot: warning: server "${w.server}" declares what ${gap.list} lists, but ${gap.list} failed (${gap.message}); the snapshot leaves that list out, so a diff against it does not compare it. Start what the server needs for it (a database, a login) and snapshot again.\n`);
      }
    }
    // Partial results are kept: the servers that answered are written, the others named (exit 2).
    if (failed.length > 0) throw unansweredError(failed, written.length);
    setExit(EXIT.ok);
  });
}
