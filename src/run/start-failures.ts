/**
 * Which query sets a server that did not start leaves without a fair run. A set sees the tools of the
 * servers it names (`servers:`), or of every server of the run; when one of those did not start, the
 * model would choose among an incomplete list, so a no-tool case would "pass" with nothing offered and
 * a near miss could pass only because its rival is missing. Every case of such a set is errored with
 * the start error instead (run-selection.ts `blockedBy`), on the CLI and the vitest path alike.
 */
import type { ToolvetError } from '../errors.ts';

export interface SetServers {
  name: string;
  servers?: readonly string[];
}

/** For each set (by name) a server of it that did not start, with its error: the first in the set's order. */
export function blockedSets(sets: readonly SetServers[], runServers: readonly string[], startErrors: readonly ToolvetError[]): Map<string, ToolvetError> {
  const failed = new Map(startErrors.filter((e) => e.server !== undefined).map((e) => [e.server!, e]));
  const blocked = new Map<string, ToolvetError>();
  if (failed.size === 0) return blocked;
  for (const set of sets) {
    const error = (set.servers ?? runServers).map((name) => failed.get(name)).find((e) => e !== undefined);
    if (error && !blocked.has(set.name)) blocked.set(set.name, error);
  }
  return blocked;
}
