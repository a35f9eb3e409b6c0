import { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { commandNamed, COMMANDS } from './index.ts';

describe('the lazy command map', () => {
  it.each(Object.keys(COMMANDS))('%s registers one command of that name whose description is its summary', async (name) => {
    const program = new Command('toolvet');
    (await COMMANDS[name]!.load())(program, () => {});
    expect(program.commands.map((c) => c.name())).toEqual([name]);
    expect(program.commands[0]!.description()).toBe(COMMANDS[name]!.summary);
  });

  it.each([
    [['lint', '--tools', 'x.json'], 'lint'],
    [['--help'], undefined],
    [['-V'], undefined],
    [['help', 'eval'], 'eval'],
    [['help'], undefined],
    [['skills', 'lint', 'dir'], 'skills'],
    [['nope'], undefined],
    [['constructor'], undefined],
  ] as const)('commandNamed(%j) is %s', (argv, name) => {
    expect(commandNamed([...argv])).toBe(name);
  });
});
