import { toJsonPath } from '../../../config/validate.ts';
import type { JsonSchema } from '../../../types.ts';
import { ajvFor, dialectOf, withoutUnknownDialect } from '../../schema-dialect.ts';
import { isObject, perTool, type ToolRule } from '../../tool-rule-kit.ts';

/**
 * A client validates structuredContent against the outputSchema, and the MCP v2 client refuses every
 * call to a tool whose outputSchema does not compile. Any root type is allowed (2026-07-28); only
 * validity in the declared dialect is checked, leniently (unknown keywords are not errors here: the
 * schema describes results, and schema-valid's strict mode is for the input side).
 */
export const outputSchemaValid: ToolRule = {
  id: 'output-schema-valid',
  kind: 'tool',
  defaultSeverity: 'error',
  description: 'outputSchema, when present, is valid JSON Schema in its declared dialect (any root type); clients refuse calls to a tool whose outputSchema does not compile',
  check: (tools) =>
    perTool(tools, (tool) => {
      const schema = tool.outputSchema as unknown;
      if (schema === undefined) return [];
      if (!isObject(schema)) return [{ path: '$.outputSchema', message: 'outputSchema is not a JSON Schema object' }];
      const choice = dialectOf(schema as JsonSchema);
      const target = withoutUnknownDialect(schema as JsonSchema, choice);
      const ajv = ajvFor(choice.dialect, { strict: false, allErrors: true }, target);
      if (!ajv.validateSchema(target)) {
        return (ajv.errors ?? []).slice(0, 3).map((e) => ({ path: toJsonPath(e.instancePath).replace(/^\$/, '$.outputSchema'), message: `not valid ${choice.dialect} JSON Schema: ${e.message ?? 'invalid'}` }));
      }
      try {
        ajv.compile(target);
        ajv.removeSchema(target);
      } catch (error) {
        return [{ path: '$.outputSchema', message: `does not compile (${choice.dialect}): ${(error as Error).message}` }];
      }
      return [];
    }),
};
