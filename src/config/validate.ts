/**
 * Validating input files with ajv: one compiled validator per schema, and an error that names the
 * file, the JSON path of the first problem and the fix.
 */
import type { Ajv, ErrorObject, ValidateFunction } from 'ajv';
import { ToolvetError } from '../errors.ts';
import { lazyRequire } from '../lazy-require.ts';
import { PROJECT_AJV_OPTIONS, precompiledKey, precompiledValidator, type AjvVariant } from './precompiled-validators.ts';

// Loaded only to compile the result schema from sources; the bundle has it generated.
// Ajv itself is needed only for a schema the build did not precompile: loaded then.
const ajvModule = lazyRequire<typeof import('ajv')>('ajv');
const formatsPlugin = lazyRequire<{ default: (ajv: Ajv) => Ajv }>('ajv-formats');

// Made on first compile, not at import: a bundled command finds its schemas precompiled and never needs one.
const instances = new Map<AjvVariant, Ajv>();
const compiled = { plain: new WeakMap<object, ValidateFunction>(), formats: new WeakMap<object, ValidateFunction>() };

function ajvOf(variant: AjvVariant): Ajv {
  let ajv = instances.get(variant);
  if (!ajv) {
    ajv = new (ajvModule().Ajv)(PROJECT_AJV_OPTIONS);
    if (variant === 'formats') formatsPlugin().default(ajv);
    instances.set(variant, ajv);
  }
  return ajv;
}

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

/**
 * The validator of one of the project's schemas, once per schema: generated at build time when the
 * bundle has it (src/config/project-schemas.ts), compiled otherwise. `formats` checks `format` too.
 */
export function validatorFor(schema: object, variant: AjvVariant = 'plain'): ValidateFunction {
  let validate = compiled[variant].get(schema);
  if (!validate) {
    validate = precompiledValidator(precompiledKey(variant, schema)) ?? ajvOf(variant).compile(schema);
    compiled[variant].set(schema, validate);
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
