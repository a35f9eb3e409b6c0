/**
 * The JSON Schema of the result file (schema/result.schema.json, shipped in the package) and the
 * loader `toolvet report` uses: a result from another version, or a hand-edited one, fails with
 * the file and the JSON path at fault instead of rendering half a report.
 */
import { readFileSync } from 'node:fs';
import type { ErrorObject } from 'ajv';
import { readDataFile } from '../config/read-file.ts';
import { MAX_JSON_DEPTH } from '../safety/json-depth.ts';

/** V8's string limit in Node 20 is about 512 MiB; a result file up to that is read whole. */
export const MAX_RESULT_BYTES = 500 * 1024 * 1024;
import { toJsonPath, validatorFor } from '../config/validate.ts';
import { ToolvetError } from '../errors.ts';
import { RESULT_SCHEMA_VERSION, type ToolvetResult } from './model.ts';

export const RESULT_SCHEMA_URL: URL = new URL('./schema/result.schema.json', import.meta.url);
export const RESULT_SCHEMA: Record<string, unknown> = JSON.parse(readFileSync(RESULT_SCHEMA_URL, 'utf8')) as Record<string, unknown>;


/** Every problem as `$.path message`; empty when the data is a valid result. */
export function resultSchemaErrors(data: unknown): string[] {
  const validate = validatorFor(RESULT_SCHEMA, 'formats');
  if (validate(data)) return [];
  return (validate.errors ?? []).map((e: ErrorObject) => {
    const params = e.params as { additionalProperty?: string; missingProperty?: string };
    if (e.keyword === 'additionalProperties') return `${toJsonPath(e.instancePath, params.additionalProperty)} is an unknown key`;
    if (e.keyword === 'required') return `${toJsonPath(e.instancePath, params.missingProperty)} is missing`;
    return `${toJsonPath(e.instancePath)} ${e.message ?? 'is invalid'}`;
  });
}

/** Checks data against the schema; throws E_FILE_INVALID naming the file and the first path at fault. */
export function validateResult(data: unknown, file: string): ToolvetResult {
  const version = (data as { schemaVersion?: unknown } | null)?.schemaVersion;
  if (typeof data !== 'object' || data === null || Array.isArray(data) || version === undefined) {
    throw new ToolvetError('E_FILE_INVALID', `${file} is not a Toolvet result (no schemaVersion)`, {
      file,
      path: '$.schemaVersion',
      hint: 'pass a file written by `toolvet eval --json FILE` or the Toolvet vitest reporter',
    });
  }
  if (version !== RESULT_SCHEMA_VERSION) {
    throw new ToolvetError('E_FILE_INVALID', `${file} has result schema ${JSON.stringify(version)}; this toolvet reads ${RESULT_SCHEMA_VERSION}`, {
      file,
      path: '$.schemaVersion',
      hint: 'render it with the toolvet version that wrote it, or re-run to get a current result',
    });
  }
  const errors = resultSchemaErrors(data);
  if (errors.length > 0) {
    const first = errors[0];
    const more = errors.length > 1 ? ` (and ${errors.length - 1} more problems)` : '';
    throw new ToolvetError('E_FILE_INVALID', `result ${file}: ${first}${more}`, {
      file,
      path: first.split(' ')[0],
      hint: `the file does not match ${RESULT_SCHEMA_URL.pathname.split('/').slice(-3).join('/')} (version ${RESULT_SCHEMA_VERSION})`,
    });
  }
  return data as ToolvetResult;
}

/** Reads and validates a saved result file. */
export function loadResultFile(file: string): ToolvetResult {
  // Result files are written by Toolvet itself and grow with the run (about 0.7 KB a case): no 20 MB
  // input cap, only the largest string V8 can hold.
  return validateResult(readDataFile(file, 'result file', { maxBytes: MAX_RESULT_BYTES, maxDepth: MAX_JSON_DEPTH }), file);
}
