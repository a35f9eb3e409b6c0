import { cleanTool, ruleTable, withProperty } from '../../testing/rule-table.ts';
import { realParameter } from '../../testing/real-tools.ts';
import { optionalHasDefault } from './optional-has-default.ts';

const at = (name: string): string[] => [`$.inputSchema.properties.${name}`];

ruleTable(optionalHasDefault, {
  valid: [
    { name: 'optional with default', tools: [cleanTool()] },
    // Holdout servers: the stated default is a phrase, not a value; its first word would be a harmful default.
    { name: '"defaults to your personal account" (@modelcontextprotocol/server-github fork_repository organization)', tools: [withProperty('organization', { type: 'string', description: 'Optional: organization to fork to (defaults to your personal account)' })] },
    { name: '"default: user\'s Downloads folder" (@executeautomation/playwright-mcp-server playwright_screenshot downloadsDir)', tools: [withProperty('downloadsDir', { type: 'string', description: "Custom downloads directory path (default: user's Downloads folder)" })] },
    // Real parameters that are optional on purpose: a default would change what the call means.
    { name: 'a filter (notion query archived)', tools: [realParameter('notion-mcp-server@2.5.2', 'API-query-data-source', 'archived')] },
    { name: 'an update field (notion patch-page archived)', tools: [realParameter('notion-mcp-server@1.9.1', 'API-patch-page', 'archived')] },
    { name: '"if provided" (filesystem read_text_file head)', tools: [realParameter('server-filesystem@2025.11.25', 'read_text_file', 'head')] },
    { name: '"if omitted" (brave place radius)', tools: [realParameter('brave-search-mcp-server@2.1.4', 'brave_place_search', 'radius')] },
    { name: 'an action-only parameter (kubectl_rollout revision)', tools: [realParameter('mcp-server-kubernetes@2.9.6', 'kubectl_rollout', 'revision')] },
    { name: '"Default is the latest" is no value (brave api-version)', tools: [realParameter('brave-search-mcp-server@2.1.4', 'brave_llm_context', 'api-version')] },
    { name: 'a default that depends on other parameters (firecrawl search domainTools)', tools: [realParameter('firecrawl-mcp@3.26.0', 'firecrawl_search', 'domainTools')] },
    { name: '"by default" about something else (brave cache-control, playwright browser_type slowly)', tools: [realParameter('brave-search-mcp-server@2.1.4', 'brave_llm_context', 'cache-control'), realParameter('playwright-mcp@0.0.83', 'browser_type', 'slowly')] },
    { name: 'a stated default that does not fit the type', tools: [withProperty('count', { type: 'integer', description: 'How many. Defaults to all of them.' })] },
    { name: 'two different stated defaults', tools: [withProperty('mode', { type: 'string', enum: ['fast', 'slow'], description: 'Speed. Defaults to fast (default: slow on mobile).' })] },
    { name: 'required parameters are required-no-default\'s', tools: [withProperty('unit', { type: 'string', description: 'Unit. Defaults to "cm".' }, true)] },
  ],
  invalid: [
    { name: '"default: page.pdf" (@executeautomation/playwright-mcp-server playwright_save_as_pdf filename)', tools: [withProperty('filename', { type: 'string', description: 'Name of the PDF file (default: page.pdf)' })], paths: at('filename'), message: /"default": "page.pdf"$/ },
    { name: '"Default is 20" (brave place count)', tools: [realParameter('brave-search-mcp-server@2.1.4', 'brave_place_search', 'count')], paths: at('count'), message: /"default": 20$/ },
    { name: '"defaults to left" on an enum (playwright browser_click button)', tools: [realParameter('playwright-mcp@0.0.83', 'browser_click', 'button')], paths: at('button'), message: /"default": "left"$/ },
    { name: '"Defaults to false." (playwright browser_console_messages all)', tools: [realParameter('playwright-mcp@0.0.83', 'browser_console_messages', 'all')], paths: at('all'), message: /"default": false$/ },
    { name: '"(default: 10)" (exa web_search_exa numResults)', tools: [realParameter('exa-mcp-server@3.4.1', 'web_search_exa', 'numResults')], paths: at('numResults'), message: /"default": 10$/ },
    { name: '\'"extract" (default)\' (firecrawl agent mode)', tools: [realParameter('firecrawl-mcp@3.26.0', 'firecrawl_agent', 'mode')], paths: at('mode'), message: /"default": "extract"$/ },
    { name: '"Compact by default" names an enum value (firecrawl search toolDetail)', tools: [realParameter('firecrawl-mcp@3.26.0', 'firecrawl_search', 'toolDetail')], paths: at('toolDetail'), message: /"default": "compact"$/ },
    { name: '"The default size is 100" (notion retrieve-a-page-property page_size)', tools: [realParameter('notion-mcp-server@2.5.2', 'API-retrieve-a-page-property', 'page_size')], paths: at('page_size'), message: /"default": 100$/ },
    { name: 'quoted string default', tools: [withProperty('unit', { type: 'string', description: 'Unit of length. Defaults to "cm".' })], paths: at('unit'), message: /"default": "cm"$/ },
  ],
});
