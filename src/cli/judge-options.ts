/**
 * The LLM judge from the judge flags (`--judge-base-url`, `--judge-model-name`, `--judge-api-key-env`)
 * of commands whose judge has no default endpoint (eval's scenarios, `judge calibrate`). The judge's
 * key comes only from its own variable (default TOOLVET_JUDGE_API_KEY), never the agent's.
 */
import { ToolvetError } from '../errors.ts';
import { createModel } from '../models/index.ts';
import type { ModelDriver } from '../types.ts';
import { modelOptions } from './options.ts';

export interface JudgeFlags {
  judgeBaseUrl?: string;
  judgeModelName?: string;
  judgeApiKeyEnv?: string;
  modelTimeout?: number;
}

/** The judge, or undefined when no --judge-base-url is given. */
export function judgeFromFlags(flags: JudgeFlags): ModelDriver | undefined {
  if (!flags.judgeBaseUrl) {
    if (flags.judgeModelName) throw new ToolvetError('E_USAGE', '--judge-model-name needs --judge-base-url', { hint: 'name the judge endpoint too: --judge-base-url http://127.0.0.1:8080/v1' });
    return undefined;
  }
  if (!flags.judgeModelName) {
    throw new ToolvetError('E_USAGE', 'the judge needs --judge-model-name', { hint: 'name a model the judge endpoint serves, e.g. --judge-model-name qwen3:8b' });
  }
  return createModel(
    modelOptions({
      model: 'openai',
      baseUrl: flags.judgeBaseUrl,
      modelName: flags.judgeModelName,
      apiKeyEnv: flags.judgeApiKeyEnv ?? 'TOOLVET_JUDGE_API_KEY',
      ...(flags.modelTimeout ? { modelTimeout: flags.modelTimeout } : {}),
    }),
  );
}
