import { surfaceRuleTable } from '../../testing/surface-rule-table.ts';
import { appCsp } from './app-csp.ts';

const app = (csp: unknown, uri = 'ui://weather/view.html') => ({ uri, name: 'view', mimeType: 'text/html;profile=mcp-app', _meta: { ui: { csp } } });

surfaceRuleTable(appCsp, {
  valid: [
    {
      name: 'origins, a subdomain wildcard, a port, loopback http',
      items: [app({ connectDomains: ['https://api.weather.example', 'wss://live.weather.example:8443'], resourceDomains: ['https://*.cdn.example'], frameDomains: [], baseUriDomains: ['http://localhost:5173'] })],
    },
    { name: 'no CSP declared (the secure default: no network)', items: [{ uri: 'ui://weather/view.html', name: 'view' }] },
    { name: 'not an app: a csp on another scheme is not ours to read', items: [app({ connectDomains: ['*'] }, 'file:///x.html')] },
    { name: 'a template', items: [{ uriTemplate: 'ui://weather/{id}', name: 't' }] },
  ],
  invalid: [
    { name: 'bare wildcard', items: [app({ connectDomains: ['*'] })], at: ['resource:ui://weather/view.html:$._meta.ui.csp.connectDomains[0]'], message: /wildcard/ },
    { name: 'plain http to a remote host', items: [app({ resourceDomains: ['http://cdn.example'] })], at: ['resource:ui://weather/view.html:$._meta.ui.csp.resourceDomains[0]'], message: /use https/ },
    { name: 'a CSP keyword', items: [app({ frameDomains: ["'self'"] })], message: /keyword/ },
    { name: 'a path', items: [app({ connectDomains: ['https://api.example/v1'] })], message: /not an origin/ },
    { name: 'a wildcard over a top-level domain', items: [app({ connectDomains: ['https://*.com'] })], message: /top-level/ },
    { name: 'another scheme', items: [app({ resourceDomains: ['data://x'] })], message: /scheme data:/ },
    { name: 'not a list', items: [app({ connectDomains: 'https://api.example' })], at: ['resource:ui://weather/view.html:$._meta.ui.csp.connectDomains'] },
    { name: 'an unknown key', items: [app({ scriptDomains: ['https://x.example'] })], message: /hosts ignore it/ },
    { name: 'not an object', items: [app(['https://x.example'])], at: ['resource:ui://weather/view.html:$._meta.ui.csp'] },
    { name: 'a non-string entry', items: [app({ connectDomains: [42] })], message: /42 is not a string/ },
  ],
});
