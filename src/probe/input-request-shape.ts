/**
 * Is an input request well formed: what the spec asks of an `elicitation/create` request, whether it
 * comes embedded in a 2026-07-28 `input_required` result or as a 2025-era request. A form asks with a
 * non-empty `message` and a `requestedSchema` that is a flat object: `type: "object"`, `properties`
 * each a primitive (string, number, integer, boolean, or an enum of strings, single or multi-select),
 * nothing nested, and `required` naming only listed properties. A URL request carries a `url`. The
 * other embedded kinds, `sampling/createMessage` and `roots/list`, are deprecated in 2026-07-28.
 */

export interface InputRequestShape {
  /** The key of the request in `inputRequests` (2026-07-28); absent for a 2025-era request. */
  key?: string;
  method: string;
  message: string;
  mode: 'form' | 'url';
  /** The requested field names (form mode). */
  fields: string[];
  /** What is wrong with it, as sentences; empty when it is well formed. */
  problems: string[];
  /** The request is a kind the 2026-07-28 revision deprecates (sampling, roots). */
  deprecated?: true;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const PRIMITIVE = new Set(['string', 'number', 'integer', 'boolean']);
const STRING_FORMATS = new Set(['email', 'uri', 'date', 'date-time']);

/** Why one property of a requested schema is not a primitive the spec allows; undefined when it is. */
export function primitiveProblem(name: string, schema: unknown): string | undefined {
  if (!isRecord(schema)) return `property "${name}" is not a schema object`;
  const type = schema.type;
  if (type === 'array') {
    // A multi-select enum: an array of strings drawn from an enum (or anyOf of consts).
    const items = schema.items;
    const enumItems = isRecord(items) && (Array.isArray(items.enum) || Array.isArray(items.anyOf));
    return enumItems ? undefined : `property "${name}" is an array that is not a multi-select enum (items with enum or anyOf); forms take primitives only`;
  }
  if (type === 'object' || isRecord(schema.properties)) return `property "${name}" is a nested object; a form takes only primitive properties`;
  if (typeof type !== 'string') return `property "${name}" has no single "type" (string, number, integer or boolean)`;
  if (!PRIMITIVE.has(type)) return `property "${name}" has type "${type}"; a form takes string, number, integer or boolean`;
  if (type === 'string' && typeof schema.format === 'string' && !STRING_FORMATS.has(schema.format)) return `property "${name}" has format "${schema.format}"; forms allow email, uri, date, date-time`;
  if (schema.enum !== undefined && (!Array.isArray(schema.enum) || schema.enum.some((v) => typeof v !== 'string'))) return `property "${name}" has an enum that is not a list of strings`;
  return undefined;
}

/** The problems of one `elicitation/create` params object. */
function elicitationProblems(params: Record<string, unknown>): { problems: string[]; mode: 'form' | 'url'; fields: string[] } {
  const problems: string[] = [];
  if (typeof params.message !== 'string' || params.message.trim() === '') problems.push('no message: the user would see a form without being told what it is for');
  const mode = params.mode === 'url' ? 'url' : 'form';
  if (params.mode !== undefined && params.mode !== 'form' && params.mode !== 'url') problems.push(`mode "${String(params.mode)}" is neither "form" nor "url"`);
  if (mode === 'url') {
    let ok = typeof params.url === 'string';
    if (ok) {
      try {
        new URL(params.url as string);
      } catch {
        ok = false;
      }
    }
    if (!ok) problems.push('a URL request without a valid "url"');
    return { problems, mode, fields: [] };
  }
  const schema = params.requestedSchema;
  if (!isRecord(schema)) {
    problems.push('no requestedSchema: a form request must say what it asks for');
    return { problems, mode, fields: [] };
  }
  if (schema.type !== 'object') problems.push(`requestedSchema has type ${JSON.stringify(schema.type)}; it must be "object"`);
  const properties = isRecord(schema.properties) ? schema.properties : undefined;
  if (!properties) problems.push('requestedSchema has no "properties" object');
  const fields = properties ? Object.keys(properties) : [];
  for (const [name, prop] of Object.entries(properties ?? {})) {
    const problem = primitiveProblem(name, prop);
    if (problem) problems.push(problem);
  }
  if (schema.required !== undefined) {
    if (!Array.isArray(schema.required)) problems.push('requestedSchema "required" is not a list');
    else for (const r of schema.required) if (typeof r !== 'string' || !fields.includes(r)) problems.push(`requestedSchema requires ${JSON.stringify(r)}, which is not a listed property`);
  }
  return { problems, mode, fields };
}

/** Reads one embedded request (`{method, params}`) or 2025-era params (`method` given) into its shape. */
export function inputRequestShape(request: unknown, key?: string, method?: string): InputRequestShape {
  const r = isRecord(request) ? request : {};
  const m = method ?? (typeof r.method === 'string' ? r.method : '');
  const params = isRecord(method ? request : r.params) ? ((method ? request : r.params) as Record<string, unknown>) : {};
  const base = { ...(key !== undefined ? { key } : {}), method: m, message: typeof params.message === 'string' ? params.message : '' };
  if (m === 'sampling/createMessage' || m === 'roots/list') {
    return { ...base, mode: 'form', fields: [], problems: [`asks the client for ${m === 'roots/list' ? 'its roots' : 'a model completion (sampling)'}, which the 2026-07-28 revision deprecates`], deprecated: true };
  }
  if (m !== 'elicitation/create') return { ...base, mode: 'form', fields: [], problems: [`"${m || '(no method)'}" is not an input request method (elicitation/create)`] };
  const { problems, mode, fields } = elicitationProblems(params);
  return { ...base, mode, fields, problems };
}

/** Every request of an `input_required` result's `inputRequests` map, read. */
export function inputRequiredShapes(result: unknown): InputRequestShape[] {
  const requests = isRecord(result) && isRecord(result.inputRequests) ? result.inputRequests : {};
  return Object.entries(requests).map(([key, request]) => inputRequestShape(request, key));
}
