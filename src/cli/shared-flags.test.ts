/**
 * Flags declared once: every command's `--help` gives a shared flag the one wording of flags.ts, a flag
 * that two commands take is either shared or listed below with the reason its meanings differ, and
 * every numeric flag refuses a word with a message naming the flag.
 */
import { Command, CommanderError, type Option } from 'commander';
import { describe, expect, it } from 'vitest';
import { COMMANDS } from './commands/index.ts';
import { sharedFlagTexts } from './flags.ts';

async function everyCommand(): Promise<Command[]> {
  const program = new Command('toolvet');
  for (const entry of Object.values(COMMANDS)) (await entry.load())(program, () => {});
  const all: Command[] = [];
  const walk = (c: Command): void => {
    for (const sub of c.commands) {
      all.push(sub);
      walk(sub);
    }
  };
  walk(program);
  return all;
}

const path = (c: Command): string => {
  const names: string[] = [];
  for (let at: Command | null = c; at && at.parent; at = at.parent) names.unshift(at.name());
  return names.join(' ');
};

/** Flags several commands take with different meanings, each named in its own command's words. */
const SAME_NAME_OTHER_MEANING = new Set([
  '--format', // the output formats differ per command (diff: text/json/markdown; bench: text/markdown; ...)
  '--out', // a folder of snapshots (snapshot), a file (diff, report), a folder of drafts (init)
  '--baseline', // accepted findings (diff), a saved bench run (bench)
  '--repeat', // repeats per case (eval) or per A/B query (diff)
  '--budget', // model calls of an A/B (diff)
  '--force', // overwrite (init), resume another model's file (eval)
  '--write', // rewrite a tool file (improve) or a SKILL.md (skills)
  '--plan', // the A/B's power plan (diff, improve)
  '--model', // mock-server serves the mock only; others choose a driver
  '--port', // mock-server's own port
  '--rules', // lint rule config (lint, skills lint)
  '--profile', // lint profiles of tools or of skills
  '--fail-on', // levels differ: diff's breaking/retest/info, lint's error/warning/info
  '--skills', // a skills folder to lint, evaluate or improve
  '--skill', // one skill by name
  '--seed', // improve's split, the A/B order
  '--min-accuracy', // gate of the command's own accuracy
  '--queries', // shared
  '--gate', // report's gate
  '--threshold', // bench's slowdown ratio, skills eval's pass rate
  '--iterations', // bench's samples, improve's rounds
  '--host', // mock-server's address, skills' host folders
  '--history', // eval appends its result to the folder, report draws the folder's runs
]);

describe('flags declared once', () => {
  it('every shared flag reads the same in every command that takes it', async () => {
    const shared = new Map(sharedFlagTexts().map((f) => [f.flags.split(' ')[0]!, f]));
    let checked = 0;
    for (const command of await everyCommand()) {
      for (const option of command.options as readonly Option[]) {
        const expected = shared.get(option.long ?? '');
        if (!expected) continue;
        checked += 1;
        expect({ command: path(command), flags: option.flags, description: option.description }).toEqual({ command: path(command), ...expected });
      }
    }
    expect(checked).toBeGreaterThan(30);
  });

  it('a flag that two commands take is shared, or listed with the reason its meanings differ', async () => {
    const shared = new Set(sharedFlagTexts().map((f) => f.flags.split(' ')[0]!));
    const texts = new Map<string, Set<string>>();
    for (const command of await everyCommand()) {
      for (const option of command.options as readonly Option[]) {
        const long = option.long ?? '';
        if (!texts.has(long)) texts.set(long, new Set());
        texts.get(long)!.add(option.description);
      }
    }
    const drifting = [...texts].filter(([long, wordings]) => wordings.size > 1 && !shared.has(long) && !SAME_NAME_OTHER_MEANING.has(long) && !['--start-timeout', '--call-timeout'].includes(long));
    expect(drifting.map(([long, wordings]) => `${long}: ${[...wordings].join(' | ')}`)).toEqual([]);
  });

  it('every numeric flag refuses a word, naming the flag', async () => {
    const numeric = /<(n|k|ms|x|t|usd|ratio|calls|count|seed|bytes|size|rounds|starts)>/;
    let checked = 0;
    for (const command of await everyCommand()) {
      for (const option of command.options as readonly Option[]) {
        if (!numeric.test(option.flags) || !option.long) continue;
        const errors: string[] = [];
        command.exitOverride().configureOutput({ writeErr: (s) => errors.push(s), writeOut: () => {} });
        let thrown: unknown;
        try {
          command.parseOptions([option.long, 'abc']);
          // parseOptions hands the value to the option's parser through an event; commander throws from there.
        } catch (error) {
          thrown = error;
        }
        expect(thrown, `${path(command)} ${option.long} took "abc"`).toBeInstanceOf(CommanderError);
        expect(errors.join('')).toContain(option.long);
        checked += 1;
      }
    }
    expect(checked).toBeGreaterThan(20);
  });

  it.each([
    ['--retries', 'abc'],
    ['--retries', '-1'],
    ['--retries', '1.5'],
    ['--temperature', 'hot'],
    ['--temperature', '3'],
    ['--concurrency', '0x10'],
    ['--concurrency', ''],
  ])('eval %s %j is refused', async (flag, value) => {
    const eval_ = (await everyCommand()).find((c) => path(c) === 'eval')!;
    eval_.exitOverride().configureOutput({ writeErr: () => {}, writeOut: () => {} });
    expect(() => eval_.parseOptions([flag, value])).toThrow(CommanderError);
  });

  it.each([
    ['--retries', '0', 0],
    ['--temperature', '0', 0],
    ['--temperature', '2', 2],
    ['--concurrency', '1', 1],
  ])('eval %s %j is taken as %d', async (flag, value, expected) => {
    const eval_ = (await everyCommand()).find((c) => path(c) === 'eval')!;
    eval_.exitOverride();
    eval_.parseOptions([flag, value]);
    const key = flag.slice(2).replace(/-(\w)/g, (_, c: string) => c.toUpperCase());
    expect(eval_.opts()[key]).toBe(expected);
  });
});
