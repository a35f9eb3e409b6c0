/** `evalSelection`: a selection eval with the mock model by default, for suites and the scenario matchers. */
import type { ToolvetResult } from '../report/model.ts';
import { createModel, type ModelOptions } from '../models/index.ts';
import { runEval, type EvalOptions } from '../run/eval-run.ts';
import { runModelMatrix } from '../run/model-matrix.ts';
import { ToolvetError } from '../errors.ts';
import { shareSecrets } from './secrets-bridge.ts';

export interface SelectionEvalOptions extends Omit<EvalOptions, 'model'> {
  /** Default: the mock model. */
  model?: ModelOptions;
  /** Two or more models on the same cases (like `eval --models`): the result's `models` section compares them. */
  models?: ModelOptions[];
}

export async function evalSelection(options: SelectionEvalOptions): Promise<ToolvetResult> {
  if (options.models) {
    if (options.model) throw new ToolvetError('E_USAGE', 'evalSelection takes model or models, not both', { hint: 'put every model in models: [...]' });
    const { model: _model, models, ...rest } = options;
    try {
      return await runModelMatrix({ ...rest, models });
    } finally {
      shareSecrets();
    }
  }
  const model = createModel(options.model ?? { kind: 'mock' });
  try {
    return await runEval({ ...options, model });
  } finally {
    await model.close?.();
    shareSecrets();
  }
}
