import type { DiffCheck } from '../types.ts';

export const taskSupportRequired: DiffCheck = {
  id: 'task-support-required',
  level: 'breaking',
  description: 'execution.taskSupport became "required" (absent = "forbidden"): clients that call it without a task fail',
  kinds: ['tool-field'],
  check: (d) =>
    d.keyword === 'taskSupport' && d.after === 'required' && d.before !== 'required'
      ? `"${d.tool}" now requires task-based execution (taskSupport ${String(d.before)} -> required); clients that call it directly fail`
      : null,
};
