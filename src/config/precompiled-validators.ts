/**
 * Validators for the project's own schemas (query sets, tool files, host configs, results), generated
 * at build time with Ajv's standalone code: scripts/build.ts writes them to dist/validators/, one file
 * per schema, from the list in src/config/project-schemas.ts. Compiling those schemas took a command about 100 ms at start.
 *
 * Only the bundle reads them (esbuild defines `__TOOLVET_BUNDLE__`); running from sources (tsx,
 * vitest) compiles, as the bundle does for any schema not generated. A validator is found by its
 * schema's JSON text and the Ajv variant, so a schema edited after a build is compiled, never matched
 * to a stale validator.
 */
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import type { Options, ValidateFunction } from 'ajv';

declare const __TOOLVET_BUNDLE__: boolean | undefined;

/** `plain`: strict Ajv, every error, union types; `formats`: the same with ajv-formats (the result schema). */
export type AjvVariant = 'plain' | 'formats';

/** The options every project schema is compiled with, at build time and at run time alike. */
export const PROJECT_AJV_OPTIONS: Readonly<Options> = { allErrors: true, strict: true, allowUnionTypes: true };

/** The folder inside dist/ that holds one generated file per schema, named by `precompiledName`. */
export const PRECOMPILED_DIR = 'validators';

/** What a generated file exports: the validator, and the key it was generated for. */
export interface PrecompiledModule {
  key: string;
  validate: ValidateFunction;
}

/** The lookup key of a schema: its variant and JSON text. */
export function precompiledKey(variant: AjvVariant, schema: object): string {
  return `${variant} ${JSON.stringify(schema)}`;
}

/** The dialects whose meta-schema the lenient argument check validates a tool's schema against. */
export type MetaDialect = 'draft-07' | '2020-12';

/**
 * The lookup key of a dialect's meta-schema, as the lenient check uses it (every error, formats not
 * checked). Checking a tool's schema against it used to compile the meta-schema on a run's first call
 * (60 to 140 ms); the build generates it.
 */
export function metaSchemaKey(dialect: MetaDialect): string {
  return `lenient-meta ${dialect}`;
}

/** The generated file's name for a key: a hash, so a command loads only the schemas it meets. */
export function precompiledName(key: string): string {
  return `${createHash('sha256').update(key).digest('hex').slice(0, 20)}.cjs`;
}

function bundled(): boolean {
  return typeof __TOOLVET_BUNDLE__ !== 'undefined' && __TOOLVET_BUNDLE__ === true;
}

const load = createRequire(import.meta.url);

/**
 * The build-time validator for a key (`precompiledKey`, `metaSchemaKey`), or undefined: running from
 * sources, or nothing generated for it.
 */
export function precompiledValidator(key: string): ValidateFunction | undefined {
  if (!bundled()) return undefined;
  const file = fileURLToPath(new URL(`../../dist/${PRECOMPILED_DIR}/${precompiledName(key)}`, import.meta.url));
  let loaded: PrecompiledModule;
  try {
    loaded = load(file) as PrecompiledModule;
  } catch (error) {
    // Not generated (a schema outside the list): compile. Anything else is a broken build, and says so.
    if ((error as NodeJS.ErrnoException).code === 'MODULE_NOT_FOUND' && (error as Error).message.includes(file)) return undefined;
    throw error;
  }
  return loaded.key === key ? loaded.validate : undefined;
}
