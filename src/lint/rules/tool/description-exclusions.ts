import { perTool, type ToolRule } from '../../tool-rule-kit.ts';

const EXCLUSION = /\b(do not|don't|never|not) (use|call|invoke)\b|\bnot (meant|intended|suitable) for\b|\binstead,? use\b|\buse [`'"]?[\w-]+[`'"]? instead\b/i;

/** Spec 10.1 and anti-patterns: a "Do NOT use for ..." clause keeps the tool from near misses. */
export const descriptionExclusions: ToolRule = {
  id: 'description-exclusions',
  kind: 'tool',
  defaultSeverity: 'warn',
  description: 'the description has a "Do NOT use for ..." clause naming what the tool is not for',
  spec: '10.1',
  check: (tools) =>
    perTool(tools, (tool) =>
      typeof tool.description !== 'string' || tool.description.trim() === '' || EXCLUSION.test(tool.description)
        ? []
        : [{ path: '$.description', message: 'no "Do NOT use for ..." clause; name the near misses and the sibling tool for each' }],
    ),
};
