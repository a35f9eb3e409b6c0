/**
 * What a vitest suite imports (`toolvet/vitest`): run a selection eval against live servers or tool
 * files, assert thresholds with matchers, and attach the result to the test's meta so the Toolvet
 * vitest reporter can write reports.
 */
import { expect } from 'vitest';
import type { ToolvetResult } from '../report/model.ts';
import { diffMatchers } from './matchers-diff.ts';
import { lintMatchers } from './matchers-lint.ts';
import { selectionMatchers } from './matchers-selection.ts';
import { skillsMatchers } from './matchers-skills.ts';
import { scenarioMatchers } from './matchers-scenarios.ts';
import { redactedCopy, redactMessages, shareSecrets } from './secrets-bridge.ts';

declare module 'vitest' {
  interface TaskMeta {
    /** Toolvet results attached by a suite, collected by the Toolvet vitest reporter. */
    toolvet?: ToolvetResult[];
  }
}

/** Attaches a result to the running test (`recordResult(ctx.task, result)`), for the vitest reporter. */
// The task is typed loosely on purpose: a consumer's TypeScript may not apply the TaskMeta augmentation
// above (vitest re-exports TaskMeta from @vitest/runner), and a vitest task must still be accepted.
export function recordResult(task: { meta: object }, result: ToolvetResult): void {
  const meta = task.meta as { toolvet?: ToolvetResult[] };
  // A redacted copy: vitest's own json and blob reporters save meta as it is.
  (meta.toolvet ??= []).push(redactedCopy(result));
  shareSecrets();
}

// Failure messages quote what servers and models said; vitest prints and saves them as they are.
expect.extend(redactMessages({ ...selectionMatchers, ...lintMatchers, ...diffMatchers, ...skillsMatchers, ...scenarioMatchers }));

export { evalSelection, type SelectionEvalOptions } from './eval-selection.ts';
export { diffMatchers, lintMatchers, scenarioMatchers, selectionMatchers, skillsMatchers };
export { evalScenarios, type ScenariosEvalOptions, type TrajectoryOptions, type TrajectoryStep } from './matchers-scenarios.ts';
export { describeFlips, diffToolLists, type DiffToolListsOptions } from './matchers-diff.ts';
export { formatFinding, type NoFindingsOptions } from './matchers-lint.ts';
export { evalSkills, type SkillsEvalSuiteOptions } from './matchers-skills.ts';
export type { ToolvetResult };
