/**
 * Schema rules on the real-server set (fixtures/real-servers: 12 npm servers, 19 snapshots), pinned:
 * every finding below was read against the definition it names and judged true (docs/lint-rules.md
 * has the precision figures). A rule change that adds, drops or moves a finding fails here, so the
 * new finding can be read before the pin is updated. At `recommended` the whole set has no error.
 */
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadToolFile } from '../config/tool-file.ts';
import { lintToolSets, type ToolLintResult } from './lint-tools.ts';
import { REAL_SNAPSHOTS } from './testing/real-tools.ts';

const DIR = fileURLToPath(new URL('../../fixtures/real-servers/', import.meta.url));
const SNAPSHOTS = REAL_SNAPSHOTS;

/** `snapshot tool path` with the path relative to the inputSchema. */
const PINNED: Record<string, string[]> = {
  // Every schema of the set is valid JSON Schema (notion's format "json" included: JSON Schema allows unknown formats).
  'schema-valid': [],
  // notion-mcp-server's cover and icon declare format "json", which no validator checks (info).
  'format-known': [
    'notion-mcp-server@1.9.1 API-post-page .properties.cover.format',
    'notion-mcp-server@1.9.1 API-post-page .properties.icon.format',
    'notion-mcp-server@2.5.2 API-post-page .properties.cover.format',
    'notion-mcp-server@2.5.2 API-post-page .properties.icon.format',
  ],
  // Each description states the default the schema does not declare ("Default is 20", "Defaults to 'US'", "(default: 10)").
  'optional-has-default': [
    'brave-search-mcp-server@2.1.4 brave_llm_context .properties.accept',
    'brave-search-mcp-server@2.1.4 brave_llm_context .properties.context_threshold_mode',
    'brave-search-mcp-server@2.1.4 brave_llm_context .properties.count',
    'brave-search-mcp-server@2.1.4 brave_llm_context .properties.maximum_number_of_snippets',
    'brave-search-mcp-server@2.1.4 brave_llm_context .properties.maximum_number_of_snippets_per_url',
    'brave-search-mcp-server@2.1.4 brave_llm_context .properties.maximum_number_of_tokens',
    'brave-search-mcp-server@2.1.4 brave_llm_context .properties.maximum_number_of_tokens_per_url',
    'brave-search-mcp-server@2.1.4 brave_place_search .properties.accept',
    'brave-search-mcp-server@2.1.4 brave_place_search .properties.count',
    'brave-search-mcp-server@2.1.4 brave_place_search .properties.country',
    'brave-search-mcp-server@2.1.4 brave_place_search .properties.safesearch',
    'brave-search-mcp-server@2.1.4 brave_place_search .properties.search_lang',
    'brave-search-mcp-server@2.1.4 brave_place_search .properties.spellcheck',
    'brave-search-mcp-server@2.1.4 brave_place_search .properties.ui_lang',
    'brave-search-mcp-server@2.1.4 brave_place_search .properties.units',
    'exa-mcp-server@3.4.1 web_fetch_exa .properties.maxCharacters',
    'exa-mcp-server@3.4.1 web_search_exa .properties.numResults',
    'firecrawl-mcp@3.26.0 firecrawl_agent .properties.maxCredits',
    'firecrawl-mcp@3.26.0 firecrawl_agent .properties.mode',
    'firecrawl-mcp@3.26.0 firecrawl_credit_usage .properties.view',
    'firecrawl-mcp@3.26.0 firecrawl_developer_search .properties.k',
    'firecrawl-mcp@3.26.0 firecrawl_research_read_paper .properties.k',
    'firecrawl-mcp@3.26.0 firecrawl_research_search_papers .properties.k',
    'firecrawl-mcp@3.26.0 firecrawl_scrape .properties.toolDetail',
    'firecrawl-mcp@3.26.0 firecrawl_search .properties.toolDetail',
    'mcp-server-kubernetes@2.9.6 kubectl_get .properties.sortBy',
    'mcp-server-kubernetes@4.1.7 kubectl_get .properties.sortBy',
    'notion-mcp-server@1.9.1 API-retrieve-a-page-property .properties.page_size',
    'notion-mcp-server@2.5.2 API-retrieve-a-page-property .properties.page_size',
    'playwright-mcp@0.0.83 browser_click .properties.button',
    'playwright-mcp@0.0.83 browser_console_messages .properties.all',
  ],
  // firecrawl-mcp's free-form records (a JSON Schema to extract with, webhook headers, a monitor body) accept only {}.
  'object-fillable': [
    'firecrawl-mcp@3.26.0 firecrawl_agent .properties.schema',
    'firecrawl-mcp@3.26.0 firecrawl_crawl .properties.scrapeOptions.properties.jsonOptions.properties.schema',
    'firecrawl-mcp@3.26.0 firecrawl_crawl .properties.webhookHeaders',
    'firecrawl-mcp@3.26.0 firecrawl_extract .properties.schema',
    'firecrawl-mcp@3.26.0 firecrawl_interact .properties.scrapeOptions.properties.jsonOptions.properties.schema',
    'firecrawl-mcp@3.26.0 firecrawl_monitor_create .properties.body',
    'firecrawl-mcp@3.26.0 firecrawl_monitor_update .properties.body',
    'firecrawl-mcp@3.26.0 firecrawl_parse .properties.jsonOptions.properties.schema',
    'firecrawl-mcp@3.26.0 firecrawl_scrape .properties.jsonOptions.properties.schema',
    'firecrawl-mcp@3.26.0 firecrawl_search .properties.scrapeOptions.properties.jsonOptions.properties.schema',
  ],
  // "A list of page property value IDs" typed as one string.
  'prefer-array': [
    'notion-mcp-server@1.9.1 API-retrieve-a-page .properties.filter_properties.type',
    'notion-mcp-server@2.5.2 API-retrieve-a-page .properties.filter_properties.type',
  ],
  // Info: honest text (release name and namespace, element description and selector, search text and regex).
  'not-all-strings': [
    'mcp-server-kubernetes@2.9.6 uninstall_helm_chart .properties',
    'mcp-server-kubernetes@4.1.7 uninstall_helm_chart .properties',
    'playwright-mcp@0.0.83 browser_drag .properties',
    'playwright-mcp@0.0.83 browser_evaluate .properties',
    'playwright-mcp@0.0.83 browser_find .properties',
  ],
  // Counts, depths and a tab index typed "number".
  'prefer-integer': [
    'exa-mcp-server@3.4.1 web_search_exa .properties.numResults.type',
    'firecrawl-mcp@3.26.0 firecrawl_crawl .properties.limit.type',
    'firecrawl-mcp@3.26.0 firecrawl_crawl .properties.maxDiscoveryDepth.type',
    'firecrawl-mcp@3.26.0 firecrawl_map .properties.limit.type',
    'mcp-server-kubernetes@2.9.6 kubectl_create .properties.replicas.type',
    'mcp-server-kubernetes@2.9.6 kubectl_logs .properties.tail.type',
    'mcp-server-kubernetes@2.9.6 kubectl_scale .properties.replicas.type',
    'mcp-server-kubernetes@4.1.7 kubectl_create .properties.replicas.type',
    'mcp-server-kubernetes@4.1.7 kubectl_logs .properties.tail.type',
    'mcp-server-kubernetes@4.1.7 kubectl_scale .properties.replicas.type',
    'playwright-mcp@0.0.83 browser_snapshot .properties.depth.type',
    'playwright-mcp@0.0.83 browser_tabs .properties.index.type',
    'server-filesystem@2025.11.25 read_file .properties.head.type',
    'server-filesystem@2025.11.25 read_file .properties.tail.type',
    'server-filesystem@2025.11.25 read_text_file .properties.head.type',
    'server-filesystem@2025.11.25 read_text_file .properties.tail.type',
    'server-filesystem@2026.8.31 read_file .properties.head.type',
    'server-filesystem@2026.8.31 read_file .properties.tail.type',
    'server-filesystem@2026.8.31 read_text_file .properties.head.type',
    'server-filesystem@2026.8.31 read_text_file .properties.tail.type',
    'tavily-mcp@0.2.22 tavily_search .properties.max_results.type',
  ],
  // "Possible values include `ascending` and `descending`" on free strings.
  'prefer-enum': [
    'notion-mcp-server@1.9.1 API-post-search .properties.filter.properties.property',
    'notion-mcp-server@1.9.1 API-post-search .properties.filter.properties.value',
    'notion-mcp-server@1.9.1 API-post-search .properties.sort.properties.direction',
    'notion-mcp-server@1.9.1 API-post-search .properties.sort.properties.timestamp',
  ],
  // Required and defaulted at once (kubernetes' namespace "default", playwright's zod defaults).
  'required-no-default': [
    'mcp-server-kubernetes@2.9.6 install_helm_chart .properties.namespace.default',
    'mcp-server-kubernetes@2.9.6 kubectl_context .properties.operation.default',
    'mcp-server-kubernetes@2.9.6 kubectl_delete .properties.namespace.default',
    'mcp-server-kubernetes@2.9.6 kubectl_get .properties.namespace.default',
    'mcp-server-kubernetes@2.9.6 kubectl_logs .properties.namespace.default',
    'mcp-server-kubernetes@2.9.6 kubectl_rollout .properties.namespace.default',
    'mcp-server-kubernetes@2.9.6 kubectl_rollout .properties.resourceType.default',
    'mcp-server-kubernetes@2.9.6 kubectl_rollout .properties.subCommand.default',
    'mcp-server-kubernetes@2.9.6 uninstall_helm_chart .properties.namespace.default',
    'mcp-server-kubernetes@2.9.6 upgrade_helm_chart .properties.namespace.default',
    'mcp-server-kubernetes@4.1.7 install_helm_chart .properties.namespace.default',
    'mcp-server-kubernetes@4.1.7 kubectl_context .properties.operation.default',
    'mcp-server-kubernetes@4.1.7 kubectl_logs .properties.namespace.default',
    'mcp-server-kubernetes@4.1.7 kubectl_rollout .properties.namespace.default',
    'mcp-server-kubernetes@4.1.7 kubectl_rollout .properties.resourceType.default',
    'mcp-server-kubernetes@4.1.7 kubectl_rollout .properties.subCommand.default',
    'mcp-server-kubernetes@4.1.7 uninstall_helm_chart .properties.namespace.default',
    'mcp-server-kubernetes@4.1.7 upgrade_helm_chart .properties.namespace.default',
    'playwright-mcp@0.0.83 browser_console_messages .properties.level.default',
    'playwright-mcp@0.0.83 browser_network_requests .properties.static.default',
    'playwright-mcp@0.0.83 browser_take_screenshot .properties.scale.default',
  ],
  // No "required" array, which section 2.4 asks for ("required": [] when nothing is).
  'schema-properties-required': [
    'brave-search-mcp-server@2.1.4 brave_place_search .required',
    'firecrawl-mcp@3.26.0 firecrawl_credit_usage .required',
    'firecrawl-mcp@3.26.0 firecrawl_find_tools .required',
    'firecrawl-mcp@3.26.0 firecrawl_interact .required',
    'firecrawl-mcp@3.26.0 firecrawl_monitor_create .required',
    'firecrawl-mcp@3.26.0 firecrawl_monitor_list .required',
    'firecrawl-mcp@3.26.0 firecrawl_scrape .required',
    'mcp-server-kubernetes@2.9.6 cleanup .required',
    'mcp-server-kubernetes@2.9.6 list_api_resources .required',
    'mcp-server-kubernetes@4.1.7 cleanup .required',
    'mcp-server-kubernetes@4.1.7 list_api_resources .required',
    'playwright-mcp@0.0.83 browser_close .required',
    'playwright-mcp@0.0.83 browser_emulate_media .required',
    'playwright-mcp@0.0.83 browser_file_upload .required',
    'playwright-mcp@0.0.83 browser_find .required',
    'playwright-mcp@0.0.83 browser_navigate_back .required',
    'playwright-mcp@0.0.83 browser_run_code_unsafe .required',
    'playwright-mcp@0.0.83 browser_snapshot .required',
    'playwright-mcp@0.0.83 browser_wait_for .required',
    'server-filesystem@2025.11.25 list_allowed_directories .required',
    'server-filesystem@2026.8.31 list_allowed_directories .required',
    'server-memory@2025.4.25 read_graph .required',
    'server-memory@2026.8.31 read_graph .required',
  ],
};

let result: ToolLintResult | undefined;
const lint = (): ToolLintResult =>
  (result ??= lintToolSets(SNAPSHOTS.map((name) => ({ name, kind: 'file' as const, tools: loadToolFile(`${DIR}${name}.tools.json`).tools }))));

describe('schema rules on real servers', () => {
  it('lints all 19 snapshots with no error at recommended, from any rule', () => {
    expect(SNAPSHOTS).toHaveLength(19);
    expect(lint().findings.filter((f) => f.severity === 'error').map((f) => `${f.ruleId} ${f.file} ${f.target}`)).toEqual([]);
  });

  it.each(Object.keys(PINNED))('%s finds exactly the findings read and judged true', (id) => {
    const found = lint().findings.filter((f) => f.ruleId === id).map((f) => `${f.file} ${f.target} ${f.path.replace('$.inputSchema', '')}`);
    expect(found).toEqual(PINNED[id]);
  });

  it('keeps the severities judged right for this data', () => {
    const severities = (id: string): string[] => [...new Set(lint().findings.filter((f) => f.ruleId === id).map((f) => f.severity))];
    expect(severities('format-known')).toEqual(['info']);
    expect(severities('not-all-strings')).toEqual(['info']);
    for (const id of ['optional-has-default', 'object-fillable', 'prefer-array', 'prefer-integer', 'prefer-enum', 'required-no-default', 'schema-properties-required']) expect(severities(id)).toEqual(['warn']);
  });

  it('property-description: 416 properties with no description anywhere the model reads one (a sample of 20 read)', () => {
    // Described on an anyOf branch or a $ref target counts (notion-mcp-server 2.5.2's cover, filter, properties...).
    expect(lint().findings.filter((f) => f.ruleId === 'property-description')).toHaveLength(416);
    expect(lint().findings.some((f) => f.ruleId === 'property-description' && f.file === 'notion-mcp-server@2.5.2' && f.target === 'API-patch-page' && f.path === '$.inputSchema.properties.cover')).toBe(false);
  });

  it('leaves optional parameters without a stated default alone (filters, update fields, action-only parameters)', () => {
    const flagged = new Set(lint().findings.filter((f) => f.ruleId === 'optional-has-default').map((f) => `${f.target} ${f.path}`));
    for (const quiet of ['API-patch-page $.inputSchema.properties.archived', 'API-query-data-source $.inputSchema.properties.filter', 'kubectl_rollout $.inputSchema.properties.revision', 'read_text_file $.inputSchema.properties.head', 'brave_place_search $.inputSchema.properties.radius']) {
      expect(flagged.has(quiet), quiet).toBe(false);
    }
  });
});
