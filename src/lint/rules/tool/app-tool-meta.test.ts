import { cleanTool, ruleTable } from '../../testing/rule-table.ts';
import { appToolMeta } from './app-tool-meta.ts';

const ui = (value: unknown) => cleanTool({ _meta: { ui: value } });

ruleTable(appToolMeta, {
  valid: [
    { name: 'no _meta', tools: [cleanTool()] },
    { name: 'a view and both audiences', tools: [ui({ resourceUri: 'ui://pdf-viewer/mcp-app.html', visibility: ['model', 'app'] })] },
    { name: 'app-only, as server-pdf lists its viewer tools', tools: [ui({ visibility: ['app'] })] },
    { name: 'other _meta keys', tools: [cleanTool({ _meta: { 'ui/resourceUri': 'ui://x/y.html' } })] },
  ],
  invalid: [
    { name: 'ui not an object', tools: [ui('app')], paths: ['$._meta.ui'] },
    { name: 'resourceUri on another scheme', tools: [ui({ resourceUri: 'https://x.example/app.html' })], paths: ['$._meta.ui.resourceUri'], message: /ui:\/\// },
    { name: 'visibility a string', tools: [ui({ visibility: 'app' })], paths: ['$._meta.ui.visibility'], message: /not a list/ },
    { name: 'visibility empty', tools: [ui({ visibility: [] })], paths: ['$._meta.ui.visibility'], message: /neither/ },
    { name: 'an unknown audience', tools: [ui({ visibility: ['model', 'user'] })], paths: ['$._meta.ui.visibility[1]'], message: /"user"/ },
  ],
});
