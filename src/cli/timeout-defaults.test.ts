/**
 * One default per server wait, said the same everywhere: the exported constant, the built CLI's
 * `--help` of every command (and subcommand) that has the flag, and every docs page that names a
 * default. The probe once used 10 s while `--help` and the docs said 30 s.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SERVER_TIMEOUTS } from '../index.ts';
import { ROOT, runCli } from './testing.ts';

const FLAGS = { '--start-timeout': DEFAULT_SERVER_TIMEOUTS.startMs, '--call-timeout': DEFAULT_SERVER_TIMEOUTS.callMs } as const;

/** Command names listed under "Commands:" in a help text. */
function commandsOf(help: string): string[] {
  const section = help.split(/^Commands:$/m)[1] ?? '';
  return [...section.matchAll(/^ {2}([a-z][a-z-]*)\b/gm)].map((m) => m[1]).filter((c) => c !== 'help');
}

/** Every command path (`probe`, `skills lint`, ...) with its help text, from the built CLI. */
async function helpTexts(prefix: string[] = []): Promise<Array<{ command: string; help: string }>> {
  const run = await runCli([...prefix, '--help']);
  expect(run.code, `${['toolvet', ...prefix, '--help'].join(' ')}: ${run.stderr}`).toBe(0);
  const subcommands = commandsOf(run.stdout);
  const here = prefix.length > 0 ? [{ command: prefix.join(' '), help: run.stdout }] : [];
  const below = await Promise.all(subcommands.map((c) => helpTexts([...prefix, c])));
  return [...here, ...below.flat()];
}

function docsPages(dir = join(ROOT, 'docs')): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? docsPages(join(dir, e.name)) : e.name.endsWith('.md') ? [join(dir, e.name)] : []));
}

let helps: Array<{ command: string; help: string }>;

beforeAll(async () => {
  helps = await helpTexts();
}, 300_000);

describe('server timeout defaults agree', () => {
  it('the constant is 15 s to start and 30 s a call (half the MCP SDK default of 60 s)', () => {
    expect(DEFAULT_SERVER_TIMEOUTS).toEqual({ startMs: 15_000, callMs: 30_000 });
  });

  it('every command with the flags says the constant in --help', () => {
    const withFlag = helps.filter((h) => h.help.includes('--call-timeout'));
    // probe, eval, run, lint, diff, bench, doctor, snapshot, init, improve, skills lint, skills eval ...
    expect(withFlag.map((h) => h.command)).toEqual(expect.arrayContaining(['probe', 'eval', 'run', 'lint', 'bench', 'doctor', 'snapshot']));
    for (const { command, help } of withFlag) {
      const flat = help.replace(/\s+/g, ' ');
      for (const [flag, ms] of Object.entries(FLAGS)) {
        const said = new RegExp(`${flag} <ms> [^(]*\\(default (\\d+)\\)`).exec(flat);
        expect(said?.[1], `toolvet ${command} --help: ${flag}`).toBe(String(ms));
      }
    }
  });

  it('probe calls with the constant unless told otherwise (it used its own 10 s)', async () => {
    const config = `${ROOT}fixtures/hosts/example.json`;
    const plain = await runCli(['probe', '--config', config, '--server', 'echo', '--format', 'json']);
    expect(JSON.parse(plain.stdout).probe.callTimeoutMs).toBe(DEFAULT_SERVER_TIMEOUTS.callMs);
    const told = await runCli(['probe', '--config', config, '--server', 'echo', '--format', 'json', '--call-timeout', '45000']);
    expect(JSON.parse(told.stdout).probe.callTimeoutMs).toBe(45_000);
  });

  it('every docs page that names a default says the constant', () => {
    const said: string[] = [];
    for (const file of [join(ROOT, 'README.md'), ...docsPages()]) {
      const text = readFileSync(file, 'utf8').replace(/\s+/g, ' ');
      for (const m of text.matchAll(/`(--(?:start|call)-timeout)`[^()`]*?\(((?:(?!--)[^()])*)\)/g)) {
        // "(default 30 s, ...)", "(spawn to initialized, default 15 s)" or "(30 s)".
        const value = /(?:\bdefault |^)(\d+(?:\.\d+)?) ?(s|ms)\b/.exec(m[2]);
        if (!value) continue;
        const ms = Number(value[1]) * (value[2] === 's' ? 1000 : 1);
        said.push(`${file.slice(ROOT.length)}: ${m[1]} ${ms}`);
        expect(ms, `${file.slice(ROOT.length)} says ${m[0]}`).toBe(FLAGS[m[1] as keyof typeof FLAGS]);
      }
    }
    // The pages that name the defaults: the check reads something.
    expect(said.map((s) => s.split(':')[0])).toEqual(expect.arrayContaining(['docs/exit-codes.md', 'docs/host-config.md', 'docs/commands/probe.md', 'docs/probe.md']));
  });
});
