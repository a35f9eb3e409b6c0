import { surfaceRuleTable } from '../../testing/surface-rule-table.ts';
import { resourceDescription } from './resource-description.ts';

surfaceRuleTable(resourceDescription, {
  valid: [
    { name: 'described', items: [{ uri: 'memory://knowledge-graph', name: 'knowledge-graph', description: 'The full knowledge graph with all entities and relations' }] },
    { name: 'an MCP Apps view (ui://) is for the host, not the model', items: [{ uri: 'ui://pdf-viewer/mcp-app.html', name: 'ui://pdf-viewer/mcp-app.html' }] },
    { name: 'templates are template-description\'s', items: [{ uriTemplate: 'x://{id}', name: 'x' }] },
  ],
  invalid: [{ name: 'absent (server-everything 2025.11.25)', items: [{ uri: 'test://static/resource/1', name: 'Resource 1', mimeType: 'text/plain' }], at: ['resource:test://static/resource/1:$.description'] }],
});
