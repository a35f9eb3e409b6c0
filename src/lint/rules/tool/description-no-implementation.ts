import { perTool, proseFields, topProperties, type ToolRule } from '../../tool-rule-kit.ts';

type Detail = [RegExp, string];

// Code a tool takes as input (playwright's browser_run_code_unsafe, a SQL console) is its interface:
// "await page.click()" or "SELECT ... FROM" in its descriptions is an example of what to send.
const LANGUAGE: Detail[] = [
  [/\bSELECT\b[\s\S]{1,80}\bFROM\b|\bINSERT\s+INTO\b|\bUPDATE\s+\w+\s+SET\b|\bDELETE\s+FROM\b/, 'SQL'],
  [/\b[a-z_][A-Za-z0-9_]*(\.[a-z_][A-Za-z0-9_]*)*\(\)/, 'an internal function call'],
];
const PLUMBING: Detail[] = [
  [/\b(GET|POST|PUT|PATCH|DELETE|HEAD)\s+\/[\w/{}:.-]*/, 'an HTTP method and path'],
  [/\bhttps?:\/\/(localhost|127\.0\.0\.1|[\w.-]+\/api\b)/i, 'an API address'],
  // The backend named as what the tool calls ("calls the REST API", "via a stored procedure"), not an
  // identifier kind the model must tell apart ("the GraphQL node ID", "not the GraphQL thread node ID").
  [/\b(calls?|calling|wraps?|wrapping|invokes?|invoking|via|through|using|uses|hits?|queries|querying|runs?|executes?)\s+(the\s+|a\s+|an\s+)?([\w'-]+\s+){0,2}(REST API|GraphQL(\s+(API|endpoint|query|mutation))?|stored procedure|SQL query|database table)\b(?!\s+(node\s+)?IDs?\b)/i, 'backend wording'],
  [/\b(calls|wraps|invokes) (the )?[`'"]?[A-Za-z_][\w.]*[`'"]? (function|method|API)\b/i, 'the function it wraps'],
];

/** A parameter that takes code or a query language (name or description says so). */
function takesCode(tool: Parameters<typeof topProperties>[0]): boolean {
  return topProperties(tool).some(
    (p) =>
      /^(code|script|sql|query_?sql|expression|function|snippet|source_?code|js|javascript|python)$/i.test(p.name) ||
      (typeof p.schema.description === 'string' && /\b(JavaScript|TypeScript|Python|SQL|Bash|shell)\b[^.]{0,40}\b(code|function|snippet|script|statement|query|expression|to (run|execute|evaluate))\b|\b(code|function|snippet|script|expression) (to|that will be) (run|execute|evaluate)/i.test(p.schema.description)),
  );
}

/**
 * Spec 10.1: state when to call and what it does, not how it is built. Info, not warn: on the holdout
 * servers 0 of 10 findings were true (a sibling named as `find_organizations()`, a query language's
 * `count()`, "Execute a SQL query" on a SQL console whose parameter is `query`), 1 of 11 in all.
 */
export const descriptionNoImplementation: ToolRule = {
  id: 'description-no-implementation',
  kind: 'tool',
  defaultSeverity: 'info',
  description: 'descriptions carry no implementation details (SQL, HTTP verbs and paths, internal function names), unless the tool takes code',
  spec: '10.1',
  check: (tools) =>
    perTool(tools, (tool) => {
      const details = takesCode(tool) ? PLUMBING : [...LANGUAGE, ...PLUMBING];
      return proseFields(tool).flatMap((field) => {
        const hit = details.find(([re]) => re.test(field.text));
        return hit ? [{ path: field.path, message: `mentions ${hit[1]} ("${field.text.match(hit[0])?.[0]}"); describe the behaviour, not the implementation` }] : [];
      });
    }),
};
