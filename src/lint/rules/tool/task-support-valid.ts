import { perTool, type ToolRule } from '../../tool-rule-kit.ts';

const VALUES = ['forbidden', 'optional', 'required'];

/**
 * `execution.taskSupport` (2025-11-25 tasks) takes one of three words. Anything else fails the tool
 * list in the SDK clients, whose schema is an enum: the server's whole listing is refused, not just
 * the tool (so this rule fires on tool files and snapshots; a live listing never gets this far).
 */
export const taskSupportValid: ToolRule = {
  id: 'task-support-valid',
  kind: 'tool',
  defaultSeverity: 'error',
  description: 'execution is an object and execution.taskSupport, when present, is "forbidden", "optional" or "required"',
  check: (tools) =>
    perTool(tools, (tool) => {
      const execution = (tool as unknown as { execution?: unknown }).execution;
      if (execution === undefined) return [];
      if (typeof execution !== 'object' || execution === null || Array.isArray(execution)) return [{ path: '$.execution', message: `execution is ${JSON.stringify(execution)}, not an object; clients refuse the whole tool list` }];
      const value = (execution as { taskSupport?: unknown }).taskSupport;
      if (value === undefined || VALUES.includes(value as string)) return [];
      return [{ path: '$.execution.taskSupport', message: `taskSupport ${JSON.stringify(value)} is not one of ${VALUES.map((v) => `"${v}"`).join(', ')}; SDK clients refuse the whole tool list over it` }];
    }),
};
