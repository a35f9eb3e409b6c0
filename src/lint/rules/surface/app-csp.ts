import { uiMeta } from '../../../servers/app-visibility.ts';
import type { RawFinding } from '../../framework.ts';
import { isTemplate, perResource, type ResourceRule } from '../../surface-rule-kit.ts';

/** MCP Apps' CSP lists (`McpUiResourceCsp`); each maps to CSP directives a host builds for the app's sandbox. */
const LISTS = ['connectDomains', 'resourceDomains', 'frameDomains', 'baseUriDomains'] as const;
const LOOPBACK = /^(localhost|127\.0\.0\.1|\[::1\])$/;
// scheme://host[:port], the host optionally `*.` + a domain: an origin, as CSP source lists take.
const ORIGIN = /^([a-z][a-z0-9+.-]*):\/\/(\*\.)?([A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*|\[[0-9a-fA-F:]+\])(?::(\d{1,5}))?\/?$/;

/** What is wrong with one entry of a CSP list, or null when it is a secure origin. */
export function cspEntryProblem(entry: unknown): string | null {
  if (typeof entry !== 'string') return `${JSON.stringify(entry)} is not a string`;
  if (entry.startsWith("'") || entry === '*') return `"${entry}" is a CSP keyword or wildcard, not an origin; list each origin the app needs`;
  const m = ORIGIN.exec(entry);
  if (!m) return `"${entry}" is not an origin (scheme://host[:port], no path)`;
  const [, scheme, wildcard, host] = m;
  if (wildcard && !host.includes('.')) return `"${entry}" allows every subdomain of a top-level domain`;
  if ((scheme === 'http' || scheme === 'ws') && !LOOPBACK.test(host)) return `"${entry}" is not encrypted; use ${scheme}s://`;
  if (!['https', 'wss', 'http', 'ws'].includes(scheme)) return `"${entry}" uses scheme ${scheme}:, which a web app cannot load from safely`;
  return null;
}

/** The CSP a `ui://` resource declares is what a host enforces on the app: it must be origins, encrypted, no wildcards. */
export const appCsp: ResourceRule = {
  id: 'app-csp',
  kind: 'resource',
  defaultSeverity: 'warn',
  description: 'an MCP App (ui:// resource) declares its CSP (_meta.ui.csp) as lists of https/wss origins: no wildcards, keywords, paths or plain http',
  check: (items) =>
    perResource(items, (r) => {
      if (isTemplate(r) || !r.uri.startsWith('ui://')) return [];
      const ui = uiMeta(r);
      if (ui?.csp === undefined) return [];
      const csp = ui.csp;
      if (typeof csp !== 'object' || csp === null || Array.isArray(csp)) return [{ path: '$._meta.ui.csp', message: `the CSP of app "${r.uri}" is not an object of origin lists` }];
      const findings: Array<Omit<RawFinding, 'target'>> = [];
      for (const [key, value] of Object.entries(csp)) {
        const path = `$._meta.ui.csp.${key}`;
        if (!(LISTS as readonly string[]).includes(key)) {
          findings.push({ path, message: `"${key}" is not a CSP list of MCP Apps (${LISTS.join(', ')}); hosts ignore it` });
        } else if (!Array.isArray(value)) {
          findings.push({ path, message: `${key} of app "${r.uri}" is not a list of origins` });
        } else {
          value.forEach((entry: unknown, i: number) => {
            const problem = cspEntryProblem(entry);
            if (problem) findings.push({ path: `${path}[${i}]`, message: `${key} of app "${r.uri}": ${problem}` });
          });
        }
      }
      return findings;
    }),
};
