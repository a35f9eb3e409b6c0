import type { ToolRule } from '../../tool-rule-kit.ts';

const PORTABLE = /^[A-Za-z0-9_-]{1,64}$/;

/** The intersection of what OpenAI, Anthropic and Gemini accept as a function name. */
export const namePortable: ToolRule = {
  id: 'name-portable',
  kind: 'tool',
  defaultSeverity: 'warn',
  description: 'tool names match ^[A-Za-z0-9_-]{1,64}$, which every major model vendor accepts',
  check: (tools) =>
    tools
      .filter((t) => !PORTABLE.test(t.name))
      .map((t) => ({
        target: t.name,
        path: '$.name',
        message: t.name.length > 64 ? `"${t.name}" is ${t.name.length} characters; some vendors reject names over 64` : `"${t.name}" has characters outside [A-Za-z0-9_-]; some vendors reject it`,
      })),
};
