import { perTool, type ToolRule } from '../../tool-rule-kit.ts';

const DOCSTRING = /^\s*(Args|Arguments|Parameters|Params|Returns|Raises|Yields|Throws|Example[s]?)\s*:\s*$|^\s*(Args|Arguments|Parameters|Returns|Raises)\s*:|@(param|returns?|throws|raises)\b|:param\s+\w+:|:returns?:|:rtype:/m;

/** Spec 10 anti-pattern: a description copied from a docstring describes the code, not when to call it. */
export const descriptionNotDocstring: ToolRule = {
  id: 'description-not-docstring',
  kind: 'tool',
  defaultSeverity: 'warn',
  description: 'the description is not a copied docstring (Args:, Returns:, @param, :param x:)',
  spec: '10 (anti-patterns)',
  check: (tools) =>
    perTool(tools, (tool) => {
      const match = typeof tool.description === 'string' ? DOCSTRING.exec(tool.description) : null;
      return match ? [{ path: '$.description', message: `reads like a docstring ("${match[0].trim()}"); parameters belong in inputSchema, the description says when to call` }] : [];
    }),
};
