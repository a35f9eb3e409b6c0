/**
 * The library's public surface, by name only. `src/index.test.ts` pins this list, so it changes only
 * on purpose. The CLI (`toolvet`) and the vitest helpers (`toolvet/vitest`) are built on it.
 */

// Errors, exit codes, core types and the one result model
export { EXIT, formatError, toErrorInfo, ToolvetError, type ErrorCode, type ErrorInfo } from './errors.ts';
export type {
  Attempt,
  CaseResult,
  ChatMessage,
  Expectation,
  ModelDriver,
  ModelRequest,
  ModelResponse,
  SelectionCase,
  ToolCall,
  ToolDefinition,
  PromptDefinition,
  ResourceDefinition,
  ResourceTemplateDefinition,
  ServerSurface,
} from './types.ts';
export { RESULT_SCHEMA_VERSION, type EvalSummary, type ToolvetResult, type Verdict } from './report/model.ts';

// Inputs
export { isRemote, loadHostConfig, selectServers, type HostConfig, type RemoteServerEntry, type ServerEntry, type StdioServerEntry } from './config/host-config.ts';
export { loadQuerySet, type QuerySet } from './config/query-set.ts';
export { loadToolFile } from './config/tool-file.ts';

// Servers and models
export { ServerConnection, type ServedSkill, type ServerIdentity, type ServerTimeouts } from './servers/server-connection.ts';
export { DEFAULT_LIST_LIMITS, type ListLimits } from './servers/list-limits.ts';
export { DEFAULT_SERVER_TIMEOUTS } from './servers/timeouts.ts';
export { ServerPool } from './servers/server-pool.ts';
export { createModel, type ModelOptions } from './models/index.ts';
export { createMockModel, rankTools } from './models/mock.ts';
export { createOpenAIModel } from './models/openai.ts';
export { startMockServer } from './models/mock-server.ts';
export { recordingModel, replayModel } from './models/replay.ts';

// Running and scoring
export { runEval, runEvalStreamed, type EvalOptions, type StreamedEval } from './run/eval-run.ts';
export { FAILED_CASES_KEPT } from './run/case-fold.ts';
export type { CaseStore } from './run/case-store.ts';
export { writeResultJson } from './report/write-result-json.ts';
export { runSelection, streamSelection } from './run/run-selection.ts';
export { scoreAttempt } from './scoring/score-attempt.ts';
export { matchArguments, normaliseString } from './scoring/args-match.ts';
export { matchCalls } from './scoring/match-calls.ts';
export { checkArguments } from './scoring/schema-check.ts';
export { summarise, wilsonInterval } from './scoring/metrics.ts';

// Lint and probe
export { runLint } from './lint/lint-run.ts';
export { lintTools, lintToolSets } from './lint/lint-tools.ts';
export { TOOL_RULES } from './lint/rules/tool/index.ts';
export { PROFILES } from './lint/profiles.ts';
export { runProbe } from './probe/probe-run.ts';
export type { ArgumentVerdict } from './probe/verdict.ts';
export { checkStructuredResult, type StructuredResultCheck } from './servers/structured-result.ts';

// Snapshots, diff and A/B
export { createSnapshot, serializeSnapshot, writeSnapshots } from './diff/snapshot.ts';
export { diffSides, runDiff } from './diff/run-diff.ts';
export { diffTools } from './diff/structural.ts';
export { classifyDeltas } from './diff/classify.ts';
export { CHECKS } from './diff/checks/index.ts';
export { gateDiff } from './diff/gate.ts';
export { applyBaseline, loadBaseline } from './diff/baseline.ts';
export { compareRuns, runAb } from './diff/ab.ts';
export { planAb } from './diff/ab-interval.ts';
export { runSequentialAb } from './diff/ab-sequential.ts';
export { improveDescriptions } from './improve/improve.ts';
export { improveSkill } from './improve/skills.ts';
export { mcnemarExactP, newcombePairedInterval } from './diff/paired-stats.ts';

// Skills
export { discoverSkills, hostRoots } from './skills/discover.ts';
export { fetchMcpSkills, type McpSkills } from './skills/mcp-skills.ts';
export { loadSkillEvals } from './skills/evals-file.ts';
export { lintSkills } from './skills/lint-skills.ts';
export { SKILL_RULES } from './lint/rules/skill/index.ts';
export { runTriggerEval } from './skills/trigger-eval.ts';
export { runBehaviourEval } from './skills/behaviour-eval.ts';
export { runAgentLoop } from './run/agent-loop.ts';
export { runScenarios, type ScenarioRunOptions } from './run/scenario-run.ts';
export type { Scenario, ScenarioResult, ScenarioExpect, TrajectoryCall, RunCost } from './run/scenario-types.ts';
export { runSkillsEval } from './skills/skills-eval-run.ts';

// Benchmarks, doctor, reports
export { runServerBench } from './bench/server-bench.ts';
export { runDoctor } from './doctor/run-doctor.ts';
export { FORMATS, reporterFor, REPORTERS } from './report/reporters.ts';
export { mergeResults } from './report/merge.ts';
export { validateResult } from './report/result-schema.ts';
