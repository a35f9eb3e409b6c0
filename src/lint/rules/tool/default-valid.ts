import { ajvFor, dialectOf } from '../../schema-dialect.ts';
import { allProperties, isObject, perTool, type ToolRule } from '../../tool-rule-kit.ts';

/** A default that breaks its own schema is what the server fills in when the model leaves the argument out. */
export const defaultValid: ToolRule = {
  id: 'default-valid',
  kind: 'tool',
  defaultSeverity: 'error',
  description: 'every "default" is valid against its own property schema',
  spec: '2.4',
  check: (tools) => {
    // One verdict per distinct (schema, default): large tool sets repeat parameter shapes.
    const verdicts = new Map<string, string | null>();
    return perTool(tools, (tool) => {
      if (!isObject(tool.inputSchema)) return [];
      // Built when a verdict is not known yet (it also teaches the Ajv this tool's format names): most tools repeat a known one.
      let ajv: ReturnType<typeof ajvFor> | undefined;
      return allProperties(tool.inputSchema).flatMap((p) => {
        if (!('default' in p.schema)) return [];
        const { default: value, ...rest } = p.schema;
        const key = `${dialectOf(tool.inputSchema).dialect} ${JSON.stringify(rest)} ${JSON.stringify(value)}`;
        let why = verdicts.get(key);
        if (why === undefined) {
          let validate;
          ajv ??= ajvFor(dialectOf(tool.inputSchema).dialect, { strict: false, allErrors: true }, tool.inputSchema);
          try {
            validate = ajv.compile(rest);
          } catch {
            return []; // schema-valid reports schemas that do not compile
          }
          const valid = validate(value);
          ajv.removeSchema(rest);
          why = valid ? null : (validate.errors ?? []).map((e) => `${e.instancePath || 'default'} ${e.message}`).join('; ');
          verdicts.set(key, why);
        }
        if (why === null) return [];
        return [{ path: `${p.path}.default`, message: `default ${JSON.stringify(value)} of "${p.name}" breaks its own schema: ${why}` }];
      });
    });
  },
};
