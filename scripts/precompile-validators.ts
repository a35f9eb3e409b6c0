/**
 * Ajv standalone code, one file per schema under dist/validators/: the project's own schemas
 * (src/config/project-schemas.ts), so a command validates its query set, tool file, host config or
 * result file without compiling the schema at start; and the meta-schemas the lenient argument check
 * validates a tool's schema against (src/scoring/schema-check.ts).
 */
import { Ajv } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import standaloneModule from 'ajv/dist/standalone/index.js';
import formatsModule from 'ajv-formats';
import { metaSchemaKey, PROJECT_AJV_OPTIONS, precompiledKey, precompiledName, type MetaDialect } from '../src/config/precompiled-validators.ts';
import { projectSchemas } from '../src/config/project-schemas.ts';
import { LENIENT_AJV_OPTIONS } from '../src/scoring/schema-check.ts';

// Both are CommonJS with a `default` export; under NodeNext the default import is the module object.
const standaloneCode = ((standaloneModule as unknown as { default?: unknown }).default ?? standaloneModule) as (ajv: Ajv, refs: Record<string, string>) => string;
const addFormats = ((formatsModule as unknown as { default?: unknown }).default ?? formatsModule) as (ajv: Ajv) => Ajv;

const META_IDS: Record<MetaDialect, string> = {
  'draft-07': 'http://json-schema.org/draft-07/schema',
  '2020-12': 'https://json-schema.org/draft/2020-12/schema',
};

function file(key: string, ajv: Ajv, ref: string): { name: string; text: string } {
  return { name: precompiledName(key), text: `${standaloneCode(ajv, { validate: ref })}\nexports.key = ${JSON.stringify(key)};\n` };
}

/** Each generated file: its name inside dist/validators/ and its text. */
export function precompiledValidatorFiles(): { name: string; text: string }[] {
  const own = projectSchemas().map(({ variant, schema }) => {
    const ajv = new Ajv({ ...PROJECT_AJV_OPTIONS, code: { source: true } });
    if (variant === 'formats') addFormats(ajv);
    ajv.addSchema(schema, 'validate');
    return file(precompiledKey(variant, schema), ajv, 'validate');
  });
  // The meta-schemas' own patterns are ours and linear, so the default RegExp serves here.
  const { code: _engine, ...lenient } = LENIENT_AJV_OPTIONS;
  const metas = (Object.keys(META_IDS) as MetaDialect[]).map((dialect) => {
    const ajv = dialect === 'draft-07' ? new Ajv({ ...lenient, code: { source: true } }) : new Ajv2020({ ...lenient, code: { source: true } });
    return file(metaSchemaKey(dialect), ajv, META_IDS[dialect]);
  });
  return [...own, ...metas];
}
