/**
 * The tool-count sweep: the query sets' cases run once per size, each set's tools padded with that many
 * distractors (distractors.ts), and accuracy reported against the number of tools the model saw. Users
 * ask how many tools they can expose; published studies put the drop at 7 to 85 points.
 */
import { loadToolFile } from '../config/tool-file.ts';
import { toErrorInfo } from '../errors.ts';
import type { SweepPoint, ToolvetResult } from '../report/model.ts';
import { resultHeader } from '../report/result-header.ts';
import { summarise } from '../scoring/metrics.ts';
import { ServerPool } from '../servers/server-pool.ts';
import { ToolRoutes } from '../servers/tool-routing.ts';
import type { CaseResult, ToolDefinition } from '../types.ts';
import { distractorPool } from './distractors.ts';
import { estimateTokens } from '../lint/token-estimate.ts';
import { allCases } from '../config/query-set-source.ts';
import { loadEvalInputs, type EvalOptions } from './eval-run.ts';
import { runSelection } from './run-selection.ts';

export interface SweepOptions extends Pick<EvalOptions, 'config' | 'servers' | 'toolsFiles' | 'queries' | 'model' | 'repeat' | 'concurrency' | 'caseTimeoutMs' | 'maxTokens' | 'serverTimeouts' | 'signal'> {
  /** Distractor counts, ascending. */
  sizes: number[];
  /** Tool definitions to draw distractors from before generated ones. */
  distractorFile?: string;
  seed?: number;
  onPoint?: (point: SweepPoint) => void;
}

export async function runDistractorSweep(options: SweepOptions): Promise<ToolvetResult> {
  const startedAt = new Date().toISOString();
  const inputs = loadEvalInputs(options);
  const fromFile = options.distractorFile ? loadToolFile(options.distractorFile).tools : [];
  const pool = inputs.host ? await ServerPool.start(inputs.host, inputs.serverNames, { timeouts: options.serverTimeouts }) : undefined;
  const errors: ToolvetResult['errors'] = (pool?.errors() ?? []).map(toErrorInfo);
  try {
    const allTools: ToolDefinition[] = [...(pool?.tools() ?? []), ...inputs.fileTools];
    const max = options.sizes.at(-1) ?? 0;
    const own = new Map<string, ToolDefinition[]>();
    const extra = new Map<string, ToolDefinition[]>();
    for (const set of inputs.sets) {
      // As eval offers them: the set's servers only, a name two of them list as server__tool.
      const tools = ToolRoutes.among(allTools, set.servers).offered();
      own.set(set.name, tools);
      const others = [...allTools.filter((t) => t.server !== undefined && set.servers !== undefined && !set.servers.includes(t.server)), ...fromFile];
      extra.set(set.name, distractorPool(tools, others, max, options.seed));
    }
    const cases = inputs.sets.flatMap((s) => allCases(s));
    // The sweep measures tool choice against the tool count; a scenario (a whole conversation) is not swept.
    const unswept = inputs.sets.filter((s) => s.scenarios.length > 0);
    const warnings: ToolvetResult['warnings'] = unswept.map((s) => ({
      code: 'W_SWEEP_SCENARIOS',
      message: `query set ${s.file}: its ${s.scenarios.length} scenario(s) are not run by --distractors, which sweeps selection cases only`,
      hint: 'run the scenarios without --distractors',
    }));
    const points: SweepPoint[] = [];
    let first: CaseResult[] = [];
    for (const size of options.sizes) {
      if (options.signal?.aborted) break;
      const toolsBySet = new Map([...own].map(([name, tools]) => [name, [...tools, ...extra.get(name)!.slice(0, size)]]));
      const results = await runSelection({
        cases,
        toolsFor: (c) => toolsBySet.get(c.suite)!,
        model: options.model,
        repeat: options.repeat,
        concurrency: options.concurrency,
        caseTimeoutMs: options.caseTimeoutMs,
        ...(options.maxTokens !== undefined ? { maxTokens: options.maxTokens } : {}),
        ...(options.signal ? { signal: options.signal } : {}),
      });
      if (points.length === 0) first = results;
      const summary = summarise(results);
      const lists = [...toolsBySet.values()];
      const point: SweepPoint = {
        distractors: size,
        tools: Math.max(...lists.map((t) => t.length)),
        // As eval's toolTokens: what the largest list costs in one request, each set's counted once.
        toolTokens: Math.max(...lists.map((t) => estimateTokens(t))),
        cases: summary.cases,
        passed: summary.passed,
        accuracy: summary.accuracy,
        interval: summary.interval,
      };
      points.push(point);
      options.onPoint?.(point);
    }
    const complete = points.length === options.sizes.length;
    const drop = points.length > 1 ? points[0].accuracy - points.at(-1)!.accuracy : 0;
    return {
      ...resultHeader('eval', startedAt),
      complete,
      verdict: {
        // A sweep measures; it gates nothing, so it never says PASS.
        status: errors.length > 0 || !complete ? 'error' : 'none',
        reasons: [
          ...errors.map((e) => `${e.code}: ${e.message}`),
          ...(points.length > 1 ? [`accuracy ${(points[0].accuracy * 100).toFixed(1)}% with ${points[0].tools} tools (~${points[0].toolTokens} tokens per request, estimated), ${(points.at(-1)!.accuracy * 100).toFixed(1)}% with ${points.at(-1)!.tools} (~${points.at(-1)!.toolTokens} tokens): ${drop >= 0 ? '-' : '+'}${Math.abs(drop * 100).toFixed(1)} points`] : []),
        ],
      },
      model: options.model.id,
      ...(pool ? { servers: pool.info() } : {}),
      summary: summarise(first),
      cases: first,
      sweep: { points, tokenMethod: 'estimate', ...(options.distractorFile ? { distractorFile: options.distractorFile } : {}) },
      warnings,
      errors,
    };
  } finally {
    await pool?.close();
  }
}
