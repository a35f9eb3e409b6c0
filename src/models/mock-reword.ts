/**
 * How the mock answers a rewording request from `toolvet improve` (a system message starting with
 * REWORD_MARKER, no tools): deterministically, with the current description plus a sentence of
 * trigger phrases (the failed requests' words the description lacks) and, when other tools took those
 * requests, a "Do NOT use for" clause naming them. It lets the model-written path of `improve` run
 * end to end offline and through `toolvet mock-server`; it is an edit rule, not a writer.
 */
import { splitDescription } from './text/clauses.ts';
import { terms, tokensWithOffsets } from './text/tokenize.ts';

export const REWORD_MARKER = 'You rewrite MCP tool descriptions.';

export interface RewordRequest {
  tool: string;
  description: string;
  failed: string[];
  siblings: string[];
}

/** The user message of a rewording request: plain sections a model (and the mock) can read. */
export function rewordPrompt(r: RewordRequest): string {
  return [
    `Tool: ${r.tool}`,
    'Current description:',
    r.description,
    'Requests it should have been chosen for, but was not:',
    ...r.failed.map((q) => `- ${q}`),
    `Tools chosen instead: ${r.siblings.join(', ') || '(none)'}`,
  ].join('\n');
}

export function parseRewordPrompt(text: string): RewordRequest | undefined {
  const tool = /^Tool: (.+)$/m.exec(text)?.[1];
  const description = /Current description:\n([\s\S]*?)\nRequests it should/.exec(text)?.[1];
  if (!tool || description === undefined) return undefined;
  const failed = [...text.matchAll(/^- (.+)$/gm)].map((m) => m[1]);
  const siblings = (/^Tools chosen instead: (.+)$/m.exec(text)?.[1] ?? '').split(', ').filter((s) => s && s !== '(none)');
  return { tool, description, failed, siblings };
}

export function mockReword(r: RewordRequest): string {
  const own = new Set(terms(`${r.tool.replace(/[_-]/g, ' ')} ${splitDescription(r.description).positive}`));
  const words: string[] = [];
  for (const q of r.failed) {
    for (const t of tokensWithOffsets(q)) {
      const raw = t.raw.toLowerCase();
      if (t.term && !own.has(t.term) && raw.length > 2 && !/^\d/.test(raw) && !words.includes(raw)) words.push(raw);
    }
  }
  const base = r.description.trim().replace(/([^.!?])$/, '$1.');
  const triggers = words.length ? ` Call it when the user mentions ${words.join(', ')}.` : '';
  const exclusion = r.siblings.length ? ` Do NOT use ${r.siblings.join(' or ')} for these requests (use ${r.tool}).` : '';
  return `${base}${triggers}${exclusion}`;
}
