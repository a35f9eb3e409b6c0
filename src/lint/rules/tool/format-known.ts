import { formatKeywords, isKnownFormat } from '../../schema-dialect.ts';
import { perTool, type ToolRule } from '../../tool-rule-kit.ts';

/**
 * JSON Schema makes `format` an annotation, so an unknown name (`format: "json"` in notion-mcp-server)
 * is legal: the model may read it, but no validator checks values against it. A note, not a defect.
 */
export const formatKnown: ToolRule = {
  id: 'format-known',
  kind: 'tool',
  defaultSeverity: 'info',
  description: 'every "format" is one validators check (date-time, uri, email, uuid, ...); an unknown name is legal but checks nothing',
  spec: '2.4',
  check: (tools) =>
    perTool(tools, (tool) =>
      formatKeywords(tool.inputSchema, '$.inputSchema')
        .filter((f) => !isKnownFormat(f.name))
        .map((f) => ({ path: f.path, message: `format "${f.name}" is not a format JSON Schema validators define (ajv-formats), so no value is checked against it; describe the shape in the description, or use a pattern` })),
    ),
};
