import { nameWords, perTool, sentences, type ToolRule } from '../../tool-rule-kit.ts';
import type { ToolDefinition } from '../../../types.ts';

const EXCLUSION = /\b(do not|don't|never|not) (use|call|invoke)\b|\bnot (meant|intended|suitable) for\b|\binstead,? use\b|\buse [`'"]?[\w-]+[`'"]? instead\b|\bdeprecated\b/i;

// A sentence naming a sibling of the set routes the cases this tool does not cover, as real servers
// write it: "use browser_snapshot for actions", "Remote web URLs belong in `firecrawl_scrape`", "if the
// user does not have a Pro plan, use the brave_web_search tool", "Prefer normal firecrawl_search for ...".
// A prerequisite ("call resolve-library-id first", "Use after web_search_exa") routes nothing away.
const PREREQUISITE = /\b(first|before|after|prior to|then|from)\b/i;
const NAME_RUN = /[A-Za-z][\w.-]*[A-Za-z0-9]/g;

function pointsToSibling(tool: ToolDefinition, names: ReadonlySet<string>): boolean {
  return sentences(tool.description ?? '').some(
    (sentence) => !PREREQUISITE.test(sentence) && (sentence.match(NAME_RUN) ?? []).some((run) => run !== tool.name && names.has(run)),
  );
}

/** The sibling whose name shares the most words with this one, words most names share left out (list_directory -> list_directory_with_sizes); `words` holds each tool's distinct name words. */
function nearestSibling(tool: ToolDefinition, tools: readonly ToolDefinition[], words: ReadonlyArray<readonly string[]>, common: ReadonlySet<string>): string | undefined {
  const own = new Set(nameWords(tool.name).filter((w) => !common.has(w)));
  let best: string | undefined;
  let bestShared = 0;
  tools.forEach((other, k) => {
    if (other.name === tool.name) return;
    let shared = 0;
    for (const w of words[k]) if (own.has(w)) shared += 1;
    if (shared > bestShared) [best, bestShared] = [other.name, shared];
  });
  return best;
}

/** Spec 10.1 and anti-patterns: a "Do NOT use for ..." clause keeps the tool from near misses. */
export const descriptionExclusions: ToolRule = {
  id: 'description-exclusions',
  kind: 'tool',
  defaultSeverity: 'warn',
  description: 'the description has a "Do NOT use for ..." clause naming what the tool is not for',
  spec: '10.1',
  check: (tools) => {
    // Each name's distinct words once: every tool without a clause compares its name with all the others'.
    const words = tools.map((t) => [...new Set(nameWords(t.name))]);
    const use = new Map<string, number>();
    for (const list of words) for (const w of list) use.set(w, (use.get(w) ?? 0) + 1);
    const common = new Set([...use].filter(([, n]) => tools.length > 2 && n > tools.length / 3).map(([w]) => w));
    const names = new Set(tools.map((t) => t.name));
    return perTool(tools, (tool) => {
      if (typeof tool.description !== 'string' || tool.description.trim() === '' || EXCLUSION.test(tool.description) || pointsToSibling(tool, names)) return [];
      const sibling = nearestSibling(tool, tools, words, common);
      const hint = sibling ? ` (the nearest here may be ${sibling})` : '';
      return [{ path: '$.description', message: `no "Do NOT use for ..." clause; name the near misses and the sibling tool for each${hint}` }];
    });
  },
};
