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
export { SNAPSHOT_FORMAT, createSnapshot, serializeSnapshot, writeSnapshots } from './diff/snapshot.ts';
export { diffSides, runDiff } from './diff/run-diff.ts';
export { diffTools } from './diff/structural.ts';
export { classifyDeltas } from './diff/classify.ts';
export { CHECKS } from './diff/checks/index.ts';
export { gateDiff } from './diff/gate.ts';
export { applyBaseline, loadBaseline } from './diff/baseline.ts';
export { compareRuns, runAb } from './diff/ab.ts';
export type { PairedCase } from './diff/ab.ts';
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
export type { Scenario, ScenarioJudged, ScenarioResult, ScenarioExpect, TrajectoryCall, RunCost } from './run/scenario-types.ts';
export { runSkillsEval } from './skills/skills-eval-run.ts';

// Benchmarks, doctor, reports
export { runServerBench } from './bench/server-bench.ts';
export { runDoctor } from './doctor/run-doctor.ts';
export { FORMATS, reporterFor, REPORTERS } from './report/reporters.ts';
export { mergeResults } from './report/merge.ts';
export { validateResult } from './report/result-schema.ts';

// Option and result types of the runners above (API Extractor checks none is left unexported: etc/toolvet.api.md)
export type { BenchTaskKind, ServerBenchOptions } from './bench/server-bench.ts';
export type { OAuthSettings, ResolvedPath } from './config/host-config.ts';
export type { ReadLimits } from './config/read-file.ts';
export type { ToolFile } from './config/tool-file.ts';
export type { AbPlan, ChangeEstimate } from './diff/ab-interval.ts';
export type { SequentialAbOptions, SequentialAbOutcome } from './diff/ab-sequential.ts';
export type { AbOptions } from './diff/ab.ts';
export type { Baseline as DiffBaseline, BaselineEntry } from './diff/baseline.ts';
export type { DiffGate } from './diff/gate.ts';
export type { PairedCounts } from './diff/paired-stats.ts';
export type { DiffOptions } from './diff/run-diff.ts';
export type { Snapshot, SnapshotOptions, WrittenSnapshot } from './diff/snapshot.ts';
export type { AbResult, AbSequential, AbVerdict, BaselineIssue, CallEvidence, Change, CheckContext, Counterexample, Delta, DeltaKind, DiffCheck, DiffResult, FailOn, FlippedQuery, GatedAbResult, GatedChange, Level, PathStep, SchemaSide, SurfaceDeltaKind, VersionBump, VersionCheck } from './diff/types.ts';
export type { DoctorOptions } from './doctor/run-doctor.ts';
export type { CheckStatus as DoctorCheckStatus, DoctorCheck, DoctorReport } from './doctor/types.ts';
export type { ErrorDetails } from './errors.ts';
export type { Accuracy, Counting, HeldOutEvidence, HeldOutPower, ImproveOptions, ImproveResult, ImproveStep, RefusalRule, RefusedCandidate } from './improve/improve.ts';
export type { ImproveSkillOptions, SkillImproveResult } from './improve/skills.ts';
export type { LintRunOptions } from './lint/lint-run.ts';
export type { ToolLintOptions, ToolLintResult, ToolSet, ToolSetInfo } from './lint/lint-tools.ts';
export type { LintProfile } from './lint/profiles.ts';
export type { ToolLintContext, ToolLintSettings, ToolRule } from './lint/tool-rule-kit.ts';
export type { RankOptions, ToolScore } from './models/mock-rank.ts';
export type { MockServer, MockServerOptions } from './models/mock-server.ts';
export type { MockOptions } from './models/mock.ts';
export type { OpenAIModelOptions } from './models/openai.ts';
export type { RecordOptions, RecordingModel, ReplayModel, ReplayOptions } from './models/replay.ts';
export type { ProbeRunOptions } from './probe/probe-run.ts';
export type {
  ArgumentProbe,
  CheckResult,
  CheckStatus,
  ConformanceCheck,
  ConformanceReport,
  ConformanceScenario,
  ConformanceServer,
  FailureShape,
  InputRequestProbe,
  InputRequestReport,
  InputRequestShape,
  ProbeReport,
  ProbeSummary,
  PromptGetProbe,
  ProtocolCheck,
  ResourceReadProbe,
  ServerProbe,
  StructuredProbe,
  ToolProbe,
  UnknownToolCheck,
  UnknownToolShape,
} from './probe/types.ts';
export type { MergeOptions } from './report/merge.ts';
export type { BenchSection, BenchTaskResult, LoadingSection, LoadingSide, ModelMatrixEntry, ModelMatrixSection, ModelPair, SweepPoint, SweepSection } from './report/model.ts';
export type { RenderOptions, Reporter } from './report/reporter.ts';
export type { Diagnostic, Interval, ServerInfo, SuiteSummary, ToolStats, ToolTokens, VerdictStatus } from './report/result-core.ts';
export type { AgentLoopOptions, ExecutedCall, LoopCall, LoopOutcome, LoopTurn, StructuredFinding, ToolCallRecord } from './run/agent-loop.ts';
export type { CostGates } from './run/gates.ts';
export type { LineSpan } from './run/result-sink.ts';
export type { SelectionRunOptions } from './run/run-selection.ts';
export type { ToolSearchOptions } from './run/tool-search.ts';
export type { CallOrder as ScenarioCallOrder, CallStatus, Isolation, ScenarioCheck, ScenarioMessage, ScenarioStep, ScenarioStop, ScenarioSummary, ScenarioTurn } from './run/scenario-types.ts';
export type { CallOrder, CallsMatch, Step } from './scoring/match-calls.ts';
export type { SchemaCheck } from './scoring/schema-check.ts';
export type { StartOptions } from './servers/server-connection.ts';
export type { InputAction, InputAnswer, InputExchange, InputRequestSeen } from './servers/input-requests.ts';
export type { PoolOptions } from './servers/server-pool.ts';
export type { StderrTail } from './servers/stderr-tail.ts';
export type { StructuredStatus, ToolResultLike } from './servers/structured-result.ts';
export type { BehaviourEvalOptions } from './skills/behaviour-eval.ts';
export type { DiscoverOptions, Discovery, HiddenSkill, NotASkill, ShadowedSkill, SkillRoot } from './skills/discover.ts';
export type { SkillEvalCase, SkillEvals } from './skills/evals-file.ts';
export type { IgnoredKey } from './skills/evals-extra-keys.ts';
export type { SkillLintOptions, SkillLintOutcome } from './skills/lint-skills.ts';
export type { McpSkillsOptions } from './skills/mcp-skills.ts';
export type { AgentRun, BehaviourCaseResult, BehaviourEvalResult, BehaviourForm, BehaviourScore, BehaviourState, BehaviourStats, DiscoveredSkillInfo, DiscoveryInfo, EvalsLoadFailure, Loaded, SkillLintSection, SkillTriggerStats, SkillsResult, ToolCallRecord as SkillToolCallRecord, TriggerCaseResult, TriggerEvalResult } from './skills/result-types.ts';
export type { FrontMatter, SkillDoc, SkillScope } from './skills/skill-file.ts';
export type { SkillLintContext, SkillLintSettings, SkillLintTarget, SkillRule } from './skills/skill-lint-kit.ts';
export type { SkillsEvalOptions } from './skills/skills-eval-run.ts';
export type { AgreementTable, JudgeCalibrationSummary, JudgeCost, JudgeUsage, KappaEstimate, RateWithInterval } from './judge/judge-types.ts';
export type { AgreementStats } from './judge/agreement.ts';
export type { Price, PriceTable } from './run/cost.ts';
export type { CalibrationCase, CalibrationResult } from './judge/calibrate.ts';
export type { LabelledCase, LabelsFile } from './judge/labels-file.ts';
export type { TriggerEvalOptions } from './skills/trigger-eval.ts';
export type { ArgCheck, AttemptCall, CaseCost, CaseState, ExpectedArg, ExpectedCall, ExpectedCalls, FinishReason, JsonSchema, JsonValue, ModelUsage, PromptArgument, Role, ToolAnnotations, ToolChoice, ToolSearchTrace } from './types.ts';
export type { Side } from './diff/sides.ts';
export type { ActiveSeverity, Finding, LintReport, LintRule, LintSummary, RawFinding, RuleMeta, Severity } from './lint/framework.ts';
export type { Alternative } from './models/mock-index.ts';
export type { Candidate } from './improve/candidate.ts';
export type { EvalDialect } from './skills/evals-dialects.ts';
export type { OfferedSkill } from './skills/trigger-host.ts';
export type { Sampling } from './models/cassette.ts';
export type { SurfaceGap } from './diff/snapshot-surface.ts';
export type { NestedSkillFile, WalkOptions } from './skills/discover-walk.ts';
export type { EvalsProblemGroup } from './skills/evals-problems.ts';
export type { TransportLimits } from './servers/capped-fetch.ts';
