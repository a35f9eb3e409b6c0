/**
 * Checking one tool result against the tool's `outputSchema`, wherever Toolvet calls a tool
 * (probe, bench, scenarios): a tool that declares an outputSchema MUST return `structuredContent`
 * valid against it (any JSON type at the root under MCP 2026-07-28; an object before), and SHOULD
 * also return the same data serialized as JSON in a text content item, for clients that read text
 * only. A broken schema is a failure naming the JSON path; text that disagrees is a warning.
 * Results flagged `isError` are not checked: an error result need not match the output schema.
 */
import type { ErrorObject } from 'ajv';
import { compileLenient } from '../scoring/schema-check.ts';
import { toJsonPath } from '../config/validate.ts';
import type { ToolDefinition } from '../types.ts';

export type StructuredStatus = 'pass' | 'warn' | 'fail' | 'skip';

/** The parts of a tools/call result this check reads (the SDK's CallToolResult fits). */
export interface ToolResultLike {
  content?: ReadonlyArray<{ type: string; text?: string; [key: string]: unknown }>;
  structuredContent?: unknown;
  isError?: boolean;
}

export interface StructuredResultCheck {
  tool: string;
  status: StructuredStatus;
  detail: string;
  /** Where `structuredContent` breaks the outputSchema (`$.items[0].title`), or where the text's JSON differs from it. */
  path?: string;
  /** Every schema problem, `$.path message`, at most five. */
  errors?: string[];
  /** A text content item parses as JSON (an object or array): data a client could have had structured. */
  jsonText: boolean;
}

/** The JSON path an ajv error is about: a missing property is named, not its parent. */
function errorPath(e: ErrorObject): string {
  const params = e.params as { missingProperty?: string; additionalProperty?: string };
  if (e.keyword === 'required' && params.missingProperty) return toJsonPath(e.instancePath, params.missingProperty);
  if (e.keyword === 'additionalProperties' && params.additionalProperty) return toJsonPath(e.instancePath, params.additionalProperty);
  return toJsonPath(e.instancePath);
}

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  const trimmed = text.trim();
  if (!/^[[{"\d-]|^(true|false|null)$/.test(trimmed)) return { ok: false };
  try {
    return { ok: true, value: JSON.parse(trimmed) };
  } catch {
    return { ok: false };
  }
}

/** The first JSON path where two values differ, or undefined when they are equal (key order ignored). */
export function firstDifference(a: unknown, b: unknown, path = '$'): string | undefined {
  if (a === b) return undefined;
  if (Array.isArray(a) && Array.isArray(b)) {
    for (let i = 0; i < Math.max(a.length, b.length); i += 1) {
      const d = i < a.length && i < b.length ? firstDifference(a[i], b[i], `${path}[${i}]`) : `${path}[${i}]`;
      if (d) return d;
    }
    return undefined;
  }
  if (a && b && typeof a === 'object' && typeof b === 'object' && !Array.isArray(a) && !Array.isArray(b)) {
    const [x, y] = [a as Record<string, unknown>, b as Record<string, unknown>];
    for (const key of [...new Set([...Object.keys(x), ...Object.keys(y)])].sort()) {
      const at = /^[A-Za-z_$][\w$]*$/.test(key) ? `${path}.${key}` : `${path}[${JSON.stringify(key)}]`;
      const d = key in x && key in y ? firstDifference(x[key], y[key], at) : at;
      if (d) return d;
    }
    return undefined;
  }
  return path;
}

const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const texts = (result: ToolResultLike): string[] => (result.content ?? []).filter((c) => c.type === 'text' && typeof c.text === 'string').map((c) => c.text as string);

/** True when some text item of the result is a JSON object or array. */
export function hasJsonText(result: ToolResultLike): boolean {
  return texts(result).some((t) => {
    const parsed = parseJson(t);
    return parsed.ok && typeof parsed.value === 'object' && parsed.value !== null;
  });
}

export function checkStructuredResult(tool: ToolDefinition, result: ToolResultLike): StructuredResultCheck {
  const base = { tool: tool.name, jsonText: hasJsonText(result) };
  if (result.isError) return { ...base, status: 'skip', detail: 'an error result (isError); the output schema does not apply' };
  const schema = tool.outputSchema;
  if (!schema) {
    return base.jsonText
      ? { ...base, status: 'skip', detail: 'no outputSchema, but the text content is JSON: declare an outputSchema and return structuredContent' }
      : { ...base, status: 'skip', detail: 'no outputSchema' };
  }
  if (result.structuredContent === undefined) {
    return { ...base, status: 'fail', path: '$', detail: `"${tool.name}" declares an outputSchema but returned no structuredContent` };
  }
  // Lenient on purpose: third-party schemas are checked by lint; here they only judge results.
  const validate = compileLenient(schema);
  if (validate instanceof Error) return { ...base, status: 'fail', path: '$', detail: `the outputSchema of "${tool.name}" does not compile: ${validate.message}` };
  if (!validate(result.structuredContent)) {
    const errors = (validate.errors ?? []).filter((e) => !['anyOf', 'oneOf', 'if'].includes(e.keyword));
    const list = (errors.length > 0 ? errors : (validate.errors ?? [])).map((e) => ({ path: errorPath(e), message: e.message ?? 'is invalid' }));
    const deepest = [...list].sort((a, b) => b.path.length - a.path.length)[0];
    return {
      ...base,
      status: 'fail',
      path: deepest.path,
      errors: list.slice(0, 5).map((e) => `${e.path} ${e.message}`),
      detail: `structuredContent of "${tool.name}" breaks its outputSchema at ${deepest.path}: ${deepest.message}`,
    };
  }
  // Valid. Now the text: the spec asks for the serialized JSON in a text item too.
  const parsed = texts(result).map(parseJson).filter((p): p is { ok: true; value: unknown } => p.ok);
  if (parsed.some((p) => firstDifference(p.value, result.structuredContent) === undefined)) {
    return { ...base, status: 'pass', detail: 'structuredContent matches the outputSchema, and a text item carries the same JSON' };
  }
  if (parsed.length > 0) {
    const path = firstDifference(parsed[0].value, result.structuredContent)!;
    return { ...base, status: 'warn', path, detail: `structuredContent matches the outputSchema, but the JSON in the text content differs from it at ${path}` };
  }
  // The same data as plain text (filesystem's {content: TEXT} beside the TEXT itself) is the same data.
  const plainValues = typeof result.structuredContent === 'string' ? [result.structuredContent] : isPlainObject(result.structuredContent) ? Object.values(result.structuredContent).filter((v): v is string => typeof v === 'string') : [];
  if (texts(result).some((t) => plainValues.includes(t))) {
    return { ...base, status: 'pass', detail: 'structuredContent matches the outputSchema, and a text item carries the same data as plain text' };
  }
  return { ...base, status: 'warn', detail: 'structuredContent matches the outputSchema, but no text item carries it, as JSON or as the same text (clients that read text only may miss the data)' };
}
