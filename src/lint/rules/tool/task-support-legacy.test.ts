import type { ToolDefinition } from '../../../types.ts';
import { cleanTool, ruleTable } from '../../testing/rule-table.ts';
import { taskSupportLegacy } from './task-support-legacy.ts';

const withTasks = (taskSupport: string): ToolDefinition => ({ ...cleanTool(), execution: { taskSupport } }) as unknown as ToolDefinition;

ruleTable(taskSupportLegacy, {
  valid: [
    { name: 'no execution field', tools: [cleanTool()] },
    { name: '"forbidden", the default 2025-era SDKs write on every tool', tools: [withTasks('forbidden')] },
    { name: 'a value none of the three (task-support-valid reports it)', tools: [withTasks('sometimes')] },
  ],
  invalid: [
    { name: 'optional', tools: [withTasks('optional')], paths: ['$.execution.taskSupport'], message: /tasks extension/ },
    { name: 'required', paths: ['$.execution.taskSupport'], tools: [withTasks('required')], message: /"required"/ },
  ],
});
