/**
 * The project's own schemas whose validators are generated at build time (scripts/build.ts, Ajv
 * standalone; src/config/precompiled-validators.ts finds them at run time). A schema missing here
 * still works: it is compiled on first use. List the ones a command meets at start.
 */
import type { AjvVariant } from './precompiled-validators.ts';
import { HOST_CONFIG_SCHEMAS } from './host-config.ts';
import { QUERY_SET_SCHEMA } from './query-set.ts';
import { TOOL_FILE_SCHEMA } from './tool-file.ts';
import { RESULT_SCHEMA } from '../report/result-schema.ts';

export interface ProjectSchema {
  variant: AjvVariant;
  schema: object;
}

export function projectSchemas(): ProjectSchema[] {
  return [
    { variant: 'plain', schema: QUERY_SET_SCHEMA },
    { variant: 'plain', schema: TOOL_FILE_SCHEMA },
    ...HOST_CONFIG_SCHEMAS.map((schema) => ({ variant: 'plain' as const, schema })),
    { variant: 'formats', schema: RESULT_SCHEMA },
  ];
}
