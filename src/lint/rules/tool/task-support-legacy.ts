import { perTool, type ToolRule } from '../../tool-rule-kit.ts';

/**
 * MCP 2026-07-28 moved tasks out of the core protocol into an extension; `execution.taskSupport`
 * on a tool is the 2025-11-25 form. Still valid for legacy clients, so this is information only.
 */
export const taskSupportLegacy: ToolRule = {
  id: 'task-support-legacy',
  kind: 'tool',
  defaultSeverity: 'info',
  description: 'execution.taskSupport "optional" or "required" is the 2025-11-25 form of tasks; 2026-07-28 moved tasks to an extension',
  check: (tools) =>
    perTool(tools, (tool) => {
      const execution = (tool as unknown as { execution?: { taskSupport?: unknown } }).execution;
      // "forbidden" is the default the 2025-era SDKs write on every tool: it asks nothing of a client, so it is not reported;
      // a value that is none of the three is task-support-valid's finding.
      if (execution?.taskSupport !== 'optional' && execution?.taskSupport !== 'required') return [];
      return [
        {
          path: '$.execution.taskSupport',
          message: `taskSupport ${JSON.stringify(execution.taskSupport)} is the 2025-11-25 form; 2026-07-28 clients negotiate tasks through the tasks extension, and a client that speaks only 2026-07-28 ignores this field`,
        },
      ];
    }),
};
