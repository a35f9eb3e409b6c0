/** `evalSelection`: a selection eval with the mock model by default, for suites and the scenario matchers. */
import type { ToolvetResult } from '../report/model.ts';
import { createModel, type ModelOptions } from '../models/index.ts';
import { runEval, type EvalOptions } from '../run/eval-run.ts';
import { shareSecrets } from './secrets-bridge.ts';

export interface SelectionEvalOptions extends Omit<EvalOptions, 'model'> {
  /** Default: the mock model. */
  model?: ModelOptions;
}

export async function evalSelection(options: SelectionEvalOptions): Promise<ToolvetResult> {
  const model = createModel(options.model ?? { kind: 'mock' });
  try {
    return await runEval({ ...options, model });
  } finally {
    await model.close?.();
    shareSecrets();
  }
}
