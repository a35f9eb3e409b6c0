/**
 * Caps on what one server may list, checked when its lists arrive, so a hostile or broken server
 * (endless pagination, tens of thousands of tools, a megabyte description, a schema nested thousands
 * deep) fails alone with E_SERVER_LIMIT instead of exhausting memory or the stack of every later step.
 *
 * The defaults sit far above any real server measured (the largest real tool lists have a few hundred
 * tools, descriptions of a few KB and schemas under 15 levels deep).
 */
import { clipText } from '../safety/clip.ts';
export interface ListLimits {
  /** Pages of one list (`tools/list`, `resources/list`, ...). */
  maxPages: number;
  /** Entries of one list. */
  maxItems: number;
  /** Characters of any one string in an entry (a description, a title, a default). */
  maxStringChars: number;
  /** Nesting of objects and arrays in an entry (its schemas included). */
  maxDepth: number;
  /** Characters of one whole list, every page together (as JSON). */
  maxListChars: number;
}

export const DEFAULT_LIST_LIMITS: ListLimits = { maxPages: 500, maxItems: 5_000, maxStringChars: 100_000, maxDepth: 64, maxListChars: 50 * 1024 * 1024 };

export interface ListProblem {
  message: string;
  hint: string;
}

/** The first entry that breaks a cap, named; undefined when all are within them. Iterative: a deep entry cannot overflow the stack here. */
export function checkListed(items: readonly unknown[], limits: ListLimits): ListProblem | undefined {
  for (const item of items) {
    const label = nameOf(item);
    const stack: Array<{ value: unknown; depth: number; path: string }> = [{ value: item, depth: 0, path: '' }];
    while (stack.length > 0) {
      const { value, depth, path } = stack.pop()!;
      if (typeof value === 'string') {
        if (value.length > limits.maxStringChars) {
          return {
            message: `${label} has a string of ${value.length} characters at ${path || '(entry)'} (limit ${limits.maxStringChars})`,
            hint: 'descriptions are read by a model on every turn: keep them to a few paragraphs',
          };
        }
        continue;
      }
      if (value === null || typeof value !== 'object') continue;
      if (depth >= limits.maxDepth) {
        return {
          message: `${label} nests deeper than ${limits.maxDepth} levels at ${path}`,
          hint: 'flatten the schema; no model fills arguments nested this deep',
        };
      }
      if (Array.isArray(value)) value.forEach((v, i) => stack.push({ value: v, depth: depth + 1, path: `${path}[${i}]` }));
      else for (const [k, v] of Object.entries(value)) stack.push({ value: v, depth: depth + 1, path: path ? `${path}.${k}` : k });
    }
  }
  return undefined;
}

function nameOf(item: unknown): string {
  if (item && typeof item === 'object') {
    const record = item as { name?: unknown; uri?: unknown; uriTemplate?: unknown };
    const name = record.name ?? record.uri ?? record.uriTemplate;
    if (typeof name === 'string') return `"${clipText(name, 81)}"`;
  }
  return 'an entry';
}
