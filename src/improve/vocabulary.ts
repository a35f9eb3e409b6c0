/**
 * Candidates that give a description the words users are likely to write for the tool, beyond the
 * ones in the failed train requests (which are one-off topics and names, and so overfit):
 * - `synonyms`: the phrases of the synonym table (synonyms.ts) related to the tool's own identifiers:
 *   its name, title, parameter names and enum values ("search_items" -> "look up", "locate", "track
 *   down"; enum "year_newest" -> "latest", "most recent"; enum "thesis" -> "theses");
 * - `request-synonyms`: the phrases related to the words of the failed train requests ("dig up" ->
 *   the other ways to ask to find something);
 * - `synonyms-both`: the two together; `vocabulary`: `synonyms` with its enum values as phrases
 *   ("journalArticle" -> "journal article").
 * The phrases go in one sentence, "Also for requests that say '...', '...'.", quoted as trigger phrases.
 */
import { splitDescription } from '../models/text/clauses.ts';
import { terms, words } from '../models/text/tokenize.ts';
import type { CaseResult, ToolDefinition } from '../types.ts';
import type { Candidate } from './candidate.ts';
import { relatedPhrases } from './synonyms.ts';
import { forbiddenWords } from './word-ownership.ts';

/** The tool's identifiers as words: name, title, parameter names, string enum values (ids split). */
export function identifierWords(tool: ToolDefinition): string[] {
  const title = typeof tool.title === 'string' ? tool.title : typeof tool.annotations?.title === 'string' ? tool.annotations.title : '';
  const properties = (tool.inputSchema.properties ?? {}) as Record<string, { enum?: unknown }>;
  const enums = Object.values(properties).flatMap((p) => (Array.isArray(p.enum) ? p.enum.filter((v): v is string => typeof v === 'string') : []));
  return words([tool.name, title, ...Object.keys(properties), ...enums].join(' '));
}

/** Its string enum values as phrases ("journalArticle" -> "journal article"), those the description lacks. */
export function enumPhrases(tool: ToolDefinition, has: (stem: string) => boolean, taken: (stem: string) => boolean = () => false): string[] {
  const properties = (tool.inputSchema.properties ?? {}) as Record<string, { enum?: unknown }>;
  const out: string[] = [];
  for (const schema of Object.values(properties)) {
    if (!Array.isArray(schema.enum)) continue;
    for (const value of schema.enum) {
      if (typeof value !== 'string') continue;
      const phrase = words(value).join(' ');
      const stems = terms(phrase);
      if (stems.length && !stems.every(has) && !stems.some(taken) && !out.includes(phrase)) out.push(phrase);
    }
  }
  return out;
}

/** Phrases without repeats, and without one whose words another, shorter phrase already says ("year newest" when "newest" is there). */
export function compact(phrases: readonly string[]): string[] {
  const unique = [...new Set(phrases)];
  return unique.filter((p) => !unique.some((q) => q !== p && terms(q).length < terms(p).length && terms(q).every((t) => terms(p).includes(t))));
}

const sentence = (phrases: readonly string[]): string => ` Also for requests that say ${phrases.map((p) => `'${p}'`).join(', ')}.`;

export function vocabularyCandidates(tools: ToolDefinition[], target: string, failed: readonly CaseResult[], train: readonly CaseResult[] = failed): Candidate[] {
  const tool = tools.find((t) => t.name === target);
  if (!tool) return [];
  const own = new Set(terms(`${tool.name.replace(/[_-]/g, ' ')} ${splitDescription(tool.description ?? '').positive}`));
  const has = (stem: string): boolean => own.has(stem);
  // The words other tools claim: their names and the positive part of their descriptions.
  const siblings = new Set(tools.filter((t) => t.name !== target).flatMap((t) => terms(`${t.name.replace(/[_-]/g, ' ')} ${splitDescription(t.description ?? '').positive}`)));
  // And every word another tool owns by the word rule (word-ownership.ts: its definition, its train requests, names).
  const forbidden = forbiddenWords(tools, train, target);
  const taken = (stem: string): boolean => (siblings.has(stem) && !own.has(stem)) || forbidden.has(stem);
  const base = (tool.description ?? '').trim().replace(/([^.!?])$/, '$1.');
  const fromIdentifiers = relatedPhrases(identifierWords(tool), has, taken);
  const fromRequests = relatedPhrases(failed.flatMap((c) => words(c.query)), has, taken);
  const both = [...fromIdentifiers, ...fromRequests.filter((p) => !fromIdentifiers.includes(p))];
  const edit = (description: string): ToolDefinition[] => tools.map((t) => (t.name === target ? { ...t, description } : t));
  const out: Candidate[] = [];
  if (fromIdentifiers.length) {
    out.push({ id: 'synonyms', summary: `added the phrases users write for its name, title, parameters and values: ${fromIdentifiers.join(', ')}`, tools: edit(`${base}${sentence(fromIdentifiers)}`) });
  }
  const values = compact([...enumPhrases(tool, has, taken), ...fromIdentifiers]);
  if (values.length > fromIdentifiers.length) {
    out.push({ id: 'vocabulary', edits: 2, summary: `added its enum values and the phrases users write for its identifiers: ${values.join(', ')}`, tools: edit(`${base}${sentence(values)}`) });
  }
  // The siblings that took its failed requests are told, in their exclusion clause, the phrases that
  // are its own: a "Do NOT use for" clause naming the other tool, as the conventions ask.
  const phrases = values.length ? values : fromIdentifiers;
  const stealers = [...new Set(failed.map((c) => c.chosen).filter((n): n is string => typeof n === 'string' && n !== target && tools.some((t) => t.name === n)))];
  if (phrases.length && stealers.length) {
    const exclude = (list: ToolDefinition[]): ToolDefinition[] =>
      list.map((t) => {
        if (!stealers.includes(t.name)) return t;
        const positive = new Set(terms(`${t.name.replace(/[_-]/g, ' ')} ${splitDescription(t.description ?? '').positive}`));
        const foreign = phrases.filter((p) => !terms(p).some((stem) => positive.has(stem)));
        if (!foreign.length) return t;
        return { ...t, description: `${(t.description ?? '').trim().replace(/([^.!?])$/, '$1.')} Do NOT use for requests that say ${foreign.map((p) => `'${p}'`).join(', ')} (use ${target}).` };
      });
    const withVocabulary = edit(`${base}${sentence(phrases)}`);
    out.push({ id: 'sibling-exclusions', summary: `${stealers.join(', ')} told in a "Do NOT use for" clause the phrases that are ${target}'s`, tools: exclude(tools) });
    out.push({ id: 'vocabulary-exclusions', edits: 2, summary: `its enum values and synonyms added, and ${stealers.join(', ')} told them in a "Do NOT use for" clause`, tools: exclude(withVocabulary) });
  }
  if (fromRequests.length) {
    out.push({ id: 'request-synonyms', summary: `added the other ways to say the failed requests' words: ${fromRequests.join(', ')}`, tools: edit(`${base}${sentence(fromRequests)}`) });
  }
  if (fromIdentifiers.length && fromRequests.length && both.length > fromIdentifiers.length) {
    out.push({ id: 'synonyms-both', edits: 2, summary: 'the phrases users write for its identifiers and for the failed requests', tools: edit(`${base}${sentence(both)}`) });
  }
  return out;
}
