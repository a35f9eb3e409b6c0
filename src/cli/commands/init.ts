import type { Command } from 'commander';
import { EXIT, ToolvetError } from '../../errors.ts';
import type { ModelDriver } from '../../types.ts';
import { runInit } from '../../init/init-run.ts';
import { addServerFlags, serverTimeouts, type ServerFlags, sharedOption } from '../flags.ts';
import type { SetExit } from './set-exit.ts';

interface InitFlags extends ServerFlags {
  config?: string;
  server?: string[];
  force?: boolean;
  baseUrl?: string;
  modelName?: string;
  apiKeyEnv?: string;
}

export function registerInit(program: Command, setExit: SetExit): void {
  const command = program
    .command('init')
    .description('set up Toolvet in this project: draft query sets from your servers, a vitest suite, vitest.config.ts and a GitHub Actions workflow')
    .addOption(sharedOption('config'))
    .addOption(sharedOption('server'))
    .option('--force', 'overwrite files that exist (default: keep them)')
    .addOption(sharedOption('base-url'))
    .addOption(sharedOption('model-name'))
    .addOption(sharedOption('api-key-env'));
  addServerFlags(command).action(async (flags: InitFlags) => {
    let model: ModelDriver | undefined;
    if (flags.baseUrl) {
      // Loaded only when asked for: init without a model needs no model driver.
      const { createModel } = await import('../../models/index.ts');
      if (!flags.modelName) throw new ToolvetError('E_USAGE', '--base-url needs --model-name', { hint: 'name a model the endpoint serves, e.g. --model-name qwen3:8b' });
      model = createModel({ kind: 'openai', baseUrl: flags.baseUrl, modelName: flags.modelName, ...(flags.apiKeyEnv ? { apiKeyEnv: flags.apiKeyEnv } : {}) });
    }
    const result = await runInit({
      ...(flags.config ? { config: flags.config } : {}),
      servers: flags.server ?? [],
      force: flags.force ?? false,
      ...(model ? { model } : {}),
      timeouts: serverTimeouts(flags),
    });
    const out: string[] = [`toolvet init: servers from ${result.config}`];
    for (const s of result.servers) {
      if (s.error) {
        out.push(`  ${s.name}: skipped (${s.error})`);
        continue;
      }
      const c = s.counts;
      const proposed = s.proposals ? `; the model proposed ${s.proposals.proposed}, ${s.proposals.kept} kept, ${s.proposals.dropped.length} dropped` : '';
      out.push(`  ${s.name}: ${s.tools} tool(s), ${s.cases} draft case(s): ${c.positive} positive, ${c.nearMiss} near miss, ${c.noTool} no-tool${s.proposals ? `, ${c.proposed} proposed` : ''}${proposed}`);
      for (const note of s.notes) out.push(`    ${note}`);
      out.push(
        s.baseline
          ? `    gate.minAccuracy ${s.baseline.minAccuracy}: the mock model's accuracy on the drafts (${s.baseline.passed}/${s.baseline.cases}); a drop below fails, tighten it after review`
          : '    no gate: the baseline run errored; add gate: {minAccuracy: ...} to the query set once it runs',
      );
      for (const d of s.proposals?.dropped ?? []) out.push(`    dropped ${JSON.stringify(d.query)} for ${d.tool}: ${d.reason}`);
    }
    for (const f of result.written) out.push(`  wrote ${f}`);
    for (const f of result.kept) out.push(`  kept ${f} (it exists; --force overwrites it)`);
    out.push(`  the workflow runs ${result.shards} shard(s): never more than the ${result.servers.filter((s) => !s.error).length} test file(s)`);
    out.push('next: review the draft cases in toolvet/queries/ (delete each "draft: true" once checked, then raise gate.minAccuracy), and run `npx vitest run`');
    process.stdout.write(`${out.join('\n')}\n`);
    setExit(EXIT.ok);
  });
}
