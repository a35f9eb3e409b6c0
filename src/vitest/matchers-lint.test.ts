import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { lintTools } from '../lint/lint-tools.ts';
import { runProbe } from '../probe/probe-run.ts';
import type { ToolDefinition } from '../types.ts';
import { lintMatchers } from './matchers-lint.ts';

expect.extend(lintMatchers);

const root = (p: string): string => new URL(`../../${p}`, import.meta.url).pathname;
const tools = (name: string): ToolDefinition[] => JSON.parse(readFileSync(root(`fixtures/tools/${name}.json`), 'utf8')) as ToolDefinition[];

describe('toHaveNoFindings', () => {
  it('passes on the bundled tools and fails on bad ones with rule id, tool and path in the message', () => {
    expect(lintTools(tools('refman'))).toHaveNoFindings();
    const bad = lintTools(JSON.parse(readFileSync(root('fixtures/tools/bad-schema.json'), 'utf8')));
    expect(bad).toHaveNoFindings({ atLeast: 'error', rules: ['description-length'] });
    const outcome = lintMatchers.toHaveNoFindings(bad, { atLeast: 'error' });
    expect(outcome.pass).toBe(false);
    expect(outcome.message()).toContain('error schema-object-root get_forecast $.inputSchema.type: inputSchema.type is "array"');
    expect(outcome.message()).toContain('error schema-valid get_history $.inputSchema.required');
    expect(() => expect(bad).toHaveNoFindings({ atLeast: 'error' })).toThrow(/schema-object-root/);
  });
});

describe('toConform', () => {
  it('passes on the echo fixture and fails on the bad server, naming each failed check', async () => {
    expect(await runProbe({ config: root('fixtures/hosts/example.json'), servers: ['echo'] })).toConform({ strict: true });
    const bad = await runProbe({ config: root('fixtures/hosts/bad.json'), timeouts: { callMs: 1000 } });
    const outcome = lintMatchers.toConform(bad);
    expect(outcome.pass).toBe(false);
    const message = outcome.message();
    expect(message).toContain('bad-tools: unknown tool: fail');
    expect(message).toContain('bad-tools/get_user: missing-required (user_id): fail empty-object');
    expect(message).not.toContain('bad-tools/lookup_notes'); // a bare message is a warning, not a failure, unless strict
    expect(lintMatchers.toConform(bad, { strict: true }).message()).toContain('bad-tools/lookup_notes: missing-required (tag): warn bare-text');
  });
});
