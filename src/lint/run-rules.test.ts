import { describe, expect, it } from 'vitest';
import type { LintRule } from './framework.ts';
import { effectiveSeverity, failsAt, findingsAtLeast, runRules } from './run-rules.ts';

interface Item {
  name: string;
}

const shout: LintRule<Item, undefined> = {
  id: 'shout',
  kind: 'tool',
  defaultSeverity: 'warn',
  description: 'names are lowercase',
  check: (items) => items.filter((i) => i.name !== i.name.toLowerCase()).map((i) => ({ target: i.name, path: '$.name', message: 'not lowercase' })),
};
const short: LintRule<Item, undefined> = {
  id: 'short',
  kind: 'tool',
  defaultSeverity: 'error',
  description: 'names are long',
  check: (items) => items.filter((i) => i.name.length < 3).map((i) => ({ target: i.name, path: '$.name', message: 'too short' })),
};
const broken: LintRule<Item, undefined> = { ...short, id: 'broken', check: () => { throw new Error('boom'); } };

const items: Item[] = [{ name: 'AB' }, { name: 'fine' }, { name: 'Zed' }];

describe('runRules', () => {
  it('applies defaults, then the preset, then overrides', () => {
    expect(effectiveSeverity(shout)).toBe('warn');
    expect(effectiveSeverity(shout, { shout: 'info' })).toBe('info');
    expect(effectiveSeverity(shout, { shout: 'info' }, { shout: 'error' })).toBe('error');
  });

  it('fills rule id and severity, sorts by target then severity, and sums', () => {
    const report = runRules({ rules: { shout, short }, targets: items, context: undefined, profile: 'recommended', server: 's1' });
    expect(report.findings.map((f) => `${f.target}:${f.ruleId}:${f.severity}:${f.server}`)).toEqual([
      'AB:short:error:s1',
      'AB:shout:warn:s1',
      'Zed:shout:warn:s1',
    ]);
    expect(report.summary).toEqual({ error: 1, warn: 2, info: 0 });
    expect(report.rules.map((r) => `${r.id}=${r.severity}`)).toEqual(['shout=warn', 'short=error']);
  });

  it('skips rules turned off and honours the fail-on threshold', () => {
    const report = runRules({ rules: [shout, short], targets: items, context: undefined, profile: 'x', overrides: { short: 'off' } });
    expect(report.findings.every((f) => f.ruleId === 'shout')).toBe(true);
    expect(failsAt(report.findings, 'error')).toBe(false);
    expect(failsAt(report.findings, 'warn')).toBe(true);
    expect(findingsAtLeast(report.findings, 'info')).toHaveLength(2);
  });

  it('turns a throwing rule into a coded internal error naming the rule', () => {
    expect(() => runRules({ rules: [broken], targets: items, context: undefined, profile: 'x' })).toThrow(/lint rule "broken" failed: boom/);
  });
});
