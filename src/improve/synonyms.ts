/**
 * A small, general-purpose table of the words people use for the same request, for the `synonyms`
 * and `vocabulary` candidates of `toolvet improve`. A lexical model (the mock) only matches words a
 * description holds, and a real model is helped by the phrases users write too (the conventions ask
 * for trigger phrases), so a description that names one verb of a group ("search") gains the others
 * users write for it ("look up", "locate", "track down").
 *
 * What the table is: the everyday English variants of the actions and orderings that tool requests
 * name across domains (finding, reading, listing, creating, deleting, changing, moving, labelling,
 * sending, running, ordering by time, limiting, counting), and the irregular plurals a stemmer cannot
 * join ("theses" stems to "these", "thesis" to "thesi"). It is not built from any one tool set, and
 * it is applied only to the words a tool's own definition or its users' failed requests already hold.
 * Words that are nouns as often as verbs ("book", "order", "keep") are left out, so a tool about
 * books is not told it schedules. Words join a group when they hold every content stem of one of its
 * members ("dig up" is matched by "dig", "most recent" needs both words; "dug" is not matched: the
 * table lists forms, the stemmer joins only regular ones).
 */
import { terms } from '../models/text/tokenize.ts';

export const SYNONYM_GROUPS: ReadonlyArray<readonly string[]> = [
  ['find', 'search', 'look up', 'look for', 'locate', 'track down', 'dig up', 'pull up'],
  ['show', 'display', 'view', 'open', 'read', 'see'],
  ['list', 'enumerate', 'browse', 'overview'],
  ['add', 'create', 'new', 'make', 'insert', 'register'],
  ['save', 'store', 'import'],
  ['delete', 'remove', 'erase', 'discard', 'trash'],
  ['update', 'edit', 'change', 'modify', 'amend', 'revise'],
  ['rename', 'retitle'],
  ['move', 'transfer', 'relocate', 'shift'],
  ['tag', 'label', 'mark', 'flag', 'categorise', 'categorize'],
  ['send', 'email', 'message', 'notify', 'forward'],
  ['run', 'execute', 'launch', 'start'],
  ['stop', 'cancel', 'abort', 'halt'],
  ['download', 'fetch'],
  ['upload', 'attach'],
  ['copy', 'duplicate', 'clone'],
  ['summarise', 'summarize', 'summary', 'digest'],
  ['compare', 'diff', 'contrast'],
  ['schedule', 'reserve'],
  ['buy', 'purchase'],
  ['check', 'verify', 'validate'],
  ['newest', 'latest', 'most recent', 'recent'],
  ['oldest', 'earliest'],
  ['limit', 'maximum', 'top'],
  ['count', 'how many', 'number of', 'total', 'tally'],
];

/** Irregular plurals a Porter stemmer does not join to their singular. */
export const IRREGULAR_PLURALS: ReadonlyArray<readonly [string, string]> = [
  ['thesis', 'theses'],
  ['analysis', 'analyses'],
  ['hypothesis', 'hypotheses'],
  ['synthesis', 'syntheses'],
  ['diagnosis', 'diagnoses'],
  ['crisis', 'crises'],
  ['basis', 'bases'],
  ['index', 'indices'],
  ['matrix', 'matrices'],
  ['vertex', 'vertices'],
  ['appendix', 'appendices'],
  ['criterion', 'criteria'],
  ['phenomenon', 'phenomena'],
  ['medium', 'media'],
  ['curriculum', 'curricula'],
  ['person', 'people'],
  ['child', 'children'],
  ['mouse', 'mice'],
  ['leaf', 'leaves'],
  ['shelf', 'shelves'],
  ['half', 'halves'],
  ['life', 'lives'],
];


/**
 * The members of every group that one of `words` belongs to, and the other form of every irregular
 * plural among them, minus the phrases whose content stems `has` already covers and those with a stem
 * `taken` (another tool's word: a trigger phrase shared with a sibling draws its requests); in table order.
 */
export function relatedPhrases(words: readonly string[], has: (stem: string) => boolean, taken: (stem: string) => boolean = () => false): string[] {
  const stems = new Set(words.flatMap((w) => terms(w)));
  const out: string[] = [];
  const push = (phrase: string): void => {
    const own = terms(phrase);
    if (own.length && !own.every(has) && !own.some(taken) && !out.includes(phrase)) out.push(phrase);
  };
  for (const group of SYNONYM_GROUPS) {
    if (group.some((member) => terms(member).every((t) => stems.has(t)))) group.forEach(push);
  }
  const lower = new Set(words.flatMap((w) => w.toLowerCase().split(/[^\p{L}]+/u)));
  for (const [one, many] of IRREGULAR_PLURALS) {
    if (lower.has(one)) push(many);
    if (lower.has(many)) push(one);
  }
  return out;
}
