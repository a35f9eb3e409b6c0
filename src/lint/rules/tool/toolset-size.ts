import type { ToolRule } from '../../tool-rule-kit.ts';

/** Selection accuracy drops as the menu grows; past about 20 tools, split the server or group tools. */
export const toolsetSize: ToolRule = {
  id: 'toolset-size',
  kind: 'tool',
  defaultSeverity: 'warn',
  description: 'a set has at most 20 tools (setting maxTools)',
  spec: '10 (anti-patterns)',
  check: (tools, { settings }) =>
    tools.length > settings.maxTools
      ? [{ path: '$', message: `${tools.length} tools in one set (limit ${settings.maxTools}); models pick worse from long menus, split the server or merge look-alike tools` }]
      : [],
};
