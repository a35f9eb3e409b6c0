/**
 * A reporter renders the one result model into one format. It never computes verdicts or metrics:
 * everything it shows is already in the result. One reporter, one file in reporters/, named by id.
 */
import type { ToolvetResult } from './model.ts';

export interface RenderOptions {
  /** An earlier result: per-query-set accuracy is shown with its change against it. */
  previous?: ToolvetResult;
}

export interface Reporter {
  /** The `--format` name; equal to the reporter's file name in reporters/. */
  id: string;
  /** One line for `--help` and the README. */
  description: string;
  /** File extension used when the vitest reporter or `--out-dir` names the file. */
  extension: string;
  render(result: ToolvetResult, options?: RenderOptions): string;
}
