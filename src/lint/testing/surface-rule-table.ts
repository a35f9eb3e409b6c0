/** The table test of prompt and resource rules (the tool rules' ruleTable, for the other kinds of target). */
import { describe, expect, it } from 'vitest';
import type { LintRule } from '../framework.ts';

export interface SurfaceCase<T> {
  name: string;
  items: T[];
  /** Invalid cases: `target:path` of each finding, in order. */
  at?: string[];
  message?: RegExp;
}

export function surfaceRuleTable<T>(rule: LintRule<T, undefined>, table: { valid: SurfaceCase<T>[]; invalid: SurfaceCase<T>[] }): void {
  describe(rule.id, () => {
    it('carries its metadata', () => {
      expect(rule.id).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(['prompt', 'resource']).toContain(rule.kind);
      expect(rule.description.length).toBeGreaterThan(10);
    });
    it.each(table.valid.map((c) => [c.name, c] as const))('valid: %s', (_name, c) => {
      expect(rule.check(c.items, undefined)).toEqual([]);
    });
    it.each(table.invalid.map((c) => [c.name, c] as const))('invalid: %s', (_name, c) => {
      const findings = rule.check(c.items, undefined);
      expect(findings.length).toBeGreaterThan(0);
      for (const f of findings) if (c.message) expect(f.message).toMatch(c.message);
      if (c.at) expect(findings.map((f) => `${f.target}:${f.path}`)).toEqual(c.at);
    });
  });
}
