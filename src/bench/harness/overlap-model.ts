/**
 * A stochastic model of our own for the A/B benchmark: it scores each tool by word overlap with the
 * request (stemmed words of the tool's name, title, parameter names and description, minus words
 * found only in its "Do NOT use for" clauses) and samples a tool from the softmax of those scores at
 * a temperature (0.3 by default), with "no tool" as one more option at a fixed score. Seeded, so a
 * benchmark run is reproducible; arguments come from the mock's inference (models/mock-args.ts).
 * `choiceProbabilities` gives the exact distribution, so the benchmark knows each rewording's true
 * effect on accuracy.
 */
import { inferArguments } from '../../models/mock-args.ts';
import { splitDescription } from '../../models/text/clauses.ts';
import { terms } from '../../models/text/tokenize.ts';
import type { ModelDriver, ModelRequest, ModelResponse, ToolDefinition } from '../../types.ts';
import { seededRandom } from '../../run/seeded-random.ts';

export interface OverlapModelOptions {
  seed: number;
  /** Softmax temperature over overlap scores (default 0.3). */
  temperature?: number;
  /** The score of answering without a tool (default 1.5: one matching word is not enough). */
  noToolScore?: number;
}

export { seededRandom };

const cache = new WeakMap<ToolDefinition, { positive: Set<string>; negative: Set<string> }>();

function vocabulary(tool: ToolDefinition): { positive: Set<string>; negative: Set<string> } {
  let hit = cache.get(tool);
  if (!hit) {
    const { positive, negative } = splitDescription(tool.description ?? '');
    const params = Object.keys((tool.inputSchema.properties ?? {}) as object).join(' ');
    const pos = new Set(terms(`${tool.name.replace(/[_-]/g, ' ')} ${tool.title ?? ''} ${params} ${positive}`));
    hit = { positive: pos, negative: new Set(terms(negative).filter((t) => !pos.has(t))) };
    cache.set(tool, hit);
  }
  return hit;
}

/** The probability of each choice (a tool name, or null for no tool) for one request. */
export function choiceProbabilities(query: string, tools: readonly ToolDefinition[], options: Omit<OverlapModelOptions, 'seed'> = {}): Array<{ name: string | null; p: number }> {
  const temperature = options.temperature ?? 0.3;
  const words = new Set(terms(query));
  const scores = tools.map((tool) => {
    const { positive, negative } = vocabulary(tool);
    let score = 0;
    for (const w of words) score += positive.has(w) ? 1 : negative.has(w) ? -1 : 0;
    return { name: tool.name as string | null, score };
  });
  scores.push({ name: null, score: options.noToolScore ?? 1.5 });
  const top = Math.max(...scores.map((s) => s.score));
  const weights = scores.map((s) => Math.exp((s.score - top) / temperature));
  const total = weights.reduce((a, b) => a + b, 0);
  return scores.map((s, i) => ({ name: s.name, p: weights[i] / total }));
}

export function createOverlapModel(options: OverlapModelOptions): ModelDriver {
  const random = seededRandom(options.seed);
  return {
    id: `overlap@${options.temperature ?? 0.3}`,
    inProcess: true,
    complete: async (request: ModelRequest): Promise<ModelResponse> => {
      const query = [...request.messages].reverse().find((m) => m.role === 'user')?.content ?? '';
      const probabilities = choiceProbabilities(query, request.tools, options);
      let u = random();
      const pick = probabilities.find((c) => (u -= c.p) < 0) ?? probabilities[probabilities.length - 1];
      if (pick.name === null) return { text: 'No tool fits this request.', toolCalls: [], finishReason: 'stop' };
      const tool = request.tools.find((t) => t.name === pick.name)!;
      const args = inferArguments(query, tool);
      return { text: '', toolCalls: [{ id: 'call_1', name: tool.name, rawArguments: JSON.stringify(args), arguments: args }], finishReason: 'tool_calls' };
    },
  };
}
