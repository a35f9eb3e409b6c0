import { uiMeta } from '../../../servers/app-visibility.ts';
import type { RawFinding } from '../../framework.ts';
import { perTool, type ToolRule } from '../../tool-rule-kit.ts';

const AUDIENCES = ['model', 'app'];

/**
 * MCP Apps: `_meta.ui` on a tool links its view (`resourceUri`, a `ui://` resource) and says who may
 * call it (`visibility`, a list of "model" and "app"; absent means both). A visibility hosts cannot
 * read is read as "both" by some and ignored by others, so an app-only tool may reach a model.
 */
export const appToolMeta: ToolRule = {
  id: 'app-tool-meta',
  kind: 'tool',
  defaultSeverity: 'error',
  description: 'a tool\'s MCP Apps metadata (_meta.ui) is well formed: resourceUri a ui:// URI, visibility a non-empty list of "model" and "app"',
  check: (tools) =>
    perTool(tools, (tool) => {
      const meta = tool._meta as Record<string, unknown> | undefined;
      if (meta?.ui === undefined) return [];
      const ui = uiMeta(tool);
      if (!ui) return [{ path: '$._meta.ui', message: 'the MCP Apps metadata _meta.ui is not an object' }];
      const findings: Array<Omit<RawFinding, 'target'>> = [];
      if (ui.resourceUri !== undefined && (typeof ui.resourceUri !== 'string' || !ui.resourceUri.startsWith('ui://'))) {
        findings.push({ path: '$._meta.ui.resourceUri', message: `resourceUri ${JSON.stringify(ui.resourceUri)} is not a ui:// URI; hosts show only ui:// resources as app views` });
      }
      const visibility = ui.visibility;
      if (visibility !== undefined) {
        if (!Array.isArray(visibility)) {
          findings.push({ path: '$._meta.ui.visibility', message: `visibility ${JSON.stringify(visibility)} is not a list; write ["app"] for an app-only tool, or leave it out for both` });
        } else if (visibility.length === 0) {
          findings.push({ path: '$._meta.ui.visibility', message: 'visibility [] lets neither the model nor the app call the tool; leave it out for both' });
        } else {
          visibility.forEach((v: unknown, i: number) => {
            if (typeof v !== 'string' || !AUDIENCES.includes(v)) findings.push({ path: `$._meta.ui.visibility[${i}]`, message: `visibility ${JSON.stringify(v)} is neither "model" nor "app"` });
          });
        }
      }
      return findings;
    }),
};
