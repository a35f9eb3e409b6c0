/**
 * What a tool says it does, as a verb and its object: "Read the complete contents of a file as text"
 * gives `read` + "the complete contents of a file as text". Taken from the first sentence of the
 * description (the first verb of the tool-verb list among its first words, "Returns" read as "return"),
 * else from the name (`get_file_info` gives `get` + "file info"). The object stops where the sentence
 * turns to how or when ("by", "using", "that", a comma), so what is left is the job.
 */
import { verbBase } from '../lint/tool-verbs.ts';
import { terms, words } from '../models/text/tokenize.ts';
import type { ToolDefinition } from '../types.ts';

export interface ToolAction {
  /** Base form, lowercase: `read`, `create`. */
  verb: string;
  /** What the verb acts on, as written (may be empty: "Close the page" has "the page"). */
  object: string;
  /** Said last, after the arguments: what tells the tool from a sibling of the same action ("including sizes"). */
  tail?: string;
}

// Where a description's object ends: the rest says how, when or with what, not what.
const OBJECT_ENDS = new Set([
  'that', 'which', 'who', 'using', 'via', 'by', 'when', 'if', 'so', 'while', 'where', 'because', 'allowing', 'including',
  'returning', 'with', 'along', 'based', 'without', 'unless', 'such', 'e', 'eg', 'ie', 'like', 'then', 'and', 'or', 'but', 'to',
]);
// Leading words that are not yet the action: "This tool lets you ...", "Notion | Retrieve ...".
const PREAMBLE = new Set(['this', 'tool', 'tools', 'lets', 'let', 'you', 'allows', 'allow', 'can', 'be', 'used', 'use', 'to', 'a', 'an', 'the', 'helps', 'help', 'will', 'for']);
// Verbs of the list that mostly name a thing at the start of a description ("Map of ...").
const NOT_LEADING = new Set(['map', 'sample', 'match', 'format', 'group', 'order', 'type', 'note', 'comment', 'label', 'score', 'plan', 'out', 'new', 'return']);
const MAX_OBJECT_WORDS = 12;
const SUBJECTS = new Set(['this', 'the', 'it', 'you', 'your', 'we', 'they', 'a', 'an']);
const TRAILING = new Set(['the', 'a', 'an', 'of', 'to', 'for', 'on', 'in', 'from', 'since', 'at', 'into', 'loading', 'its', 'their', 'your', 'any', 'all', 'each', 'one']);
// Words that cannot end an object: "one or multiple files" goes on past "or".
const QUANTIFIERS = new Set(['one', 'a', 'an', 'the', 'single', 'multiple', 'several', 'all', 'many', 'two', 'more']);

/** The first sentence of a description, without generated noise ("Error Responses: 400: ..."). */
export function firstSentence(description: string): string {
  const text = description.replace(/\s+Error Responses:[\s\S]*$/, '').replace(/\(s\)/g, 's').replace(/\s+/g, ' ').trim();
  const end = text.search(/(?<!\b(?:e\.g|i\.e|etc|vs))[.!?](\s|$)/);
  return (end >= 0 ? text.slice(0, end) : text).trim();
}

/** The object words after the verb, up to where the sentence turns to how or when. */
function objectAfter(rest: string): string {
  const parts = rest.split(/[,;:()[\]]|\s[-\u2013\u2014]\s/);
  // "Toggles simulated, random-leveled logging": a comma after one word lists adjectives.
  const cut = (parts[0] ?? '').trim().split(/\s+/).length === 1 && parts.length > 1 ? `${parts[0]} ${parts[1]}` : (parts[0] ?? '');
  const tokens = cut.trim().split(/\s+/).filter(Boolean);
  const out: string[] = [];
  for (const [at, raw] of tokens.entries()) {
    const lower = raw.toLowerCase().replace(/[^a-z0-9'-]/g, '');
    // A relative clause with its own subject stays: "the list of directories that this server may access".
    const ends = OBJECT_ENDS.has(lower) && out.length > 0;
    const ownSubject = (lower === 'that' || lower === 'which') && SUBJECTS.has((tokens[at + 1] ?? '').toLowerCase());
    const listGoesOn = (lower === 'or' || lower === 'and') && out.every((w) => QUANTIFIERS.has(w.toLowerCase()));
    if (ends && !ownSubject && !listGoesOn) break;
    if (out.length === 0 && (lower === 'or' || lower === 'and')) break;
    out.push(raw.replace(/[`"]/g, ''));
    if (out.length >= MAX_OBJECT_WORDS) break;
  }
  // A cut object ends on a noun, not on "the" or "since".
  while (out.length > 1 && TRAILING.has(out[out.length - 1]!.toLowerCase())) out.pop();
  return out.join(' ').replace(/[.!?]+$/, '');
}

function fromDescription(description: string): ToolAction | undefined {
  const sentence = firstSentence(description);
  const tokens = sentence.split(/\s+/).filter(Boolean);
  for (let i = 0; i < Math.min(tokens.length, 6); i++) {
    const word = tokens[i]!.toLowerCase().replace(/[^a-z-]/g, '');
    if (!word || word === '|') continue;
    const verb = verbBase(word);
    if (verb && !(i === 0 && NOT_LEADING.has(verb) && verb !== word.replace(/s$/, ''))) {
      // "Get or list Kubernetes resources", "List, create, close, or select a tab": skip the other verbs.
      let at = i + 1;
      const bare = (k: number): string => (tokens[k] ?? '').toLowerCase().replace(/[^a-z]/g, '');
      while (at < tokens.length - 1 && (/^(or|and)$/.test(bare(at)) || ((/,$/.test(tokens[at - 1]!) || /^(or|and)$/.test(bare(at - 1))) && verbBase(bare(at))))) at += 1;
      const rest = tokens.slice(at);
      return { verb: verb === 'return' || verb === 'retrieve' ? 'get' : verb, object: objectAfter(rest.join(' ')) };
    }
    if (!PREAMBLE.has(word) && i >= 2) break;
  }
  return undefined;
}

function fromName(name: string): ToolAction | undefined {
  const parts = words(name);
  for (let i = 0; i < parts.length; i++) {
    const verb = verbBase(parts[i]!);
    if (verb && i < parts.length - 1) return { verb, object: parts.slice(i + 1).join(' ') };
  }
  return undefined;
}

/** The tool's action, or undefined when neither its description nor its name starts with a verb. */
export function toolAction(tool: ToolDefinition): ToolAction | undefined {
  const described = tool.description ? fromDescription(tool.description) : undefined;
  // An object of function words only ("Returns up to ten ...": "up") says nothing: the name says more.
  if (described && terms(described.object).length > 0) return described;
  return fromName(tool.name) ?? described;
}
