/**
 * Description and name rules on the real-server set (fixtures/real-servers: 12 npm servers, 19
 * snapshots), pinned: every finding below was read against the definition it names and judged true
 * (docs/lint-rules.md has the precision figures). A rule change that adds, drops or moves a finding
 * fails here, so the new finding can be read before the pin is updated. The four rules that fire on
 * most tools (a description without examples, exclusions or a "when", or of a length outside the
 * bounds) are pinned as counts per snapshot; the findings once false are named in their rule tests.
 */
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadToolFile } from '../config/tool-file.ts';
import { lintToolSets, type ToolLintResult } from './lint-tools.ts';
import { REAL_SNAPSHOTS } from './testing/real-tools.ts';

const DIR = fileURLToPath(new URL('../../fixtures/real-servers/', import.meta.url));
const SNAPSHOTS = REAL_SNAPSHOTS;

/** `snapshot tool path` of each finding. */
const PINNED: Record<string, string[]> = {
  // No description of the set states how the tool is built; playwright's run_code example is its input.
  'description-no-implementation': [],
  // Section headings ("Returns:", "Examples:", "Best for:") are layout, not copied docstrings.
  'description-not-docstring': [],
  // Every sibling a description points to exists.
  'description-sibling-exists': [],
  // "Handle a dialog".
  'description-not-name': [
    'playwright-mcp@0.0.83 browser_handle_dialog $.description',
  ],
  // Names with no verb first (after a namespace prefix): a noun ("browser_tabs", "kubectl_logs") or a noun-like verb last ("browser_file_upload").
  'name-verb-first': [
    'brave-search-mcp-server@2.0.63 brave_summarizer $.name',
    'brave-search-mcp-server@2.1.4 brave_llm_context $.name',
    'brave-search-mcp-server@2.1.4 brave_summarizer $.name',
    'firecrawl-mcp@3.26.0 firecrawl_agent $.name',
    'firecrawl-mcp@3.26.0 firecrawl_agent_status $.name',
    'firecrawl-mcp@3.26.0 firecrawl_credit_usage $.name',
    'mcp-server-kubernetes@2.9.6 kubectl_context $.name',
    'mcp-server-kubernetes@2.9.6 kubectl_generic $.name',
    'mcp-server-kubernetes@2.9.6 kubectl_logs $.name',
    'mcp-server-kubernetes@2.9.6 kubectl_rollout $.name',
    'mcp-server-kubernetes@2.9.6 node_management $.name',
    'mcp-server-kubernetes@4.1.7 kubectl_context $.name',
    'mcp-server-kubernetes@4.1.7 kubectl_generic $.name',
    'mcp-server-kubernetes@4.1.7 kubectl_logs $.name',
    'mcp-server-kubernetes@4.1.7 kubectl_rollout $.name',
    'mcp-server-kubernetes@4.1.7 node_management $.name',
    'playwright-mcp@0.0.83 browser_console_messages $.name',
    'playwright-mcp@0.0.83 browser_file_upload $.name',
    'playwright-mcp@0.0.83 browser_network_request $.name',
    'playwright-mcp@0.0.83 browser_network_requests $.name',
    'playwright-mcp@0.0.83 browser_snapshot $.name',
    'playwright-mcp@0.0.83 browser_tabs $.name',
    'server-filesystem@2025.11.25 directory_tree $.name',
    'server-filesystem@2026.8.31 directory_tree $.name',
    'server-sequential-thinking@2025.7.1 sequentialthinking $.name',
    'server-sequential-thinking@2026.8.31 sequentialthinking $.name',
  ],
  // Parameters named for nothing they hold: "k" (a count of passages), "args", "data", "input".
  'name-self-describing': [
    'firecrawl-mcp@3.26.0 firecrawl_developer_search $.inputSchema.properties.k',
    'firecrawl-mcp@3.26.0 firecrawl_research_read_paper $.inputSchema.properties.k',
    'firecrawl-mcp@3.26.0 firecrawl_research_related_papers $.inputSchema.properties.k',
    'firecrawl-mcp@3.26.0 firecrawl_research_search_github $.inputSchema.properties.k',
    'firecrawl-mcp@3.26.0 firecrawl_research_search_papers $.inputSchema.properties.k',
    'mcp-server-kubernetes@2.9.6 kubectl_generic $.inputSchema.properties.args',
    'mcp-server-kubernetes@4.1.7 kubectl_generic $.inputSchema.properties.args',
    'playwright-mcp@0.0.83 browser_drop $.inputSchema.properties.data',
    'tavily-mcp@0.2.22 tavily_research $.inputSchema.properties.input',
  ],
  // Singular and plural pairs: one item against a list.
  'name-confusable': [
    'firecrawl-mcp@3.26.0 firecrawl_monitor_checks $.name',
    'notion-mcp-server@1.9.1 API-get-users $.name',
    'notion-mcp-server@2.5.2 API-get-users $.name',
    'playwright-mcp@0.0.83 browser_network_requests $.name',
  ],
  // Info. Get or list vs describe Kubernetes resources by type, name and namespace; the directory listing with sizes.
  'toolset-overlap': [
    'mcp-server-kubernetes@2.9.6 kubectl_get $.description',
    'mcp-server-kubernetes@4.1.7 kubectl_get $.description',
    'server-filesystem@2025.11.25 list_directory_with_sizes $.description',
    'server-filesystem@2026.8.31 list_directory_with_sizes $.description',
  ],
};

/** Findings per snapshot of the rules that fire on most tools. */
const COUNTS: Record<string, Record<string, number>> = {
  'description-when-to-call': {"context7-mcp@2.1.0":1,"context7-mcp@4.1.1":1,"firecrawl-mcp@3.26.0":18,"mcp-server-code-runner@0.1.8":1,"mcp-server-kubernetes@2.9.6":22,"mcp-server-kubernetes@4.1.7":22,"notion-mcp-server@1.9.1":19,"notion-mcp-server@2.5.2":24,"playwright-mcp@0.0.83":23,"server-filesystem@2025.11.25":6,"server-filesystem@2026.8.31":6,"server-memory@2025.4.25":9,"server-memory@2026.8.31":9,"tavily-mcp@0.2.22":3},
  'description-examples': {"brave-search-mcp-server@2.0.63":4,"brave-search-mcp-server@2.1.4":5,"context7-mcp@2.1.0":2,"context7-mcp@4.1.1":2,"exa-mcp-server@3.4.1":1,"firecrawl-mcp@3.26.0":27,"mcp-server-code-runner@0.1.8":1,"mcp-server-kubernetes@2.9.6":22,"mcp-server-kubernetes@4.1.7":23,"notion-mcp-server@1.9.1":19,"notion-mcp-server@2.5.2":24,"playwright-mcp@0.0.83":25,"server-filesystem@2025.11.25":14,"server-filesystem@2026.8.31":14,"server-memory@2025.4.25":9,"server-memory@2026.8.31":9,"server-sequential-thinking@2025.7.1":1,"server-sequential-thinking@2026.8.31":1,"tavily-mcp@0.2.22":5},
  'description-exclusions': {"brave-search-mcp-server@2.0.63":5,"brave-search-mcp-server@2.1.4":7,"exa-mcp-server@3.4.1":1,"firecrawl-mcp@3.26.0":18,"mcp-server-code-runner@0.1.8":1,"mcp-server-kubernetes@2.9.6":22,"mcp-server-kubernetes@4.1.7":23,"notion-mcp-server@1.9.1":19,"notion-mcp-server@2.5.2":24,"playwright-mcp@0.0.83":23,"server-filesystem@2025.11.25":13,"server-filesystem@2026.8.31":13,"server-memory@2025.4.25":9,"server-memory@2026.8.31":9,"server-sequential-thinking@2025.7.1":1,"server-sequential-thinking@2026.8.31":1,"tavily-mcp@0.2.22":5},
  'description-length': {"brave-search-mcp-server@2.0.63":1,"brave-search-mcp-server@2.1.4":2,"context7-mcp@2.1.0":1,"context7-mcp@4.1.1":1,"firecrawl-mcp@3.26.0":3,"mcp-server-code-runner@0.1.8":1,"mcp-server-kubernetes@2.9.6":6,"mcp-server-kubernetes@4.1.7":6,"notion-mcp-server@1.9.1":19,"notion-mcp-server@2.5.2":1,"playwright-mcp@0.0.83":16,"server-memory@2025.4.25":1,"server-memory@2026.8.31":1,"server-sequential-thinking@2025.7.1":1,"server-sequential-thinking@2026.8.31":1},
};

let result: ToolLintResult | undefined;
const lint = (): ToolLintResult =>
  (result ??= lintToolSets(SNAPSHOTS.map((name) => ({ name, kind: 'file' as const, tools: loadToolFile(`${DIR}${name}.tools.json`).tools }))));
const snapshotOf = (file: string | undefined): string => (file ?? '').replace(/^.*\//, '').replace(/\.tools\.json$/, '');
const ofRule = (id: string) => lint().findings.filter((f) => f.ruleId === id);

/** Hyphenated words of the rules' own vocabulary, not tool names. */
const GENERIC = new Set(['self-describing', 'ajv-formats']);

describe('description and name rules on real servers', () => {
  it.each(Object.keys(PINNED))('%s finds exactly the findings read and judged true', (id) => {
    expect(ofRule(id).map((f) => `${snapshotOf(f.file)} ${f.target} ${f.path}`).sort()).toEqual([...PINNED[id]].sort());
  });

  it.each(Object.keys(COUNTS))('%s finds as many per snapshot as were read', (id) => {
    const counts: Record<string, number> = {};
    for (const f of ofRule(id)) counts[snapshotOf(f.file)] = (counts[snapshotOf(f.file)] ?? 0) + 1;
    expect(counts).toEqual(COUNTS[id]);
  });

  it('gives no error from these rules, and toolset-overlap only as info', () => {
    const ids = [...Object.keys(PINNED), ...Object.keys(COUNTS)];
    expect(lint().findings.filter((f) => ids.includes(f.ruleId) && f.severity === 'error')).toEqual([]);
    expect(new Set(ofRule('toolset-overlap').map((f) => f.severity))).toEqual(new Set(['info']));
  });

  // Hints are built from the tool at hand: every tool-like name a message offers is the tool's own, a
  // sibling of its set, or made of the tool's own words; nothing from the bundled example.
  it('builds every hint of every tool rule from the tool at hand', () => {
    const sets = new Map(SNAPSHOTS.map((name) => [name, loadToolFile(`${DIR}${name}.tools.json`).tools]));
    const offenders: string[] = [];
    for (const f of lint().findings) {
      if (f.target === undefined || f.ruleId.startsWith('prompt-') || f.ruleId.startsWith('resource-')) continue;
      const tools = sets.get(snapshotOf(f.file)) ?? [];
      const tool = tools.find((t) => t.name === f.target);
      const own = new Set(JSON.stringify(tool ?? {}).replace(/\\[nrt]/g, ' ').toLowerCase().match(/[a-z0-9]+/g) ?? []);
      for (const id of f.message.match(/\b[A-Za-z][A-Za-z0-9]*(?:[_-][A-Za-z0-9]+)+\b/g) ?? []) {
        if (tools.some((t) => t.name === id) || GENERIC.has(id)) continue;
        const words = id.toLowerCase().split(/[_-]/);
        // "retrieve" from "Retrieves ...": a word of the tool in its base form counts.
        if (words.every((w) => own.has(w) || [...own].some((o) => o.startsWith(w)))) continue;
        offenders.push(`${f.ruleId} ${f.target}: ${id}`);
      }
      for (const phrase of ['papers', 'coral', 'what do I have', 'get_user', 'list_users']) {
        if (f.message.includes(phrase) && !JSON.stringify(tool ?? {}).includes(phrase)) offenders.push(`${f.ruleId} ${f.target}: "${phrase}"`);
      }
    }
    expect(offenders).toEqual([]);
  });
});
