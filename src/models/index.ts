/**
 * The driver factory: one options object, tagged by `kind`, to a ModelDriver. A new driver is a file
 * in this folder plus one branch here.
 */
import type { ModelDriver } from '../types.ts';
import { createMockModel, type MockOptions } from './mock.ts';
import { createOpenAIModel } from './openai.ts';

export type ModelOptions =
  | ({ kind: 'mock' } & MockOptions)
  | {
      kind: 'openai';
      baseUrl: string;
      modelName: string;
      /** Name of the environment variable holding the API key (default TOOLVET_API_KEY, then OPENAI_API_KEY). */
      apiKeyEnv?: string;
      timeoutMs?: number;
      maxRetries?: number;
      temperature?: number;
    };

export function createModel(options: ModelOptions): ModelDriver {
  switch (options.kind) {
    case 'mock': {
      const { kind: _kind, ...mock } = options;
      return createMockModel(mock);
    }
    case 'openai':
      return createOpenAIModel(options);
  }
}

export { createMockModel, type MockOptions } from './mock.ts';
export { createOpenAIModel, DEFAULT_BASE_URL, type OpenAIModelOptions } from './openai.ts';
// The mock server is not re-exported here: this index is on every command's path, and the server (an
// HTTP listener and its request schema) is needed only by `toolvet mock-server` and library users, who
// import it from src/models/mock-server.ts (the package entry does).
