/**
 * Which tools ask for input: each tool probe may call with valid arguments (annotated read-only, its
 * valid arguments obvious from the schema, as for structured results) is called once and nothing is
 * answered. On a 2026-07-28 server the call asks for the raw result, so an `input_required` answer is
 * read as the server sent it, malformed or not; on a 2025-era server the SDK hands each
 * `elicitation/create` request to Toolvet's handler, which cancels it and keeps its params (the SDK
 * refuses a malformed one before that, and the call then fails). Each request is checked for shape
 * (input-request-shape.ts). Tools that may write are never called with valid arguments: they are
 * counted as not called.
 */
import { isAnnotatedReadOnly } from '../safety/call-policy.ts';
import type { ToolDefinition } from '../types.ts';
import { inputRequestShape, inputRequiredShapes, type InputRequestShape } from './input-request-shape.ts';
import { validArguments } from './structured-probe.ts';
import type { CheckStatus, InputRequestProbe, InputRequestReport, ProbeServerOptions } from './types.ts';

function statusOf(requests: InputRequestShape[]): { status: CheckStatus; detail: string } {
  const broken = requests.filter((r) => r.problems.length > 0 && !r.deprecated);
  if (broken.length > 0) return { status: 'fail', detail: `a malformed input request${broken[0].key ? ` ("${broken[0].key}")` : ''}: ${broken[0].problems.join('; ')}` };
  const old = requests.filter((r) => r.deprecated);
  if (old.length > 0) return { status: 'warn', detail: old[0].problems[0] };
  const said = requests.map((r) => (r.mode === 'url' ? `a URL (${JSON.stringify(r.message)})` : `${JSON.stringify(r.message)} (fields: ${r.fields.join(', ') || 'none'})`));
  return { status: 'pass', detail: `asks for input, well formed: ${said.join('; ')}` };
}

export async function probeInputRequests(tools: readonly ToolDefinition[], options: ProbeServerOptions): Promise<InputRequestReport> {
  const asked: InputRequestProbe[] = [];
  const notCalled: string[] = [];
  let called = 0;
  for (const tool of tools) {
    const args = isAnnotatedReadOnly(tool) ? validArguments(tool) : undefined;
    if (!args) {
      notCalled.push(tool.name);
      continue;
    }
    const connection = await options.connection();
    if (!connection) break;
    called++;
    let requests: InputRequestShape[] = [];
    if (connection.identity.era === 'modern') {
      const result = await connection.requestRaw('tools/call', { name: tool.name, arguments: args }, { timeoutMs: options.callTimeoutMs, allowInputRequired: true }).catch(() => undefined);
      if (result && 'inputRequests' in result) requests = inputRequiredShapes(result);
    } else {
      connection.takeInputParams();
      await connection.callToolAnswering(tool.name, args, [], options.callTimeoutMs).catch(() => undefined);
      // One request per distinct question: a server may ask again after a cancel.
      const distinct = [...new Map(connection.takeInputParams().map((p) => [JSON.stringify(p), p])).values()];
      requests = distinct.map((p) => inputRequestShape(p, undefined, 'elicitation/create'));
    }
    if (requests.length > 0) asked.push({ tool: tool.name, arguments: args, requests, ...statusOf(requests) });
  }
  return { called, notCalled, asked };
}
