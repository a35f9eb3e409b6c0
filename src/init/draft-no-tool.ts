/**
 * No-tool drafts: requests near the server's own domain ("knowledge graph", "Kubernetes") that none
 * of its tools serves: history, small talk, a joke. Each is checked against every tool before it is
 * kept: dropped when the mock's ranking would call a tool for it (a tool's words cover it), or when it
 * uses a verb one of the tools acts with. General requests fill in when the domain gives too few.
 */
import { verbBase } from '../lint/tool-verbs.ts';
import { DEFAULT_THRESHOLD, rankTools } from '../models/mock.ts';
import { STOP_WORDS, words } from '../models/text/tokenize.ts';
import type { ToolDefinition } from '../types.ts';
import { firstSentence, toolAction } from './tool-action.ts';

const DOMAIN_TEMPLATES: ReadonlyArray<(domain: string) => string> = [
  (d) => `Tell me a joke about ${d}.`,
  (d) => `Thanks, that's everything I wanted to know about ${d} today.`,
  (d) => `What rhymes with "${d}"?`,
];
const GENERAL: readonly string[] = ["What's the capital of Australia?", 'How do I say "good morning" in Italian?', "Thanks, that's all for now."];
// Words too general to name a domain.
const GENERIC = new Set(['tool', 'tools', 'data', 'information', 'result', 'results', 'specified', 'given', 'multiple', 'specific', 'new', 'all', 'one', 'two', 'list', 'returns', 'return', 'using', 'based', 'existing', 'current', 'full', 'single', 'entire', 'error', 'responses', 'request', 'bad', 'api', 'mcp', 'input', 'output', 'value', 'values', 'type', 'name']);

/** The words the server's tools keep coming back to: a two-word phrase in two or more descriptions, else one word. */
export function domainOf(tools: readonly ToolDefinition[]): string | undefined {
  const count = new Map<string, number>();
  for (const tool of tools) {
    const w = words(firstSentence(tool.description ?? '')).filter((x) => x.length > 2 && !STOP_WORDS.has(x) && !GENERIC.has(x) && !/^\d+$/.test(x));
    const seen = new Set<string>();
    w.forEach((x, i) => {
      if (!verbBase(x)) seen.add(x);
      const next = w[i + 1];
      if (next && !verbBase(x)) seen.add(`${x} ${next}`);
    });
    for (const key of seen) count.set(key, (count.get(key) ?? 0) + 1);
  }
  const ranked = [...count.entries()].filter(([, n]) => n >= 2).sort((a, b) => b[1] - a[1] + (b[0].includes(' ') ? 0.5 : 0) - (a[0].includes(' ') ? 0.5 : 0));
  return ranked[0]?.[0];
}

/** Why a tool could serve the request, or undefined when none could. */
export function servedBy(query: string, tools: readonly ToolDefinition[]): string | undefined {
  const top = rankTools(query, tools)[0];
  if (top && top.score > DEFAULT_THRESHOLD) return `${top.name} matches its words`;
  const verbs = new Set(tools.flatMap((t) => [toolAction(t)?.verb, ...words(t.name).map((w) => verbBase(w))]).filter((v): v is string => Boolean(v)));
  const used = words(query).map((w) => verbBase(w)).find((v) => v !== undefined && verbs.has(v));
  return used ? `a tool acts with "${used}"` : undefined;
}

export interface NoToolDrafts {
  queries: string[];
  domain?: string;
  /** Candidates dropped because a tool could serve them, with why. */
  dropped: Array<{ query: string; reason: string }>;
}

/** Up to `count` requests no tool of the server serves: domain ones first, then general ones. */
export function noToolRequests(tools: readonly ToolDefinition[], count = 2): NoToolDrafts {
  const domain = domainOf(tools);
  // The phrase, then its head word alone (two words a description holds are enough for the mock to call it), then general requests.
  const phrases = domain ? [domain, ...(domain.includes(' ') ? [domain.split(' ').pop()!] : [])] : [];
  const candidates = [...phrases.flatMap((d) => DOMAIN_TEMPLATES.map((t) => t(d))), ...GENERAL];
  const out: NoToolDrafts = { queries: [], ...(domain ? { domain } : {}), dropped: [] };
  for (const query of candidates) {
    if (out.queries.length >= count) break;
    const reason = servedBy(query, tools);
    if (reason) out.dropped.push({ query, reason });
    else out.queries.push(query);
  }
  return out;
}
