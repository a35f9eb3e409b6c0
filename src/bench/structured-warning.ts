/** Bench's use of the structured-result check: a benchmarked call whose result breaks its outputSchema is a warning of the run. */
import type { Diagnostic } from '../report/model.ts';
import { checkStructuredResult, type ToolResultLike } from '../servers/structured-result.ts';
import type { ToolDefinition } from '../types.ts';

export function structuredWarning(server: string, task: string, tool: ToolDefinition, result: ToolResultLike): Diagnostic | undefined {
  const check = checkStructuredResult(tool, result);
  if (check.status === 'fail' || check.status === 'warn') {
    return { code: check.status === 'fail' ? 'W_BENCH_STRUCTURED_INVALID' : 'W_BENCH_STRUCTURED_TEXT', server, message: `${server} ${task}: ${check.detail}`, hint: 'the timed calls return this result; fix the server, or see `toolvet probe` for every tool' };
  }
  if (!tool.outputSchema && check.jsonText && !result.isError) {
    return { code: 'W_BENCH_STRUCTURED_MISSING', server, message: `${server} ${task}: returns JSON text but declares no outputSchema`, hint: 'declare an outputSchema and return structuredContent' };
  }
  return undefined;
}
