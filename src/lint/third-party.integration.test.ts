/**
 * The ten third-party servers of src/testing/third-party-servers.ts, started from node_modules over
 * stdio and linted live at `recommended`: no error from any rule (an unknown format, an order between
 * a server's own tools and honest free text are not errors), and the schema findings read on their
 * snapshots (src/lint/real-servers-schema.test.ts) show on the live listing too.
 */
import { rmSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import type { Finding } from './framework.ts';
import { runLint } from './lint-run.ts';
import { thirdPartyHost, THIRD_PARTY_SERVERS } from '../testing/third-party-servers.ts';

const host = thirdPartyHost(undefined, 'toolvet-lint-third-party-');
afterAll(() => rmSync(host.dir, { recursive: true, force: true }));

const where = (findings: Finding[], ruleId: string): string[] => findings.filter((f) => f.ruleId === ruleId).map((f) => `${f.server} ${f.target} ${f.path}`);

describe('lint: the third-party servers, live', () => {
  it('lists every server and finds no error at recommended', async () => {
    const result = await runLint({ config: host.config });
    const lint = result.lint!;
    expect(lint.sets.filter((s) => s.error).map((s) => s.name)).toEqual([]);
    expect(lint.sets.map((s) => s.name).sort()).toEqual(THIRD_PARTY_SERVERS.map((s) => s.name).sort());
    expect(lint.findings.filter((f) => f.severity === 'error').map((f) => `${f.ruleId} ${f.server} ${f.target}`)).toEqual([]);
    expect(lint.summary.error).toBe(0);
    expect(result.verdict.status).toBe('pass');

    // notion's format "json" is noted, not failed; firecrawl's closed empty records are found.
    expect(where(lint.findings, 'format-known')).toEqual(['notion API-post-page $.inputSchema.properties.cover.format', 'notion API-post-page $.inputSchema.properties.icon.format']);
    expect(where(lint.findings, 'object-fillable').filter((w) => w.startsWith('firecrawl '))).toHaveLength(10);
    // context7's "call 'resolve-library-id' first to obtain the library ID" is its own workflow.
    expect(where(lint.findings, 'tool-call-directive')).toEqual([]);
  }, 180_000);
});
