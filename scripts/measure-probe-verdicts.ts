/**
 * How many per-tool probe verdicts are right on the real set: the ten third-party servers and the
 * three reference servers, probed with --allow-destructive (bad arguments only) by the built CLI,
 * against the verdicts judged true by reading each raw answer (fixtures/real-servers/probe-verdicts.json).
 *
 *   npm run build && node --import tsx scripts/measure-probe-verdicts.ts
 *   node --import tsx scripts/measure-probe-verdicts.ts --result a.json --result b.json   # score saved results
 *
 * A result written before verdicts existed is scored by what it claimed: any error "rejected the
 * bad arguments", a success "accepted", a timeout or a crash as such.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { thirdPartyHost } from '../src/testing/third-party-servers.ts';
import { realServersHost } from '../src/testing/real-servers.ts';

interface Probe {
  shape: string;
  verdict?: string;
}
interface Tool {
  tool: string;
  state: string;
  verdict?: string;
  probes: Probe[];
}
interface Result {
  probe: { servers: Array<{ server: string; state: string; toolProbes: Tool[] }> };
}

const root = join(import.meta.dirname, '..');
const truth = (JSON.parse(readFileSync(join(root, 'fixtures/real-servers/probe-verdicts.json'), 'utf8')) as { servers: Record<string, Record<string, string>> }).servers;

function claimed(tool: Tool): string {
  if (tool.verdict) return tool.verdict;
  const shapes = tool.probes.map((p) => p.shape);
  if (shapes.includes('crash')) return 'crashed';
  if (shapes.includes('timeout')) return 'timed-out';
  if (shapes.some((s) => s === 'success' || s === 'unflagged-failure')) return 'accepted';
  return 'rejected';
}

function probeAll(): Result[] {
  const bin = join(root, 'bin/toolvet.js');
  return [thirdPartyHost().config, realServersHost().config].map((config) => {
    let out: string;
    try {
      out = execFileSync(process.execPath, [bin, 'probe', '--config', config, '--allow-destructive', '--format', 'json'], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
    } catch (error) {
      out = (error as { stdout: string }).stdout; // exit 1 or 2 still prints the result
    }
    return JSON.parse(out) as Result;
  });
}

const files = process.argv.flatMap((a, i) => (process.argv[i - 1] === '--result' ? [a] : []));
const results = files.length > 0 ? files.map((f) => JSON.parse(readFileSync(f, 'utf8')) as Result) : probeAll();
const totals = { right: 0, wrong: 0, couldNotTell: 0, unjudged: 0 };
for (const result of results) {
  for (const server of result.probe.servers) {
    const judged = truth[server.server] ?? {};
    const row = { right: 0, wrong: [] as string[], couldNotTell: 0 };
    if (server.state !== 'probed') console.log(`${server.server}: not probed`);
    for (const tool of server.toolProbes.filter((t) => t.state === 'probed')) {
      const want = judged[tool.tool];
      const got = claimed(tool);
      if (!want) totals.unjudged += 1;
      else if (got === want) row.right += 1;
      else if (got === 'unclear') row.couldNotTell += 1;
      else row.wrong.push(`${tool.tool} (said ${got}, was ${want})`);
    }
    totals.right += row.right;
    totals.wrong += row.wrong.length;
    totals.couldNotTell += row.couldNotTell;
    console.log(`${server.server}: ${row.right} right, ${row.wrong.length} wrong, ${row.couldNotTell} could not tell${row.wrong.length ? `: ${row.wrong.join('; ')}` : ''}`);
  }
}
const judged = totals.right + totals.wrong + totals.couldNotTell;
console.log(`per-tool verdicts: ${totals.right}/${judged} right, ${totals.wrong} wrong, ${totals.couldNotTell} could not tell${totals.unjudged ? `, ${totals.unjudged} not judged` : ''}`);
