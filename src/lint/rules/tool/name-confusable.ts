import { nameWords, type ToolRule } from '../../tool-rule-kit.ts';
import { TOOL_VERBS } from '../../tool-verbs.ts';
import type { ToolDefinition } from '../../../types.ts';
import { editDistance } from '../../edit-distance.ts';

function singular(word: string): string {
  if (word.endsWith('ies') && word.length > 4) return `${word.slice(0, -3)}y`;
  if (/(ses|xes|ches|shes)$/.test(word)) return word.slice(0, -2);
  if (word.endsWith('s') && !word.endsWith('ss') && word.length > 3) return word.slice(0, -1);
  return word;
}

// Keys are polynomial hashes of strings (BASE, modulo a prime below 2^26, so every product stays exact
// in a double): equal strings hash equal, and a collision only adds a pair the exact test then drops.
const BASE = 131;
const MOD = 67_108_859;
/** Room for a name's index beside its key in one double (keys and indexes below 2^26). */
const SLOT = 2 ** 26;

/**
 * The hash of `flat` and of each string one deletion makes of it, without building those strings (a
 * set of thousands of names makes tens of thousands of them).
 */
function deletionKeys(flat: string): number[] {
  const n = flat.length;
  const prefix = [0];
  for (let k = 0; k < n; k++) prefix.push((prefix[k] * BASE + flat.charCodeAt(k)) % MOD);
  // suffix: the hash of flat[k, n); power: BASE^m.
  const suffix = new Array<number>(n + 1).fill(0);
  const power = [1];
  for (let k = n - 1; k >= 0; k--) {
    suffix[k] = (flat.charCodeAt(k) * power[n - 1 - k] + suffix[k + 1]) % MOD;
    power.push((power[n - 1 - k] * BASE) % MOD);
  }
  const keys = [prefix[n]];
  for (let k = 0; k < n; k++) keys.push((prefix[k] * power[n - 1 - k] + suffix[k + 1]) % MOD);
  return keys;
}

/**
 * Index pairs (i < j) that may be confusable, found by hashing instead of comparing every pair:
 * the same singular form, or a shared one-deletion key (two strings within one edit share one).
 */
function candidatePairs(singulars: string[], flats: string[]): Array<[number, number]> {
  const groups: number[][] = [];
  const bySingular = new Map<string, number[]>();
  singulars.forEach((key, i) => {
    const list = bySingular.get(key);
    if (list) list.push(i);
    else {
      const fresh = [i];
      bySingular.set(key, fresh);
      groups.push(fresh);
    }
  });
  // Deletion keys with their name's index, key * 2^26 + index, sorted: each run of one key is a group,
  // its indexes ascending (tens of thousands of keys, nearly all alone: no map and no list per key).
  const keyed: number[] = [];
  flats.forEach((flat, i) => {
    if (flat.length < 5) return; // both sides need 6+ characters; a shorter one may lose one to a deletion
    for (const key of deletionKeys(flat)) keyed.push(key * SLOT + i);
  });
  const sorted = Float64Array.from(keyed).sort();
  for (let start = 0; start < sorted.length; ) {
    const key = Math.floor(sorted[start] / SLOT);
    let end = start + 1;
    while (end < sorted.length && Math.floor(sorted[end] / SLOT) === key) end++;
    if (end - start > 1) {
      const members: number[] = [];
      for (let k = start; k < end; k++) {
        const i = sorted[k] - key * SLOT;
        if (members[members.length - 1] !== i) members.push(i);
      }
      if (members.length > 1) groups.push(members);
    }
    start = end;
  }
  // A pair found in several groups is listed once; pairs come out sorted, whatever the groups' order.
  const seen = new Set<number>();
  const pairs: Array<[number, number]> = [];
  for (const members of groups) {
    for (let x = 0; x < members.length; x++) {
      for (let y = x + 1; y < members.length; y++) {
        const key = members[x] * flats.length + members[y];
        if (seen.has(key)) continue;
        seen.add(key);
        pairs.push([members[x], members[y]]);
      }
    }
  }
  return pairs.sort((p, q) => p[0] - q[0] || p[1] - q[1]);
}

const ONE_ITEM_VERBS = new Set(['get', 'read', 'fetch', 'retrieve', 'show', 'describe']);

/**
 * A name for the many-items side of a singular/plural pair, from its own words, when its description
 * says it lists: API-get-users ("List all users") -> API-list-users, browser_network_requests ("a
 * numbered list of network requests") -> browser_list_network_requests. Otherwise undefined.
 */
function listName(tool: ToolDefinition | undefined): string | undefined {
  if (!tool || typeof tool.description !== 'string' || !/\blists?\b|\ball\b/i.test(tool.description)) return undefined;
  const words = nameWords(tool.name);
  const verb = words.findIndex((w) => ONE_ITEM_VERBS.has(w));
  const renamed = verb >= 0 ? words.map((w, i) => (i === verb ? 'list' : w)) : TOOL_VERBS.has(words[0]) ? ['list', ...words] : [words[0], 'list', ...words.slice(1)];
  const sep = tool.name.includes('-') && !tool.name.includes('_') ? '-' : '_';
  const out = renamed.join(sep);
  return /^[A-Z]/.test(tool.name) ? tool.name.slice(0, words[0].length) + out.slice(words[0].length) : out;
}

/** Names that differ only by a plural, case, separators or one letter (get_user / get_users) are picked for each other. */
export const nameConfusable: ToolRule = {
  id: 'name-confusable',
  kind: 'tool',
  defaultSeverity: 'warn',
  description: 'no two tool names differ only by a plural, case, separator or one character (get_user vs get_users)',
  spec: '10.4',
  check: (tools) => {
    const out = [];
    const names = [...new Set(tools.map((t) => t.name))];
    const words = names.map(nameWords);
    const flats = words.map((w) => w.join(''));
    const singulars = words.map((w) => w.map(singular).join(' '));
    // The first tool of each name, found once (a lookup per pair made thousands of near names quadratic).
    const byName = new Map<string, ToolDefinition>();
    for (const tool of tools) if (!byName.has(tool.name)) byName.set(tool.name, tool);
    for (const [i, j] of candidatePairs(singulars, flats)) {
      const [a, b] = [names[i], names[j]];
      const samePlural = singulars[i] === singulars[j];
      const oneOff = Math.min(flats[i].length, flats[j].length) >= 6 && editDistance(flats[i], flats[j]) <= 1;
      if (samePlural || oneOff) {
        // The hint is built from the pair at hand: the plural side renamed from its own words when it lists.
        const shorter = Math.min(flats[i].length, flats[j].length);
        const plural = samePlural ? (flats[i].length > shorter ? a : flats[j].length > shorter ? b : undefined) : undefined;
        const renamed = plural ? listName(byName.get(plural)) : undefined;
        const hint = renamed ? `, e.g. ${renamed} for the one that lists` : '';
        out.push({ target: b, path: '$.name', message: `"${b}" is easily confused with "${a}"; make the difference explicit in the names${hint}` });
      }
    }
    return out;
  },
};
