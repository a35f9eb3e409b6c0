/**
 * False findings at `recommended` measured on the holdout servers (npm servers the tests never used,
 * docs/lint-rules.md "Holdout"), on definitions cut into fixtures/holdout/, for rules whose fix belongs
 * to their owner. Each is written as `it.fails`: it passes while the rule still reports the false
 * finding, and fails once the rule is fixed; then it becomes a plain `it` so the fix stays pinned.
 */
import { describe, expect, it } from 'vitest';
import { holdoutTools } from './testing/real-tools.ts';
import { DEFAULT_TOOL_LINT_SETTINGS } from './tool-rule-kit.ts';
import { descriptionSiblingExists } from './rules/tool/description-sibling-exists.ts';

describe('holdout false errors, fixed and pinned', () => {
  // @sentry/mcp-server 0.39.0 lists 9 tools and keeps the rest in a catalog: search_sentry_tools
  // ("Many Sentry operations are intentionally not exposed as top-level tools") finds them and
  // execute_sentry_tool runs them by name. get_issue_details, search_agent_conversations and
  // get_latest_base_snapshot are catalog tools of the same server, so the model is not sent nowhere.
  it('description-sibling-exists: tools reached through the server catalog (sentry) are not missing', () => {
    const findings = descriptionSiblingExists.check(holdoutTools('sentry-catalog'), { settings: DEFAULT_TOOL_LINT_SETTINGS });
    expect(findings).toEqual([]);
  });

  it('description-sibling-exists: without the dispatcher the same three names are reported', () => {
    const tools = holdoutTools('sentry-catalog').filter((t) => t.name !== 'execute_sentry_tool');
    const findings = descriptionSiblingExists.check(tools, { settings: DEFAULT_TOOL_LINT_SETTINGS });
    expect(findings.map((f) => `${f.target} ${f.message}`)).toEqual([
      'analyze_issue_with_seer the description points to "get_issue_details", which is not a tool in this set',
      'get_sentry_resource the description points to "search_agent_conversations", which is not a tool in this set',
      'search_events the description points to "get_latest_base_snapshot", which is not a tool in this set',
    ]);
  });
});
