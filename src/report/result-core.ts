/**
 * The primitives of the result model that features use themselves (verdicts, intervals, summaries,
 * diagnostics, server info). A leaf: it imports no feature, so a feature can import it without
 * pulling in the whole model (model.ts composes every feature's section and re-exports these).
 */
import type { ErrorInfo } from '../errors.ts';

/** `none`: the run had no gate to pass or fail (eval without --min-accuracy or `gate:`); it exits 0. */
export type VerdictStatus = 'pass' | 'fail' | 'error' | 'none';

export interface Verdict {
  status: VerdictStatus;
  /** One line each: why the gate failed or what stopped the run; with `none`, how to set a gate. Empty on pass. */
  reasons: string[];
}

export interface Interval {
  low: number;
  high: number;
}

export interface ToolStats {
  tool: string;
  /** Cases that expected this tool. */
  support: number;
  truePositives: number;
  falsePositives: number;
  falseNegatives: number;
  precision: number | null;
  recall: number | null;
  f1: number | null;
}

export interface EvalSummary {
  cases: number;
  passed: number;
  failed: number;
  errored: number;
  skipped: number;
  /** passed / (cases - skipped), counting errored cases as not passed. */
  accuracy: number;
  /** Wilson 95% interval over all attempts. */
  interval: Interval;
  attempts: number;
  attemptsPassed: number;
  repeat: number;
  /** Share of cases where at least one attempt passed. */
  passAtK: number;
  /** Share of cases where every attempt passed. */
  passHatK: number;
  /** Accuracy over cases whose answer is no tool; null when there are none. */
  noToolAccuracy: number | null;
  /** Share of tool calls whose arguments validate against the tool's inputSchema and match expectations. */
  argAccuracy: number | null;
  perTool: ToolStats[];
  /** confusion[expected][chosen] = attempts; `(none)` stands for no tool, `(error)` for no answer. */
  confusion: Record<string, Record<string, number>>;
  /** Mean model latency per attempt in milliseconds. */
  meanLatencyMs: number;
}

export interface SuiteSummary {
  suite: string;
  model: string;
  summary: EvalSummary;
  /** Estimated tokens of the tool list every request of this suite carries (see ToolTokens). */
  toolTokens?: number;
}

/**
 * What the tool list costs in every request: `estimate` is about four characters of the tool JSON
 * (name, description, parameters) per token, close for English and JSON under BPE tokenisers; no
 * model's own tokenizer is loaded, so the figure is labelled an estimate.
 */
export interface ToolTokens {
  method: 'estimate';
  /** The largest suite's tool list: what one request carries at most. */
  perRequest: number;
  /** The suite that carries it. */
  suite: string;
  /**
   * `search`: deferred loading (`eval --loading search`), where requests carry the search tool and what
   * it loaded; `perRequest` is then the largest list one request carried. Absent: every tool in every request.
   */
  loading?: 'search';
  /** Deferred loading: mean estimated tool tokens over every request made. */
  meanPerRequest?: number;
  /** Deferred loading: model requests per attempt (its searches and its answer). */
  requestsPerAttempt?: number;
}

export interface Diagnostic {
  code: string;
  message: string;
  hint?: string;
  server?: string;
}

export interface ServerInfo {
  name: string;
  version?: string;
  /** The negotiated MCP revision: 2026-07-28 (server/discover) or the 2025 handshake's (2025-11-25 and older). */
  protocolVersion?: string;
  /** How Toolvet reached the server. */
  transport?: 'stdio' | 'http' | 'sse';
  tools: number;
  /** Restarts after a crash. */
  restarts: number;
  error?: ErrorInfo;
}
