/**
 * Tool lint against the real npm servers, spawned from node_modules through a host config in a temp
 * folder. The counts below were read one by one against the listed definitions (see the README,
 * "Lint rules"): every finding is true of the definition it names. They are warnings only: none of
 * the three breaks the spec or carries poisoned text.
 */
import { describe, expect, it } from 'vitest';
import type { Finding } from './framework.ts';
import { runLint } from './lint-run.ts';
import { realServersHost } from '../testing/real-servers.ts';

const realHost = (): string => realServersHost('toolvet-lint-real-').config;

function countByRule(findings: Finding[], server: string): Record<string, number> {
  const out: Record<string, number> = {};
  for (const f of findings.filter((x) => x.server === server)) out[f.ruleId] = (out[f.ruleId] ?? 0) + 1;
  return out;
}

const has = (findings: Finding[], server: string, target: string, ruleId: string, path?: string): boolean =>
  findings.some((f) => f.server === server && f.target === target && f.ruleId === ruleId && (path === undefined || f.path === path));

describe('lint: real servers', () => {
  it('records the real finding counts of server-everything, server-filesystem and server-memory', async () => {
    const result = await runLint({ config: realHost() });
    const lint = result.lint!;
    expect(lint.sets.map((s) => `${s.name}:${s.tools}`)).toEqual(['everything:13', 'filesystem:14', 'memory:9']);
    expect(result.verdict.status).toBe('pass');
    expect(lint.summary).toEqual({ error: 0, warn: 148, info: 2 });

    expect(countByRule(lint.findings, 'everything')).toEqual({
      'description-examples': 13,
      'description-exclusions': 13,
      'description-when-to-call': 12, // get-env says "helpful for debugging MCP server configuration"
      'schema-properties-required': 8, // 8 of 13 tools list no "required" array
      'description-length': 3, // echo (28 chars), get-sum (30), get-tiny-image (30)
      'name-self-describing': 3, // get-sum's parameters "a" and "b", gzip-file-as-resource's "data"
      'prefer-integer': 2, // get-resource-links.count and trigger-long-running-operation.steps are typed number
      'property-description': 1, // get-resource-reference.resourceType
      'prompt-description': 2, // simple-prompt and args-prompt say only their form (docs/resources-prompts.md)
      'prompt-argument-description': 1, // args-prompt's "state"
      'task-support-legacy': 1, // simulate-research-query: taskSupport "required"
    });
    expect(countByRule(lint.findings, 'filesystem')).toEqual({
      'description-examples': 14,
      'description-exclusions': 13, // read_file says "Use read_text_file instead"
      'description-when-to-call': 6, // "Use this tool when", "Perfect for", "Great for", "useful for", "essential for" say when
      'property-description': 18, // path, content, source, destination, pattern, edits, excludePatterns have none
      'prefer-integer': 4, // the same four are "number" for a count of lines
      'name-verb-first': 1, // directory_tree
      'schema-properties-required': 1, // list_allowed_directories
      'toolset-overlap': 1, // info: list_directory_with_sizes repeats list_directory (0.87)
    });
    expect(countByRule(lint.findings, 'memory')).toEqual({
      'description-examples': 9,
      'description-exclusions': 9,
      'description-when-to-call': 9,
      'property-description': 4, // the top-level arrays entities, relations, observations, deletions
      'description-length': 1, // read_graph
      'schema-properties-required': 1, // read_graph
    });

    // Spot checks that the findings point at the right thing.
    expect(has(lint.findings, 'filesystem', 'directory_tree', 'name-verb-first', '$.name')).toBe(true);
    expect(has(lint.findings, 'filesystem', 'read_text_file', 'prefer-integer', '$.inputSchema.properties.head.type')).toBe(true);
    // "If provided, returns only the first N lines": leaving head out means the whole file, not a default value.
    expect(has(lint.findings, 'filesystem', 'read_text_file', 'optional-has-default')).toBe(false);
    expect(has(lint.findings, 'filesystem', 'list_directory_with_sizes', 'toolset-overlap')).toBe(true);
    expect(has(lint.findings, 'filesystem', 'read_text_file', 'description-when-to-call')).toBe(false); // "Use this tool when you need ..."
    // delete_relations and delete_entities delete different things: not an overlap.
    expect(has(lint.findings, 'memory', 'delete_relations', 'toolset-overlap')).toBe(false);
    expect(has(lint.findings, 'everything', 'get-sum', 'name-self-describing', '$.inputSchema.properties.a')).toBe(true);
    expect(has(lint.findings, 'everything', 'get-env', 'sensitive-file-access')).toBe(false); // "returns all environment variables" asks the model for nothing
  });
});
