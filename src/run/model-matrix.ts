/**
 * `eval --models`: the same cases run once per model (one after another, so a slow endpoint does not
 * starve the others), each model scored on its own, then every pair compared case by case
 * (model-pairs.ts). The result carries the matrix in `models`; per-model cases stay in each model's run.
 */
import { ToolvetError } from '../errors.ts';
import { createModel, type ModelOptions } from '../models/index.ts';
import { withCassette, type ModelCassettes } from '../models/model-cassettes.ts';
import { settleCassetteTimes } from '../models/replay.ts';
import type { ModelDriver } from '../types.ts';
import type { ModelMatrixEntry, ToolvetResult, Verdict } from '../report/model.ts';
import { resultHeader } from '../report/result-header.ts';
import { compareAllModels, MODEL_ALPHA, recommendModel } from './model-pairs.ts';
import { runEval, type EvalOptions } from './eval-run.ts';

export interface ModelMatrixOptions extends Omit<EvalOptions, 'model' | 'resultsFile' | 'resume' | 'force' | 'keepCases' | 'storeCases'> {
  /** Two or more models; each runs every case. */
  models: readonly ModelOptions[];
  /** Called as each model's run finishes. */
  onModel?: (entry: ModelMatrixEntry) => void;
  /** Record or replay every model, one cassette each (model-cassettes.ts). */
  cassettes?: ModelCassettes;
}

const RANK: Record<Verdict['status'], number> = { none: 0, pass: 1, fail: 2, error: 3 };

/** The run's verdict: the worst of the models' own (error over fail over pass), each reason naming its model. */
function matrixVerdict(entries: readonly ModelMatrixEntry[]): Verdict {
  const status = entries.reduce<Verdict['status']>((worst, e) => (RANK[e.verdict.status] > RANK[worst] ? e.verdict.status : worst), 'none');
  const reasons = entries.flatMap((e) => (e.verdict.status === status || status === 'none' ? e.verdict.reasons.map((r) => `${e.model}: ${r}`) : []));
  return { status, reasons: status === 'none' ? [...new Set(entries.flatMap((e) => e.verdict.reasons))] : reasons };
}

export async function runModelMatrix(options: ModelMatrixOptions): Promise<ToolvetResult> {
  if (options.models.length < 2) {
    throw new ToolvetError('E_USAGE', `--models needs two or more models to compare, got ${options.models.length}`, { hint: 'e.g. --models mock,openai:qwen3:8b@http://127.0.0.1:11434/v1; for one model use --model' });
  }
  const models = options.models.map((m) => createModel(m));
  const ids = models.map((d) => d.id);
  const twice = ids.find((id, i) => ids.indexOf(id) !== i);
  if (twice) {
    await Promise.all(models.map((d) => d.close?.()));
    throw new ToolvetError('E_USAGE', `--models lists ${twice} twice`, { hint: 'list each model once; to measure one model\'s noise use --repeat' });
  }
  let drivers: ModelDriver[];
  try {
    drivers = options.cassettes ? models.map((m) => withCassette(m, options.cassettes!)) : models;
  } catch (error) {
    // A model whose cassette is missing stops the run before any other model runs.
    await Promise.all(models.map((d) => d.close?.()));
    throw error;
  }
  const startedAt = new Date().toISOString();
  // One results file or resume file cannot hold several models' cases (the type leaves them out; a caller may not).
  const { models: _models, onModel, cassettes: _cassettes, ...rest } = options;
  const { resultsFile: _file, resume: _resume, force: _force, ...shared } = rest as EvalOptions;
  const runs: ToolvetResult[] = [];
  const entries: ModelMatrixEntry[] = [];
  try {
    for (const model of drivers) {
      if (options.signal?.aborted) break;
      const result = await runEval({ ...shared, model, keepCases: 'all' });
      runs.push(result);
      const entry: ModelMatrixEntry = { model: model.id, summary: result.summary!, verdict: result.verdict, errors: result.errors, ...(result.scenarioSummary ? { scenarios: result.scenarioSummary } : {}) };
      entries.push(entry);
      onModel?.(entry);
    }
  } finally {
    await Promise.all([...new Set([...drivers, ...models])].map((d) => d.close?.()));
  }
  const pairs = compareAllModels(runs.map((r, i) => ({ model: ids[i], cases: r.cases ?? [] })));
  const recommendation = recommendModel(entries.map((e) => ({ model: e.model, accuracy: e.summary.accuracy })), pairs);
  const verdict = matrixVerdict(entries);
  const complete = runs.length === drivers.length && runs.every((r) => r.complete);
  const result: ToolvetResult = {
    ...resultHeader('eval', startedAt),
    complete,
    verdict: { status: complete ? verdict.status : 'error', reasons: [...(complete ? [] : ['stopped before every model ran']), ...verdict.reasons] },
    model: ids.join(', '),
    ...(runs[0]?.servers ? { servers: runs[0].servers } : {}),
    // The tool list is the same for every model, so is what it costs per request.
    ...(runs[0]?.toolTokens ? { toolTokens: runs[0].toolTokens } : {}),
    models: { alpha: MODEL_ALPHA, models: entries, pairs, recommendation },
    warnings: runs.flatMap((r, i) => r.warnings.map((w) => ({ ...w, message: `${ids[i]}: ${w.message}` }))),
    errors: runs.flatMap((r) => r.errors),
  };
  // Recording: each cassette keeps the run's times; replaying: the result takes the recorded ones, so a replay is byte-identical.
  for (const d of drivers) settleCassetteTimes(d, result);
  return result;
}
