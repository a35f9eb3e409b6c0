/**
 * Probing one live server: tools/list twice (same order?), every inputSchema well-formed, an unknown
 * tool, and for each tool that is safe to call, arguments that break its schema. The spec's echo
 * sample is the one valid call, made only when the tool matches the sample exactly.
 */
import { toErrorInfo, ToolvetError } from '../errors.ts';
import { runRules } from '../lint/run-rules.ts';
import { requiredExists } from '../lint/rules/tool/required-exists.ts';
import { schemaObjectRoot } from '../lint/rules/tool/schema-object-root.ts';
import { schemaPropertiesRequired } from '../lint/rules/tool/schema-properties-required.ts';
import { schemaValid } from '../lint/rules/tool/schema-valid.ts';
import { DEFAULT_TOOL_LINT_SETTINGS } from '../lint/tool-rule-kit.ts';
import { mayProbeWithBadArguments } from '../safety/call-policy.ts';
import { checkArguments } from '../scoring/schema-check.ts';
import type { ToolDefinition } from '../types.ts';
import { planBadArguments } from './bad-arguments.ts';
import { probeSurface, surfaceStatuses } from './surface-probe.ts';
import { classifyFailure, classifyUnknownTool, type CallOutcome } from './classify.ts';
import { aboutTheBadValue, toolVerdict } from './verdict.ts';

const isRecordSchema = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
import type { CheckResult, CheckStatus, ProbeServerOptions, ServerProbe, ToolProbe, UnknownToolCheck } from './types.ts';
import { clipText } from '../safety/clip.ts';
export type { ProbeServerOptions } from './types.ts';

const RANK: Record<CheckStatus, number> = { skip: 0, pass: 1, warn: 2, fail: 3 };
export const worst = (statuses: CheckStatus[]): CheckStatus => statuses.reduce<CheckStatus>((a, b) => (RANK[b] > RANK[a] ? b : a), 'pass');

export const UNKNOWN_TOOL_NAME = 'toolvet_probe_no_such_tool';
const ECHO_INPUT = 'toolvet probe 4f1c';

async function call(options: ProbeServerOptions, tool: string, args: Record<string, unknown>): Promise<CallOutcome | undefined> {
  const connection = await options.connection();
  if (!connection) return undefined;
  try {
    return { result: await connection.callTool(tool, args, options.callTimeoutMs) };
  } catch (error) {
    return { error };
  }
}

function listStable(first: ToolDefinition[], second: ToolDefinition[]): CheckResult {
  const a = first.map((t) => t.name);
  const b = second.map((t) => t.name);
  if (a.join('\n') === b.join('\n')) return { status: 'pass', detail: `the same ${a.length} tool(s) in the same order twice` };
  if ([...a].sort().join('\n') === [...b].sort().join('\n')) return { status: 'fail', detail: `the same tools in a different order (first: ${a.slice(0, 3).join(', ')}...; then: ${b.slice(0, 3).join(', ')}...); prompt caches and snapshots churn` };
  return { status: 'fail', detail: `the two listings differ: ${a.length} then ${b.length} tools` };
}

function schemasWellFormed(tools: ToolDefinition[]): CheckResult {
  const report = runRules({ rules: [schemaObjectRoot, schemaValid, requiredExists, schemaPropertiesRequired], targets: tools, context: { settings: DEFAULT_TOOL_LINT_SETTINGS }, profile: 'probe' });
  if (report.findings.length === 0) return { status: 'pass', detail: `all ${tools.length} inputSchema(s) are well-formed` };
  const broken = report.findings.filter((f) => f.ruleId !== 'schema-properties-required');
  const list = (fs: typeof report.findings): string => [...new Set(fs.map((f) => f.target))].join(', ');
  if (broken.length > 0) return { status: 'fail', detail: `malformed inputSchema (spec 7.5) in ${list(broken)}: ${broken[0].message}` };
  return { status: 'warn', detail: `no "required" array (spec 2.4, 7.5) in ${list(report.findings)}` };
}

async function probeEcho(tools: ToolDefinition[], options: ProbeServerOptions): Promise<CheckResult | undefined> {
  const echo = tools.find((t) => t.name === 'echo');
  if (!echo) return undefined;
  const props = (echo.inputSchema.properties ?? {}) as Record<string, { type?: unknown }>;
  const required = Array.isArray(echo.inputSchema.required) ? echo.inputSchema.required : [];
  if (props.text?.type !== 'string' || required.length !== 1 || required[0] !== 'text') {
    return { status: 'skip', detail: `echo takes ${JSON.stringify(required)}, not the spec sample's one required string "text"` };
  }
  if (!mayProbeWithBadArguments(echo, options.allowDestructive)) return { status: 'skip', detail: 'echo is not annotated readOnlyHint or destructiveHint: false; pass --allow-destructive' };
  if (!checkArguments(echo.inputSchema, { text: ECHO_INPUT }).valid) return { status: 'skip', detail: 'the sample input does not fit echo\'s schema' };
  const outcome = await call(options, 'echo', { text: ECHO_INPUT });
  if (!outcome) return { status: 'skip', detail: 'the server is gone' };
  if ('error' in outcome) return { status: 'fail', detail: `echo failed: ${(outcome.error as Error).message}` };
  const content = outcome.result.content ?? [];
  const first = content[0] as { type?: string; text?: string } | undefined;
  if (outcome.result.isError) return { status: 'fail', detail: 'echo answered with isError' };
  if (content.length !== 1 || first?.type !== 'text') return { status: 'fail', detail: `echo answered with ${content.length} content items; the sample answers with one text item` };
  const text = first.text ?? '';
  if (!text.endsWith(ECHO_INPUT) || text === ECHO_INPUT) return { status: 'fail', detail: `echo answered ${JSON.stringify(clipText(text, 80, { ellipsis: '' }))}; the sample answers with a fixed prefix followed by the input` };
  return { status: 'pass', detail: `one text item: prefix ${JSON.stringify(text.slice(0, -ECHO_INPUT.length))} then the input` };
}

async function probeTool(tool: ToolDefinition, options: ProbeServerOptions): Promise<ToolProbe> {
  const skipped = (skipReason: string): ToolProbe => ({ tool: tool.name, state: 'skipped', skipReason, probes: [], status: 'skip' });
  if (!mayProbeWithBadArguments(tool, options.allowDestructive)) return skipped('not annotated readOnlyHint: true or destructiveHint: false; pass --allow-destructive to probe it');
  const plans = planBadArguments(tool);
  if (plans.length === 0) return skipped('takes no arguments that can be broken');
  const probes: ToolProbe['probes'] = [];
  for (const plan of plans) {
    const outcome = await call(options, tool.name, plan.arguments);
    if (!outcome) return { ...skipped('the server crashed and did not come back after one restart'), probes };
    const classified = classifyFailure(outcome);
    const props = isRecordSchema(tool.inputSchema.properties) ? Object.keys(tool.inputSchema.properties) : [];
    const reading =
      plan.kind === 'wrong-type' && plan.property
        ? aboutTheBadValue(classified, classified.message, { property: plan.property, othersValid: plan.othersValid ?? false, others: props })
        : classified;
    // A refusal about another parameter is read again as "could not tell", with its own detail.
    const c = reading === classified ? classified : { ...classified, ...reading, status: 'warn' as const, detail: `could not tell: ${reading.evidence}` };
    probes.push({ kind: plan.kind, arguments: plan.arguments, ...(plan.property ? { property: plan.property } : {}), shape: c.shape, verdict: c.verdict, evidence: c.evidence, status: c.status, detail: c.detail, excerpt: c.excerpt });
  }
  return { tool: tool.name, state: 'probed', probes, verdict: toolVerdict(probes.map((p) => p.verdict)), status: worst(probes.map((p) => p.status)) };
}

export async function probeServer(server: string, tools: ToolDefinition[], options: ProbeServerOptions): Promise<ServerProbe> {
  const first = await options.connection();
  if (!first) {
    const error = new ToolvetError('E_SERVER_CRASH', `server "${server}" was gone before it could be probed`, { server, hint: 'run it directly in a terminal to see why it exits' });
    return { server, state: 'errored', error: toErrorInfo(error), tools: tools.length, toolProbes: [], status: 'fail' };
  }
  const base = { server, capabilities: Object.keys(first.capabilities).sort(), ...(first.identity.version ? { version: first.identity.version } : {}), ...(first.identity.protocolVersion ? { protocolVersion: first.identity.protocolVersion } : {}), tools: tools.length };
  try {
    const again = await first.listTools();
    const stable = listStable(tools, again);
    const wellFormed = schemasWellFormed(tools);
    const unknown = await call(options, UNKNOWN_TOOL_NAME, {});
    const u = unknown ? classifyUnknownTool(unknown, UNKNOWN_TOOL_NAME) : undefined;
    const unknownTool: UnknownToolCheck | undefined = u && { tool: UNKNOWN_TOOL_NAME, shape: u.shape, namesTool: u.namesTool, status: u.status, detail: `${u.detail}: ${JSON.stringify(u.excerpt)}` };
    const toolProbes: ToolProbe[] = [];
    // Conformance runs protocol checks only: bad arguments and the echo sample are the conventions' business.
    if (!options.conformance) for (const tool of tools) toolProbes.push(await probeTool(tool, options));
    const echo = options.conformance ? undefined : await probeEcho(tools, options);
    // Structured results of real read-only calls, resources read, prompts got (surface-probe.ts).
    const surface = await probeSurface(tools, options);
    const statuses = [stable.status, wellFormed.status, ...(unknownTool ? [unknownTool.status] : []), ...(echo ? [echo.status] : []), ...toolProbes.map((t) => t.status), ...surfaceStatuses(surface)];
    return { ...base, state: 'probed', listStable: stable, schemasWellFormed: wellFormed, ...(unknownTool ? { unknownTool } : {}), ...(echo ? { echo } : {}), toolProbes, ...surface, status: worst(statuses) };
  } catch (error) {
    return { ...base, state: 'errored', error: toErrorInfo(error), toolProbes: [], status: 'fail' };
  }
}
