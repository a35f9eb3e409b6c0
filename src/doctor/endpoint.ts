/**
 * The model endpoint, step by step (spec 11, local agent set-up): does `GET {base}/models` answer, is
 * the model listed, and does a request with a tool get a tool call back (spec 4.2, 7.6)?
 */
import { createOpenAIModel } from '../models/openai.ts';
import type { ToolDefinition } from '../types.ts';
import type { DoctorCheck } from './types.ts';

export const START_RUNNER_HINT =
  'start the local runner: `ollama serve` (then `ollama pull MODEL`), or `llama-server -m MODEL.gguf --jinja --port 8080` and pass --base-url http://127.0.0.1:8080/v1';

export interface EndpointOptions {
  baseUrl: string;
  modelName?: string;
  apiKeyEnv?: string;
  timeoutMs: number;
}

const weatherTool: ToolDefinition = {
  name: 'get_weather',
  description: 'Get the current weather for a city. Call when the user asks about the weather somewhere.',
  inputSchema: { type: 'object', properties: { city: { type: 'string', description: 'city name, e.g. Paris' } }, required: ['city'] },
};

function refusedOrMessage(error: unknown): { refused: boolean; message: string } {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  const code = cause?.code ?? (error as { code?: string }).code;
  if (code === 'ECONNREFUSED') return { refused: true, message: 'connection refused' };
  if ((error as Error).name === 'TimeoutError') return { refused: false, message: 'no answer in time' };
  return { refused: false, message: [code ?? (error as Error).message, cause?.message].filter(Boolean).join(': ') };
}

/** GET /models: the endpoint check, and the model ids it lists (undefined when it did not answer). */
export async function checkEndpoint(options: EndpointOptions): Promise<{ check: DoctorCheck; models?: string[] }> {
  const url = `${options.baseUrl.replace(/\/+$/, '')}/models`;
  let response: Response;
  try {
    response = await fetch(url, { signal: AbortSignal.timeout(options.timeoutMs) });
  } catch (error) {
    const { refused, message } = refusedOrMessage(error);
    return {
      check: {
        id: 'endpoint',
        status: 'fail',
        summary: refused ? `${options.baseUrl}: connection refused, so no local runner is running there` : `${url}: ${message}`,
        next: refused ? START_RUNNER_HINT : `check the address and that the runner is not overloaded; raise --model-timeout (${options.timeoutMs} ms)`,
      },
    };
  }
  const text = await response.text();
  let models: string[] | undefined;
  try {
    const body = JSON.parse(text) as { data?: Array<{ id?: unknown }>; models?: Array<{ name?: unknown }> };
    models = (body.data ?? []).map((m) => String(m.id)).concat((body.models ?? []).map((m) => String(m.name)));
  } catch {
    models = undefined;
  }
  if (!response.ok || models === undefined) {
    return {
      check: {
        id: 'endpoint',
        status: 'fail',
        summary: `${url} answered HTTP ${response.status}${models === undefined ? ' with a body that is not JSON' : ''}`,
        next: 'the base URL must be the OpenAI-compatible root, ending in /v1 (Ollama: http://127.0.0.1:11434/v1, llama-server: http://127.0.0.1:8080/v1)',
      },
    };
  }
  return { check: { id: 'endpoint', status: 'ok', summary: `${options.baseUrl} answers; ${models.length} model(s) listed` }, models };
}

export function checkModelListed(modelName: string | undefined, models: string[]): DoctorCheck {
  if (!modelName) return { id: 'model', status: 'skip', summary: 'no --model-name given', next: `pass --model-name, one of: ${models.join(', ') || '(none listed)'}` };
  const bare = (id: string) => id.replace(/:latest$/, '');
  const listed = models.some((m) => m === modelName || bare(m) === bare(modelName) || m.endsWith(`/${modelName}`) || m.startsWith(`${modelName}.`));
  if (listed) return { id: 'model', status: 'ok', summary: `model "${modelName}" is listed` };
  return {
    id: 'model',
    status: 'fail',
    summary: `model "${modelName}" is not listed; the endpoint lists ${models.length ? models.join(', ') : 'no models'}`,
    next: `pull it first (\`ollama pull ${modelName}\`), or pass one of the listed names with --model-name`,
  };
}

/** Sends one request with a tool the question plainly needs; a prose answer means tools are ignored. */
export async function checkToolCalling(options: EndpointOptions & { modelName: string }): Promise<DoctorCheck> {
  const driver = createOpenAIModel({ baseUrl: options.baseUrl, modelName: options.modelName, maxRetries: 0, timeoutMs: options.timeoutMs, ...(options.apiKeyEnv ? { apiKeyEnv: options.apiKeyEnv } : {}) });
  try {
    const response = await driver.complete({
      messages: [{ role: 'user', content: 'What is the weather in Paris right now? Use the get_weather tool.' }],
      tools: [weatherTool],
      toolChoice: 'auto',
      maxTokens: 256,
      temperature: 0,
    });
    const call = response.toolCalls[0];
    if (call) return { id: 'tool-calling', status: 'ok', summary: `a tools request got a tool call back (${call.name} ${call.rawArguments})` };
    return {
      id: 'tool-calling',
      status: 'warn',
      summary: `a tools request got prose back, no tool call (finish_reason ${response.finishReason})`,
      next: "the model's chat template may not support tools: for llama-server add --jinja; for Ollama pick a model tagged 'tools'",
    };
  } catch (error) {
    const e = error as { code?: string; message: string; hint?: string };
    return { id: 'tool-calling', status: 'fail', summary: `a tools request failed: ${e.code ?? 'error'}: ${e.message}`, ...(e.hint ? { next: e.hint } : {}) };
  }
}
