import { nameWords, type ToolRule } from '../../tool-rule-kit.ts';
import { TOOL_VERBS, verbBase } from '../../tool-verbs.ts';
import type { ToolDefinition } from '../../../types.ts';

/** The part after a dotted or slashed namespace ("github.create_issue" -> "create_issue"). */
function localName(name: string): string {
  return name.split(/[./]/).pop() ?? name;
}

// Verbs that are as often nouns in a name ("weather_report", "audit_log", "price_map"): they count only
// first or right after a prefix the set shares, never as the second or last word of a name.
const NOUN_LIKE = new Set([
  'report', 'record', 'log', 'note', 'comment', 'order', 'book', 'map', 'type', 'label', 'tag', 'release', 'draft', 'post',
  'call', 'check', 'test', 'monitor', 'scan', 'match', 'sample', 'trace', 'audit', 'filter', 'sort', 'rank', 'plan',
  'request', 'review', 'export', 'import', 'upload', 'download', 'answer', 'chat', 'prompt', 'quote', 'group', 'format',
  'limit', 'block', 'step', 'switch', 'lock', 'backup', 'checkpoint', 'flag', 'mark', 'pin', 'star', 'link', 'cache',
  'stream', 'score', 'grade', 'vote', 'contact', 'host', 'mirror', 'snapshot', 'transfer', 'share', 'handoff', 'diff',
  'patch', 'merge', 'commit', 'push', 'pull', 'display', 'view', 'show', 'count', 'measure', 'estimate', 'forecast', 'summary',
]);

/**
 * Where a verb may stand: first; after one prefix word ("kubectl_get", "notion_create_page",
 * "API-retrieve-a-page", "issue_read"); after a prefix the set shares and one more word
 * ("brave_web_search" beside brave_news_search); or last, in resource-first names ("sub_issue_write").
 */
function hasVerbInPlace(words: string[], sharedPrefix: boolean): boolean {
  const isVerb = (i: number): boolean => i < words.length && TOOL_VERBS.has(words[i]);
  const isPlainVerb = (i: number): boolean => isVerb(i) && !NOUN_LIKE.has(words[i]);
  return isVerb(0) || (sharedPrefix ? isVerb(1) || isPlainVerb(2) : isPlainVerb(1)) || (words.length > 1 && isPlainVerb(words.length - 1));
}

/**
 * Read literally: the first word is a verb, and the name does not end in one ("invoice_search",
 * "sub_issue_write" read resource-first: the thing, then what is done to it).
 */
function readsVerbFirst(words: string[]): boolean {
  const last = words[words.length - 1];
  return TOOL_VERBS.has(words[0]) && (words.length === 1 || !TOOL_VERBS.has(last) || NOUN_LIKE.has(last) || last === words[0]);
}

/** Joins words in the style of the name they replace (snake_case, kebab-case or camelCase). */
function joinLike(name: string, words: string[]): string {
  if (name.includes('_') || !/[-A-Z]/.test(name)) return words.join('_');
  if (name.includes('-')) return words.join('-');
  return words.map((w, i) => (i === 0 ? w : w[0].toUpperCase() + w.slice(1))).join('');
}

/** A verb-first name from the tool's own words: the verb its description opens with, or the name's own verb moved first. */
function suggestion(tool: ToolDefinition, words: string[], prefixWords: number): string | undefined {
  const prefix = words.slice(0, prefixWords);
  const rest = words.slice(prefixWords);
  const opening = typeof tool.description === 'string' ? tool.description.replace(/^[^A-Za-z]+/, '').match(/^[A-Za-z]+/)?.[0] : undefined;
  const verb = opening ? verbBase(opening) : undefined;
  if (verb) {
    // "node_management" opened by "Manage ..." becomes manage_node, not manage_node_management.
    const stem = verb.slice(0, Math.max(4, verb.length - 2));
    const kept = rest.filter((w) => w !== verb && !w.startsWith(stem));
    return joinLike(localName(tool.name), [...prefix, verb, ...kept]);
  }
  const inName = rest.findIndex((w) => TOOL_VERBS.has(w));
  if (inName > 0) return joinLike(localName(tool.name), [...prefix, rest[inName], ...rest.filter((_, i) => i !== inName)]);
  return undefined;
}

/** Spec 10.4: a verb first says whether the tool queries, changes or acts. */
export const nameVerbFirst: ToolRule = {
  id: 'name-verb-first',
  kind: 'tool',
  defaultSeverity: 'warn',
  description: 'a tool name starts with a verb (get_, search_, create_, fork_, emulate_, ...), after a namespace prefix if it has one (kubectl_get, browser_click)',
  spec: '10.4',
  check: (tools, context) => {
    const firstWords = new Map<string, number>();
    for (const tool of tools) {
      const first = nameWords(localName(tool.name))[0];
      if (first !== undefined) firstWords.set(first, (firstWords.get(first) ?? 0) + 1);
    }
    return tools.flatMap((tool) => {
      const words = nameWords(localName(tool.name));
      if (words.length === 0) return [];
      // Read literally (the conventions profile): the verb comes first, with no prefix or resource-first allowance.
      const shared = !context?.literal && (firstWords.get(words[0]) ?? 0) >= 2 && !TOOL_VERBS.has(words[0]);
      if (context?.literal ? readsVerbFirst(words) : hasVerbInPlace(words, shared)) return [];
      const better = suggestion(tool, words, shared ? 1 : 0);
      const hint = better ? `; say what it does first, e.g. ${better}` : '; start it with what the tool does (a verb such as get, list, create, run)';
      return [{ target: tool.name, path: '$.name', message: `"${tool.name}" does not start with a verb saying what it does${hint}` }];
    });
  },
};
