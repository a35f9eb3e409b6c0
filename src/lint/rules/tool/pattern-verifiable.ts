import { unverifiableReason } from '../../../safety/regex-engine.ts';
import { allProperties, childPath, isObject, perTool, type ToolRule } from '../../tool-rule-kit.ts';
import { clipText } from '../../../safety/clip.ts';

/**
 * A server's `pattern` runs on RE2 (linear time), never on a backtracking engine: one RE2 refuses
 * (lookaround, a backreference) is unverifiable, and every check against it is skipped rather than run
 * natively (src/safety/regex-engine.ts). Legal JSON Schema, so a note, not a defect.
 */
export const patternVerifiable: ToolRule = {
  id: 'pattern-verifiable',
  kind: 'tool',
  defaultSeverity: 'info',
  description: 'every "pattern" (and "patternProperties" key) is one a linear-time engine (RE2) can run; one with lookaround or a backreference is unverifiable, so nothing is checked against it',
  spec: '2.4',
  check: (tools) =>
    perTool(tools, (tool) =>
      [{ path: '$.inputSchema', schema: tool.inputSchema }, ...allProperties(tool.inputSchema)].flatMap((p) => {
        const out: Array<{ path: string; message: string }> = [];
        const note = (path: string, pattern: string): void => {
          const why = unverifiableReason(pattern);
          if (why !== undefined) out.push({ path, message: `pattern ${JSON.stringify(clipText(pattern, 81))} cannot run on a linear-time engine (${why}), so Toolvet checks no value against it; write it without lookaround or backreferences` });
        };
        if (!isObject(p.schema)) return out;
        if (typeof p.schema.pattern === 'string') note(`${p.path}.pattern`, p.schema.pattern);
        if (isObject(p.schema.patternProperties)) for (const key of Object.keys(p.schema.patternProperties)) note(childPath(`${p.path}.patternProperties`, key), key);
        return out;
      }),
    ),
};
