import { TOOL_VERBS } from '../../tool-verbs.ts';
import { allProperties, nameWords, perTool, topProperties, type ToolRule } from '../../tool-rule-kit.ts';

// "(use get_item)", "use `read_text_file` instead", "call list-files first": an identifier with a separator or a hump.
const NAMED = /\b(?:use|call|try|see|prefer|invoke)\s+(?:the\s+)?[`'"]?([A-Za-z][A-Za-z0-9]*(?:[_-][A-Za-z0-9]+)+|[a-z]+[A-Z][A-Za-z0-9]*)[`'"]?/g;

// One more name in a list after the first: ", get_item", " or move_item", " and `list_tags`".
const LIST_NEXT = /\s*(?:,\s*(?:or\s+|and\s+)?|\s+or\s+|\s+and\s+)(?:the\s+)?[`'"]?([A-Za-z][A-Za-z0-9]*(?:[_-][A-Za-z0-9]+)+|[a-z]+[A-Z][A-Za-z0-9]*)[`'"]?/y;

// What follows a pointed name that is a value, not a tool: "use the 'endCursor' from the previous response",
// "use the `nextPage` value as the `page` parameter" (github-mcp-server's pagination notes).
const VALUE_AFTER = /^[`'"]?\s+(value|values|field|fields|from|parameter|property|key|cursor|token|returned|of the (response|result))\b/i;

/** Every name the description points to, the whole list after a "use" included ("use tag_item or move_item"). */
function pointedNames(text: string): string[] {
  const out: string[] = [];
  for (const match of text.matchAll(NAMED)) {
    if (VALUE_AFTER.test(text.slice((match.index ?? 0) + match[0].length))) continue;
    out.push(match[1]);
    LIST_NEXT.lastIndex = (match.index ?? 0) + match[0].length;
    for (let next = LIST_NEXT.exec(text); next; next = LIST_NEXT.exec(text)) out.push(next[1]);
  }
  return out;
}

type Tools = Parameters<ToolRule['check']>[0];

// A name that is a value, not a tool: an identifier ending in what a value is ("projectSlug",
// "organization_id", "nextCursor"): the model is told to pass it, not call it.
const VALUE_WORDS = new Set(['slug', 'id', 'ids', 'key', 'keys', 'token', 'cursor', 'url', 'uri', 'path', 'name', 'names', 'number', 'code', 'hash', 'version', 'value', 'param', 'params']);

/**
 * A term of art rather than an identifier: a segment of digits ("SHA-256", "UTF-8", "ISO-8601",
 * "GPT-4") or every segment capitalised ("Content-Type", "X-Forwarded-For").
 */
function termOfArt(name: string): boolean {
  const parts = name.split(/[_-]/);
  return parts.some((p) => /^\d+$/.test(p)) || (parts.length > 1 && parts.every((p) => /^[A-Z][a-z]*$/.test(p)));
}

/** A value the model passes: a parameter of some tool of the set, or named like one and not verb-first. */
function isValueName(name: string, params: ReadonlySet<string>): boolean {
  if (params.has(name)) return true;
  const words = nameWords(name);
  return words.length > 1 && VALUE_WORDS.has(words[words.length - 1]) && !TOOL_VERBS.has(words[0]);
}

// A dispatcher runs other tools by name: "Execute an available Sentry MCP tool discovered through
// search_sentry_tools" with a `name` parameter. Its catalog's tools are real, only not listed.
const DISPATCH_VERB = /\b(?:execute|run|call|invoke|dispatch)s?\b[^.]{0,60}\btools?\b/i;
const DISPATCH_PARAM = /^(?:name|tool|tool_?name|toolName|operation)$/;

/** Whether one tool of the set runs other tools by name (a catalog server such as Sentry's). */
function hasDispatcher(tools: Tools): boolean {
  return tools.some(
    (tool) =>
      typeof tool.description === 'string' &&
      DISPATCH_VERB.test(tool.description) &&
      topProperties(tool).some((p) => DISPATCH_PARAM.test(p.name) && /\btool\b/i.test(String(p.schema.description ?? ''))),
  );
}

/** Spec 10.1: a tool named for excluded cases must exist, or the model is sent nowhere. */
export const descriptionSiblingExists: ToolRule = {
  id: 'description-sibling-exists',
  kind: 'tool',
  defaultSeverity: 'error',
  description: 'every sibling tool a description points to ("use get_item") exists in the set',
  spec: '10.1',
  check: (tools) => {
    const names = new Set(tools.map((t) => t.name));
    // Names reached through a dispatcher are not "nowhere": a catalog cannot be checked, so no finding.
    if (hasDispatcher(tools)) return [];
    // Every parameter name of the set, nested ones included: "use projectSlug" names a value to pass.
    const params = new Set(tools.flatMap((t) => allProperties(t.inputSchema).map((p) => p.name)));
    return perTool(tools, (tool) => {
      if (typeof tool.description !== 'string') return [];
      const out = [];
      for (const named of pointedNames(tool.description)) {
        if (names.has(named) || termOfArt(named) || isValueName(named, params)) continue;
        out.push({ path: '$.description', message: `the description points to "${named}", which is not a tool in this set` });
      }
      return out;
    });
  },
};
