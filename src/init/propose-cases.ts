/**
 * `toolvet init --base-url`: a model proposes more requests per tool. Each is checked before it is
 * written, like the drafted ones: a request that names its tool or repeats another is dropped.
 */
import type { ModelDriver, ToolDefinition } from '../types.ts';
import { addCase, type DraftCase } from './draft-cases.ts';

export interface Proposals {
  proposed: number;
  kept: number;
  /** Dropped proposals and why (names its tool, repeats a case, empty, not a string). */
  dropped: { tool: string; query: string; reason: string }[];
}

function prompt(tool: ToolDefinition, count: number): string {
  return [
    `A tool an assistant can call:\nname: ${tool.name}\ndescription: ${tool.description ?? '(none)'}`,
    `Write ${count} different short requests a user might type that this tool should handle.`,
    "Write them as the user would, and never mention the tool's name.",
    'Answer with a JSON array of strings and nothing else.',
  ].join('\n\n');
}

/** The strings of the first JSON array in a model's answer; [] when there is none. */
export function parseProposals(text: string): unknown[] {
  const start = text.indexOf('[');
  const end = text.lastIndexOf(']');
  if (start < 0 || end <= start) return [];
  try {
    const value: unknown = JSON.parse(text.slice(start, end + 1));
    return Array.isArray(value) ? value : [];
  } catch {
    return [];
  }
}

export async function proposeCases(model: ModelDriver, tools: readonly ToolDefinition[], cases: DraftCase[], perTool = 3): Promise<Proposals> {
  const out: Proposals = { proposed: 0, kept: 0, dropped: [] };
  for (const tool of tools) {
    const answer = await model.complete({ messages: [{ role: 'user', content: prompt(tool, perTool) }], tools: [], temperature: 0 });
    let n = 0;
    for (const query of parseProposals(answer.text)) {
      out.proposed += 1;
      if (typeof query !== 'string') {
        out.dropped.push({ tool: tool.name, query: JSON.stringify(query), reason: 'not a string' });
        continue;
      }
      const candidate: DraftCase = { id: `${tool.name}-proposed-${++n}`, query: query.trim(), expect: { tool: tool.name }, tags: ['proposed'], draft: true };
      const outcome = addCase(cases, candidate);
      if (outcome === 'kept') out.kept += 1;
      else out.dropped.push({ tool: tool.name, query, reason: outcome });
    }
  }
  return out;
}
