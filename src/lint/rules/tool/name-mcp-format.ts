import type { ToolRule } from '../../tool-rule-kit.ts';
import { clipText } from '../../../safety/clip.ts';

/** MCP 2025-11-25 and 2026-07-28, "Tool names": 1 to 128 characters, case-sensitive, from A-Z a-z 0-9 _ - . (a SHOULD). */
const MCP_NAME = /^[A-Za-z0-9_.-]{1,128}$/;

export const nameMcpFormat: ToolRule = {
  id: 'name-mcp-format',
  kind: 'tool',
  defaultSeverity: 'warn',
  description: 'tool names are 1-128 characters from [A-Za-z0-9_.-], as the MCP specification asks (2025-11-25, 2026-07-28)',
  check: (tools) =>
    tools
      .filter((t) => !MCP_NAME.test(t.name))
      .map((t) => {
        const bad = [...new Set(t.name.replace(/[A-Za-z0-9_.-]/g, ''))].map((c) => JSON.stringify(c)).join(', ');
        return {
          target: t.name,
          path: '$.name',
          message:
            t.name.length === 0
              ? 'the name is empty'
              : t.name.length > 128
                ? `"${clipText(t.name, 40, { ellipsis: '' })}..." is ${t.name.length} characters; MCP names are at most 128`
                : `"${t.name}" has ${bad} outside [A-Za-z0-9_.-]; MCP clients may refuse or rewrite it`,
        };
      }),
};
