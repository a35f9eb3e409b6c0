/**
 * Generates schema/result.schema.json from the TypeScript result model (src/report/model.ts) with
 * ts-json-schema-generator, so the shipped schema never drifts from the types. Run after changing
 * the model:  node --import tsx src/report/schema/generate-schema.ts
 * (result-schema.test.ts fails, naming this command, when the committed file is out of date.)
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createGenerator } from 'ts-json-schema-generator';
import { RESULT_SCHEMA_VERSION } from '../model.ts';

export const SCHEMA_FILE: string = fileURLToPath(new URL('./result.schema.json', import.meta.url));
export const GENERATE_COMMAND = 'node --import tsx src/report/schema/generate-schema.ts';

type Schema = Record<string, unknown> & { definitions?: Record<string, Record<string, unknown>> };

export function generateResultSchema(): Schema {
  const generated = createGenerator({
    path: fileURLToPath(new URL('../model.ts', import.meta.url)),
    tsconfig: fileURLToPath(new URL('../../../tsconfig.json', import.meta.url)),
    type: 'ToolvetResult',
    skipTypeCheck: true,
    additionalProperties: false,
    expose: 'export',
    topRef: true,
    jsDoc: 'basic',
    sortProps: true,
  }).createSchema('ToolvetResult') as Schema;
  // Timestamps are ISO strings; the types cannot say so.
  const top = generated.definitions?.ToolvetResult as { properties: Record<string, Record<string, unknown>> };
  for (const key of ['startedAt', 'finishedAt']) top.properties[key].format = 'date-time';
  return {
    $schema: 'http://json-schema.org/draft-07/schema#',
    $id: `https://toolvet.dev/schema/result-${RESULT_SCHEMA_VERSION}.json`,
    title: `Toolvet result, schema version ${RESULT_SCHEMA_VERSION}`,
    description: 'The result file every Toolvet command writes (--json, the vitest reporter) and `toolvet report` re-renders. Generated from src/report/model.ts; schemaVersion changes on any incompatible change.',
    $ref: '#/definitions/ToolvetResult',
    definitions: generated.definitions,
  };
}

/**
 * Keys sorted at every level (and `required` lists sorted), so reordering fields in a TypeScript
 * interface does not change the file; only a real change of the model does.
 */
function canonical(value: unknown, key?: string): unknown {
  if (Array.isArray(value)) {
    const items = value.map((v) => canonical(v));
    return key === 'required' ? [...(items as string[])].sort() : items;
  }
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((k) => [k, canonical((value as Record<string, unknown>)[k], k)]),
    );
  }
  return value;
}

export const schemaText = (schema: object): string => `${JSON.stringify(canonical(schema), null, 2)}\n`;

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  writeFileSync(SCHEMA_FILE, schemaText(generateResultSchema()));
  process.stdout.write(`wrote ${SCHEMA_FILE}\n`);
}
