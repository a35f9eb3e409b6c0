/**
 * Runs scenarios: each gets its servers (fresh processes with `isolation: scenario`, the shared pool
 * with `isolation: run`), goes through the agent loop with the safety rule in front of every call,
 * makes the state call, and is scored by every applicable expectation (expect/index.ts).
 *
 * The model is offered the tools of the set's servers only (`servers:`, else the run's), and each call
 * is routed by the name it uses (src/servers/tool-routing.ts), whether the servers are the
 * scenario's own or the run's shared pool. The safety rule (src/safety/call-policy.ts) stands in
 * front of every call: one held back never reaches a server; the model gets a result saying it was
 * not executed and why, and the trajectory lists it.
 */
import type { CallToolResult } from '../servers/server-connection.ts';
import type { HostConfig } from '../config/host-config.ts';
import type { QuerySet } from '../config/query-set.ts';
import { toErrorInfo, ToolvetError } from '../errors.ts';
import type { ServerTimeouts } from '../servers/server-connection.ts';
import { ServerPool } from '../servers/server-pool.ts';
import { decideCall, type AllowList } from '../safety/call-policy.ts';
import { ToolRoutes, type RoutedTool } from '../servers/tool-routing.ts';
import type { InputAnswer } from '../servers/input-requests.ts';
import type { ChatMessage, ModelDriver, ToolCall } from '../types.ts';
import { runAgentLoop, type ExecutedCall, type LoopOutcome } from './agent-loop.ts';
import { SCENARIO_SCORERS, type TrajectoryView } from './expect/index.ts';
import { quote } from './expect/types.ts';
import { judgeText } from '../judge/judge-answer.ts';
import { checkStructuredResult } from '../servers/structured-result.ts';
import type { CaseCost, Scenario, ScenarioJudged, ScenarioResult, ScenarioStop, TrajectoryCall } from './scenario-types.ts';

export const SCENARIO_SYSTEM_PROMPT = "You are an assistant with tools. Use them to do what the user asks, one step after another, then answer the user in text.";

export interface ScenarioRunOptions {
  host: HostConfig;
  /** Servers selected for the run (--server, or every server of the config). */
  serverNames: string[];
  /** The sets' scenarios (their cases are not read here). */
  sets: ReadonlyArray<Omit<QuerySet, 'cases'>>;
  model: ModelDriver;
  /** --allow-tools: tools that may run in every scenario although not read-only. */
  allowTools?: readonly string[];
  /** The run's pool, shared by the scenarios of sets with `isolation: run`. */
  sharedPool?: ServerPool;
  serverTimeouts?: Partial<ServerTimeouts>;
  maxTokens?: number;
  temperature?: number;
  /** Isolated scenarios in flight at once (default 1: see runScenarios); shared-server scenarios always run one at a time. */
  concurrency?: number;
  signal?: AbortSignal;
  onResult?: (result: ScenarioResult) => void;
  /** The LLM judge of `expect.judge` answers (required when a scenario has one; checked by the caller). */
  judge?: ModelDriver;
}

export async function runScenarios(options: ScenarioRunOptions): Promise<ScenarioResult[]> {
  const results: ScenarioResult[] = [];
  for (const set of options.sets) {
    const names = set.servers ?? options.serverNames;
    const shared = set.isolation === 'run' ? options.sharedPool : undefined;
    const one = async (scenario: Scenario): Promise<ScenarioResult> => {
      const pool = shared ?? (await ServerPool.start(options.host, names, { timeouts: options.serverTimeouts, answerInput: true }));
      try {
        const result = await runScenario(scenario, pool, names, options);
        options.onResult?.(result);
        return result;
      } finally {
        if (!shared) await pool.close();
      }
    };
    // One at a time unless asked: fresh processes do not make fresh outside state (server-memory's
    // file, a database), so side-by-side scenarios could see each other's writes. Scenarios that share
    // servers always run in file order, since each may see what the one before wrote.
    const workers = shared ? 1 : Math.max(1, Math.min(options.concurrency ?? 1, set.scenarios.length));
    const out: ScenarioResult[] = new Array(set.scenarios.length);
    let next = 0;
    const worker = async (): Promise<void> => {
      while (next < set.scenarios.length && !options.signal?.aborted) {
        const index = next++;
        out[index] = await one(set.scenarios[index]);
      }
    };
    await Promise.all(Array.from({ length: workers }, worker));
    results.push(...out.filter((r): r is ScenarioResult => r !== undefined));
    if (options.signal?.aborted) break;
  }
  return results;
}

function openingMessages(scenario: Scenario): ChatMessage[] {
  return [
    { role: 'system', content: scenario.system ?? SCENARIO_SYSTEM_PROMPT },
    ...(scenario.messages ?? []).map((m): ChatMessage => ({ role: m.role, content: m.content })),
    { role: 'user', content: scenario.query },
  ];
}

/** Where scenarios allow a tool, for the reason a call was held back. */
const ALLOW_SOURCE = "the scenario's allow list or --allow-tools";

async function runScenario(scenario: Scenario, pool: ServerPool, servers: readonly string[], options: ScenarioRunOptions): Promise<ScenarioResult> {
  const startError = pool.errors().find((e) => e.server === undefined || servers.includes(e.server));
  // Only the set's servers: a shared pool holds every server of the run.
  const routes = ToolRoutes.among(pool.tools(), servers);
  const allow: AllowList = { names: [...scenario.allow, ...(options.allowTools ?? [])], source: ALLOW_SOURCE };
  if (startError) return erroredBeforeStart(scenario, toErrorInfo(startError));
  const stateTool = scenario.expect.state ? (lookupFound(routes, scenario.expect.state.call.tool)) : undefined;
  if (stateTool && !decideCall(stateTool, allow).run) {
    throw new ToolvetError('E_USAGE', `scenario "${scenario.id}" (${scenario.suite}): the state call ${stateTool.offered} may change data (it is not annotated readOnlyHint: true)`, {
      tool: stateTool.offered,
      hint: `check state with a read-only tool, or add ${stateTool.offered} to the scenario's allow list if calling it is safe`,
    });
  }
  const budget = scenario.expect.budget;
  const outcome = await runAgentLoop({
    model: options.model,
    messages: openingMessages(scenario),
    tools: routes.offered(),
    execute: executor(pool, routes, allow, scenario.answers ?? []),
    maxTurns: budget?.turns !== undefined ? Math.min(scenario.maxTurns, budget.turns + 1) : scenario.maxTurns,
    ...(budget?.tokens !== undefined || budget?.latencyMs !== undefined ? { budget: { ...(budget.tokens !== undefined ? { tokens: budget.tokens } : {}), ...(budget.latencyMs !== undefined ? { latencyMs: budget.latencyMs } : {}) } } : {}),
    ...(options.maxTokens !== undefined ? { maxTokens: options.maxTokens } : {}),
    ...(options.temperature !== undefined ? { temperature: options.temperature } : {}),
    ...(options.signal ? { signal: options.signal } : {}),
  });
  const turns = outcome.steps.map((step) => ({
    turn: step.turn,
    text: step.text,
    finishReason: step.finishReason,
    promptTokens: step.promptTokens,
    completionTokens: step.completionTokens,
    latencyMs: step.latencyMs,
    calls: step.calls.map(({ call, executed, latencyMs }): TrajectoryCall => trajectoryCall(step.turn, step.finishReason, call, executed, latencyMs)),
  }));
  const calls = turns.flatMap((t) => t.calls);
  const cost: CaseCost = {
    promptTokens: sum(turns.map((t) => t.promptTokens)),
    completionTokens: sum(turns.map((t) => t.completionTokens)),
    modelLatencyMs: sum(turns.map((t) => t.latencyMs)),
    toolLatencyMs: sum(calls.map((c) => c.latencyMs)),
    turns: turns.length,
    calls: calls.length,
    cost: null,
  };
  const stop: ScenarioStop = outcome.stop === 'max-turns' && budget?.turns !== undefined && turns.length > budget.turns && turns.length < scenario.maxTurns ? 'budget' : outcome.stop;
  const budgetSpent = stop === 'budget' ? (outcome.budgetSpent ?? `${turns.length} model turns, over the budget of ${budget?.turns} (budget.turns)`) : undefined;
  const result: ScenarioResult = {
    id: scenario.id,
    suite: scenario.suite,
    query: scenario.query,
    expected: scenario.expect,
    allow: scenario.allow,
    maxTurns: scenario.maxTurns,
    state: 'passed',
    pass: true,
    reason: '',
    stop,
    turns,
    finalAnswer: outcome.finalText,
    checks: [],
    cost,
  };
  if (outcome.stop === 'error') return errored(result, outcome);
  if (scenario.expect.state) result.stateCall = await stateCall(pool, stateTool, scenario.expect.state.call);
  const view: TrajectoryView = { scenario, calls, stop, finalAnswer: outcome.finalText, turns, cost, ...(result.stateCall ? { stateCall: result.stateCall } : {}), ...(budgetSpent ? { budgetSpent } : {}) };
  for (const scorer of SCENARIO_SCORERS) {
    if (!scorer.applies(scenario)) continue;
    result.checks.push({ id: scorer.id, ...scorer.check(view) });
  }
  if (scenario.expect.judge && options.judge) {
    const judged = await judgeAnswer(options.judge, scenario, outcome.finalText, options.signal);
    result.judged = judged;
    if (judged.verdict === 'error') return { ...result, state: 'errored', pass: false, reason: `the judge could not judge the answer: ${judged.reason}`, ...(judged.error ? { error: judged.error } : {}) };
    result.checks.push({ id: 'judge', pass: judged.verdict === 'pass', reason: `the judge ${judged.verdict === 'pass' ? 'passed' : 'failed'} the answer (${scenario.expect.judge.expectation}): ${judged.reason}${judged.evidence ? `; quoted ${quote(judged.evidence)}` : ''}` });
  }
  const failed = result.checks.find((c) => !c.pass);
  result.state = failed ? 'failed' : 'passed';
  result.pass = !failed;
  result.reason = failed ? failed.reason : `${calls.length} call(s) in ${turns.length} turn(s); every expectation holds`;
  return result;
}

function errored(result: ScenarioResult, outcome: LoopOutcome): ScenarioResult {
  const info = outcome.error!;
  return { ...result, state: 'errored', pass: false, reason: `turn ${outcome.steps.length}: ${info.code}: ${info.message}`, error: info };
}

function erroredBeforeStart(scenario: Scenario, info: NonNullable<ScenarioResult['error']>): ScenarioResult {
  return {
    id: scenario.id,
    suite: scenario.suite,
    query: scenario.query,
    expected: scenario.expect,
    allow: scenario.allow,
    maxTurns: scenario.maxTurns,
    state: 'errored',
    pass: false,
    reason: `${info.code}: ${info.message}`,
    stop: 'error',
    turns: [],
    finalAnswer: '',
    checks: [],
    cost: { promptTokens: 0, completionTokens: 0, modelLatencyMs: 0, toolLatencyMs: 0, turns: 0, calls: 0, cost: null },
    error: info,
  };
}

const sum = (values: number[]): number => values.reduce((a, b) => a + b, 0);

/** `expect.judge`: the final answer, the expectation and its rubric to the LLM judge (src/judge/judge-answer.ts). */
async function judgeAnswer(judge: ModelDriver, scenario: Scenario, answer: string, signal?: AbortSignal): Promise<ScenarioJudged> {
  const spec = scenario.expect.judge!;
  const v = await judgeText(judge, { expectation: spec.expectation, ...(spec.rubric ? { rubric: spec.rubric } : {}), request: scenario.query, text: answer }, signal);
  return { verdict: v.verdict, reason: v.reason, ...(v.evidence ? { evidence: v.evidence } : {}), usage: v.usage, ...(v.error ? { error: v.error } : {}) };
}

/** The tool a scenario's own name (offered or `server__tool`) refers to; checked before the run (checkScenarioTools). */
function lookupFound(routes: ToolRoutes, name: string): RoutedTool | undefined {
  const found = routes.lookup(name, true);
  return 'found' in found ? found.found : undefined;
}

function trajectoryCall(turn: number, finishReason: string, call: ToolCall, executed: ExecutedCall, latencyMs: number): TrajectoryCall {
  const out: TrajectoryCall = {
    turn,
    tool: call.name,
    rawArguments: call.rawArguments,
    status: executed.notRun?.status ?? 'ran',
    result: executed.text,
    isError: executed.isError,
    latencyMs,
  };
  if (call.arguments) out.arguments = call.arguments;
  if (executed.server) out.server = executed.server;
  if (executed.structured) out.structured = executed.structured;
  if (executed.inputs?.length) out.inputs = executed.inputs;
  if (executed.notRun) out.why = !call.arguments && finishReason === 'length' && executed.notRun.status === 'invalid' ? `its arguments were cut off (finish_reason length): ${call.rawArguments.slice(0, 80)}` : executed.notRun.why;
  return out;
}

/** Routing, then the safety rule, in front of every call; a call that passes both runs on its server. */
function executor(pool: ServerPool, routes: ToolRoutes, allow: AllowList, answers: readonly InputAnswer[]): (call: ToolCall) => Promise<ExecutedCall> {
  return async (call) => {
    const tool = routes.route(call.name);
    if (!tool?.server) {
      const why = `the model called "${call.name}", a tool nobody lists`;
      return { text: `Not executed: there is no tool named "${call.name}".`, isError: true, notRun: { status: 'invalid', why } };
    }
    if (!call.arguments) {
      const why = `its arguments are not a JSON object: ${call.rawArguments.slice(0, 80)}`;
      return { text: `Not executed: the arguments of ${call.name} are not a JSON object.`, isError: true, server: tool.server, notRun: { status: 'invalid', why } };
    }
    const decision = decideCall(tool, allow);
    if (!decision.run) {
      return {
        text: `Not executed: Toolvet held back this call to ${tool.offered} because it ${decision.why}. Nothing was changed.`,
        isError: true,
        server: tool.server,
        notRun: { status: 'held', why: decision.why },
      };
    }
    return callOnServer(pool, tool, call.arguments, answers);
  };
}

async function callOnServer(pool: ServerPool, tool: RoutedTool, args: Record<string, unknown>, answers: readonly InputAnswer[] = []): Promise<ExecutedCall> {
  const server = tool.server!;
  try {
    const connection = await pool.ensure(server);
    if (!connection) return { text: `error: server "${server}" is not running`, isError: true, server };
    // The server's own name for the tool, whatever name the model was offered.
    const { result, inputs } = await connection.callToolAnswering(tool.name, args, answers);
    const check = checkStructuredResult(tool.definition, result);
    const structured = check.status === 'fail' || check.status === 'warn' ? { status: check.status, detail: check.detail, ...(check.path ? { path: check.path } : {}) } : undefined;
    return { text: resultText(result), isError: result.isError === true, server, ...(structured ? { structured } : {}), ...(inputs.length ? { inputs } : {}) };
  } catch (error) {
    const info = toErrorInfo(error);
    const inputs = pool.connection(server)?.takeInputLog() ?? [];
    return { text: `error: ${info.code}: ${info.message}`, isError: true, server, ...(inputs.length ? { inputs } : {}) };
  }
}

async function stateCall(pool: ServerPool, tool: RoutedTool | undefined, call: { tool: string; args: Record<string, import('../types.ts').JsonValue> }): Promise<ScenarioResult['stateCall']> {
  if (!tool?.server) return undefined;
  const executed = await callOnServer(pool, tool, call.args);
  return { tool: call.tool, arguments: call.args, result: executed.text, isError: executed.isError };
}

/** The text a model would see: text blocks as they are, anything else (and structured content alone) as JSON. */
export function resultText(result: CallToolResult): string {
  const parts = (result.content ?? []).map((block) => (block.type === 'text' ? block.text : JSON.stringify(block)));
  if (parts.length === 0 && result.structuredContent !== undefined) return JSON.stringify(result.structuredContent);
  return parts.join('\n');
}
