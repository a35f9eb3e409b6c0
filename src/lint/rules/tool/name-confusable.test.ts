import { realTools } from '../../testing/real-tools.ts';
import { cleanTool, ruleTable } from '../../testing/rule-table.ts';
import { nameConfusable } from './name-confusable.ts';

ruleTable(nameConfusable, {
  valid: [{ name: 'clearly different', tools: [cleanTool({ name: 'get_user' }), cleanTool({ name: 'list_users' })] }],
  invalid: [
    { name: 'plural', tools: [cleanTool({ name: 'get_user' }), cleanTool({ name: 'get_users' })], paths: ['get_users:$.name'] },
    { name: 'separator only', tools: [cleanTool({ name: 'get_note' }), cleanTool({ name: 'getNote' })], paths: ['getNote:$.name'] },
    { name: 'one letter', tools: [cleanTool({ name: 'tag_item' }), cleanTool({ name: 'tab_item' })], paths: ['tab_item:$.name'] },
    // The hint renames the listing side from its own words, never an unrelated example.
    { name: 'notion-mcp-server API-get-user / API-get-users', tools: realTools('notion-mcp-server@2.5.2'), paths: ['API-get-users:$.name'], message: /e\.g\. API-list-users for the one that lists$/ },
    { name: 'playwright-mcp browser_network_request(s)', tools: realTools('playwright-mcp@0.0.83'), paths: ['browser_network_requests:$.name'], message: /e\.g\. browser_list_network_requests / },
  ],
});
