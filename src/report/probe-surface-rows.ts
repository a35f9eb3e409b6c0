/** The probe's structured-result, resource and prompt checks as flat rows, for the Markdown, HTML and JUnit reporters. */
import type { CheckStatus, ServerProbe } from '../probe/types.ts';

export interface SurfaceRow {
  server: string;
  /** `structured result`, `resource read`, `prompt get`, `prompt without argument`, `input request`. */
  check: string;
  /** The tool, resource URI or prompt (with the argument left out). */
  name: string;
  status: CheckStatus;
  detail: string;
}

export function surfaceRows(p: ServerProbe): SurfaceRow[] {
  return [
    ...(p.structuredResults ?? []).map((c) => ({ server: p.server, check: 'structured result', name: c.tool, status: c.status, detail: c.detail })),
    ...(p.resourceReads ?? []).map((c) => ({ server: p.server, check: 'resource read', name: c.uri, status: c.status, detail: c.detail })),
    ...(p.promptGets ?? []).map((c) => ({
      server: p.server,
      check: c.kind === 'missing-required' ? 'prompt without argument' : 'prompt get',
      name: c.kind === 'missing-required' ? `${c.prompt} without ${c.argument}` : c.prompt,
      status: c.status,
      detail: c.detail,
    })),
    ...(p.inputRequests?.asked ?? []).map((c) => ({ server: p.server, check: 'input request', name: c.tool, status: c.status, detail: c.detail })),
    ...(p.protocolChecks ?? []).map((c) => ({ server: p.server, check: c.scenario, name: c.id, status: c.status, detail: c.detail })),
  ];
}
