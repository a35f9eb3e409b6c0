/**
 * Validating input files with ajv: one compiled validator per schema, and an error that names the
 * file, the JSON path of the first problem and the fix.
 */
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import { ToolvetError } from '../errors.ts';

const ajv = new Ajv({ allErrors: true, strict: true, allowUnionTypes: true });
const compiled = new WeakMap<object, ValidateFunction>();

/** `/cases/0/expect` -> `$.cases[0].expect` */
export function toJsonPath(instancePath: string, extra?: string): string {
  const parts = instancePath.split('/').slice(1).map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'));
  if (extra) parts.push(extra);
  return parts.reduce((acc, part) => (/^\d+$/.test(part) ? `${acc}[${part}]` : /^[A-Za-z_$][\w$-]*$/.test(part) ? `${acc}.${part}` : `${acc}[${JSON.stringify(part)}]`), '$');
}

function describe(error: ErrorObject): { path: string; message: string } {
  const params = error.params as Record<string, unknown>;
  if (error.keyword === 'additionalProperties') {
    const key = String(params.additionalProperty);
    return { path: toJsonPath(error.instancePath, key), message: `unknown key "${key}"` };
  }
  if (error.keyword === 'required') {
    const key = String(params.missingProperty);
    return { path: toJsonPath(error.instancePath, key), message: `missing required key "${key}"` };
  }
  if (error.keyword === 'enum') {
    return { path: toJsonPath(error.instancePath), message: `must be one of ${JSON.stringify(params.allowedValues)}` };
  }
  return { path: toJsonPath(error.instancePath), message: error.message ?? 'is invalid' };
}

/** Picks the most specific error: the deepest path, preferring unknown-key and missing-key errors. */
function firstError(errors: ErrorObject[]): ErrorObject {
  const useful = errors.filter((e) => e.keyword !== 'anyOf' && e.keyword !== 'oneOf' && e.keyword !== 'if');
  const pool = useful.length > 0 ? useful : errors;
  // At equal depth a `type` error usually comes from the anyOf branch the data did not take (an object
  // checked against the list form): the other branch's unknown or missing key is the real problem.
  const rank = (e: ErrorObject): number => (e.keyword === 'additionalProperties' || e.keyword === 'required' ? 0 : e.keyword === 'type' ? 2 : 1);
  return [...pool].sort((a, b) => b.instancePath.split('/').length - a.instancePath.split('/').length || rank(a) - rank(b))[0];
}

/** The compiled validator of a schema (compiled once), for callers that only need a yes or no. */
export function validatorFor(schema: object): ValidateFunction {
  let validate = compiled.get(schema);
  if (!validate) {
    validate = ajv.compile(schema);
    compiled.set(schema, validate);
  }
  return validate;
}

export function validateData<T>(schema: object, data: unknown, file: string, what: string, hint: string): T {
  const validate = validatorFor(schema);
  if (!validate(data)) {
    const { path, message } = describe(firstError(validate.errors ?? []));
    const more = (validate.errors?.length ?? 1) > 1 ? ` (and ${validate.errors!.length - 1} more problems)` : '';
    throw new ToolvetError('E_FILE_INVALID', `${what} ${file}: ${path} ${message}${more}`, { file, path, hint });
  }
  return data as T;
}
