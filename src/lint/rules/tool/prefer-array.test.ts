import { ruleTable, withProperty } from '../../testing/rule-table.ts';
import { realParameter } from '../../testing/real-tools.ts';
import { preferArray } from './prefer-array.ts';

ruleTable(preferArray, {
  valid: [
    { name: 'array of strings', tools: [withProperty('tags', { type: 'array', items: { type: 'string' }, default: [], description: 'Tags, as a list.' })] },
    // "list of" as a pointer elsewhere, not a description of the value.
    { name: '"For a list of country codes, see ..." (brave x-loc-country)', tools: [realParameter('brave-search-mcp-server@2.1.4', 'brave_llm_context', 'x-loc-country')] },
    { name: '"for the full list of supported countries" (tavily country)', tools: [realParameter('tavily-mcp@0.2.22', 'tavily_search', 'country')] },
  ],
  invalid: [
    { name: 'comma-separated', tools: [withProperty('tags', { type: 'string', default: '', description: 'Comma-separated tags.' })], paths: ['$.inputSchema.properties.tags.type'] },
    { name: 'list of', paths: ['$.inputSchema.properties.ids.type'], tools: [withProperty('ids', { type: 'string', default: '', description: 'A list of note ids.' })] },
    { name: 'list of, in a later sentence', paths: ['$.inputSchema.properties.ids.type'], tools: [withProperty('ids', { type: 'string', default: '', description: 'Notes to fetch. The list of note ids, comma or space between them.' })] },
    { name: '"A list of page property value IDs" (notion retrieve-a-page filter_properties)', tools: [realParameter('notion-mcp-server@2.5.2', 'API-retrieve-a-page', 'filter_properties')], paths: ['$.inputSchema.properties.filter_properties.type'] },
  ],
});
