import { perTool, sentences, type ToolRule } from '../../tool-rule-kit.ts';
import { clipText } from '../../../safety/clip.ts';

/** A sentence about what comes back... */
const RETURNS = /\b(returns?|returned|respond(s|ing)?|responses?|outputs?|produces?|results?|gives back|replies)\b/i;
/** ...that says it is JSON (not JSON-RPC, the protocol: "returns a JSON-RPC error")... */
const JSON_WORD = /\bJSON\b(?![-\s]?RPC)/i;
/** ...and not about JSON going in. */
const INPUT = /\b(accepts?|takes?|input|parameters?|arguments?|pass(es)?|send|provide|given)\b[^.]{0,30}\bJSON\b|\bJSON\b[^.]{0,20}\b(input|parameters?|arguments?|payload to send)\b/i;

/**
 * A tool whose description says it returns JSON but declares no `outputSchema`: the client gets text
 * it must parse and guess the shape of, while an outputSchema with `structuredContent` would give the
 * shape (MCP 2025-06-18 and later). Found from the description only; `toolvet probe` finds the same
 * from real results of read-only tools.
 */
export const outputSchemaDeclared: ToolRule = {
  id: 'output-schema-declared',
  kind: 'tool',
  defaultSeverity: 'info',
  description: 'a tool whose description says it returns JSON declares an outputSchema (and returns structuredContent)',
  check: (tools) =>
    perTool(tools, (tool) => {
      if (tool.outputSchema || typeof tool.description !== 'string') return [];
      const said = sentences(tool.description).find((s) => JSON_WORD.test(s) && RETURNS.test(s) && !INPUT.test(s));
      if (!said) return [];
      const quote = clipText(said, 80, { ellipsis: '...' });
      return [{ path: '$.outputSchema', message: `the description says it returns JSON ("${quote}") but the tool declares no outputSchema; declare one and return structuredContent` }];
    }),
};
