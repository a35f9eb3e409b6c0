import { perTool, proseFields, type ToolRule } from '../../tool-rule-kit.ts';

const DETAILS: Array<[RegExp, string]> = [
  [/\bSELECT\b[\s\S]{1,80}\bFROM\b|\bINSERT\s+INTO\b|\bUPDATE\s+\w+\s+SET\b|\bDELETE\s+FROM\b/, 'SQL'],
  [/\b(GET|POST|PUT|PATCH|DELETE|HEAD)\s+\/[\w/{}:.-]*/, 'an HTTP method and path'],
  [/\bhttps?:\/\/(localhost|127\.0\.0\.1|[\w.-]+\/api\b)/i, 'an API address'],
  [/\b(REST API|GraphQL|stored procedure|SQL query|database table)\b/i, 'backend wording'],
  [/\b[a-z_][A-Za-z0-9_]*(\.[a-z_][A-Za-z0-9_]*)*\(\)/, 'an internal function call'],
  [/\b(calls|wraps|invokes) (the )?[`'"]?[A-Za-z_][\w.]*[`'"]? (function|method|API)\b/i, 'the function it wraps'],
];

/** Spec 10.1: state when to call and what it does, not how it is built. */
export const descriptionNoImplementation: ToolRule = {
  id: 'description-no-implementation',
  kind: 'tool',
  defaultSeverity: 'warn',
  description: 'descriptions carry no implementation details (SQL, HTTP verbs and paths, internal function names)',
  spec: '10.1',
  check: (tools) =>
    perTool(tools, (tool) =>
      proseFields(tool).flatMap((field) => {
        const hit = DETAILS.find(([re]) => re.test(field.text));
        return hit ? [{ path: field.path, message: `mentions ${hit[1]} ("${field.text.match(hit[0])?.[0]}"); describe the behaviour, not the implementation` }] : [];
      }),
    ),
};
