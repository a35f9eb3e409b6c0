import type { ToolDefinition } from '../../../types.ts';
import { cleanTool, ruleTable } from '../../testing/rule-table.ts';
import { taskSupportValid } from './task-support-valid.ts';

const withExecution = (execution: unknown): ToolDefinition => ({ ...cleanTool(), execution }) as unknown as ToolDefinition;

ruleTable(taskSupportValid, {
  valid: [
    { name: 'no execution field', tools: [cleanTool()] },
    { name: 'forbidden', tools: [withExecution({ taskSupport: 'forbidden' })] },
    { name: 'optional', tools: [withExecution({ taskSupport: 'optional' })] },
    { name: 'required', tools: [withExecution({ taskSupport: 'required' })] },
    { name: 'execution without taskSupport', tools: [withExecution({})] },
  ],
  invalid: [
    { name: 'a misspelt value', tools: [withExecution({ taskSupport: 'requried' })], paths: ['$.execution.taskSupport'], message: /"requried" is not one of "forbidden", "optional", "required"/ },
    { name: 'a boolean', tools: [withExecution({ taskSupport: true })], paths: ['$.execution.taskSupport'], message: /true is not one of/ },
    { name: 'a capitalised value', tools: [withExecution({ taskSupport: 'Required' })], paths: ['$.execution.taskSupport'] },
    { name: 'execution as a string', tools: [withExecution('task')], paths: ['$.execution'], message: /not an object/ },
    { name: 'execution as null', tools: [withExecution(null)], paths: ['$.execution'] },
  ],
});
