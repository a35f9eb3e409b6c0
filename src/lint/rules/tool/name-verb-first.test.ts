import { realTool, realTools } from '../../testing/real-tools.ts';
import { cleanTool, ruleTable } from '../../testing/rule-table.ts';
import { nameVerbFirst } from './name-verb-first.ts';

const k8s = realTools('mcp-server-kubernetes@4.1.7');
const playwright = realTools('playwright-mcp@0.0.83');
const pick = (tools: typeof k8s, ...names: string[]) => tools.filter((t) => names.includes(t.name));

ruleTable(nameVerbFirst, {
  valid: [
    { name: 'snake verb', tools: [cleanTool()] },
    { name: 'camel verb', tools: [cleanTool({ name: 'getWeather' })] },
    { name: 'namespaced', tools: [cleanTool({ name: 'notes.search_notes' })] },
    // Holdout servers (@executeautomation/playwright-mcp-server 1.0.12, @browserbasehq/mcp-server-browserbase 2.4.3): verbs the list lacked.
    { name: 'holdout verbs: end, expect, act', tools: [cleanTool({ name: 'end_codegen_session' }), cleanTool({ name: 'playwright_expect_response' }), cleanTool({ name: 'browserbase_stagehand_act' })] },
    // Verbs a handful-long list missed, and namespace prefixes, on real names.
    { name: 'kubectl_get, kubectl_scale, port_forward', tools: pick(k8s, 'kubectl_get', 'kubectl_scale', 'kubectl_reconnect', 'port_forward') },
    { name: 'browser_click, browser_emulate_media, browser_handle_dialog', tools: pick(playwright, 'browser_click', 'browser_emulate_media', 'browser_handle_dialog', 'browser_drop') },
    { name: 'notion API-retrieve-a-page', tools: [realTool('notion-mcp-server@2.5.2', 'API-retrieve-a-page')] },
    { name: 'fork', tools: [cleanTool({ name: 'fork_repository' })] },
    { name: 'a prefix then a verb', tools: [cleanTool({ name: 'notion_create_page' })] },
    { name: 'a shared prefix and a resource-first pair', tools: [realTool('brave-search-mcp-server@2.1.4', 'brave_web_search'), realTool('brave-search-mcp-server@2.1.4', 'brave_news_search')] },
    { name: 'resource first, verb last', tools: [cleanTool({ name: 'sub_issue_write' })] },
  ],
  invalid: [
    { name: 'noun first', tools: [cleanTool({ name: 'directory_tree', description: 'Get a recursive tree of the folders.' })], paths: ['$.name'], message: /e\.g\. get_directory_tree$/ },
    { name: 'a noun-like verb last', tools: [cleanTool({ name: 'weather_report', description: 'Weather for a city.' })], paths: ['$.name'], message: /e\.g\. report_weather$/ },
    { name: 'noun only, no verb anywhere: no invented name', tools: [cleanTool({ name: 'weather', description: 'The weather of a city.' })], paths: ['$.name'], message: /start it with what the tool does/ },
    // The suggestion comes from the tool's own words, never get_<name>.
    { name: 'kubectl_logs (shared prefix kept)', tools: pick(k8s, 'kubectl_logs', 'kubectl_get'), paths: ['$.name'], message: /e\.g\. kubectl_get_logs$/ },
    { name: 'node_management', paths: ['$.name'], tools: pick(k8s, 'node_management'), message: /e\.g\. manage_node$/ },
    { name: 'browser_tabs', paths: ['$.name'], tools: pick(playwright, 'browser_tabs', 'browser_click'), message: /e\.g\. browser_list_tabs$/ },
    { name: 'sequentialthinking', paths: ['$.name'], tools: [realTool('server-sequential-thinking@2026.8.31', 'sequentialthinking')], message: /^(?!.*get_)/ },
  ],
});

// The conventions read literally (the conventions profile): verb first, no resource-first name.
ruleTable(nameVerbFirst, {
  valid: [
    { name: 'literal: search_notes', literal: true, tools: [cleanTool({ name: 'search_notes' })] },
    { name: 'literal: create_pull_request (a noun-like last word)', literal: true, tools: [cleanTool({ name: 'create_pull_request' })] },
  ],
  invalid: [
    { name: 'literal: invoice_search reads resource-first', literal: true, tools: [cleanTool({ name: 'invoice_search' })], paths: ['$.name'] },
    { name: 'literal: kubectl_get (a prefix before the verb)', literal: true, tools: [cleanTool({ name: 'kubectl_get' })], paths: ['$.name'] },
  ],
});
