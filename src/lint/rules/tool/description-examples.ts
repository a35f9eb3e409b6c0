import { perTool, requiredOf, topProperties, type ToolRule } from '../../tool-rule-kit.ts';

// A phrase a user might say: quoted and at least two words ('find my reef notes'), not a quoted field name ('head').
// Quotes must stand at word edges so the apostrophes of "file's ... won't" do not pair up.
const PHRASE = /(?<!\w)['"“‘][^'"“”‘’\n]{0,80}\w\s+\w[^'"“”‘’\n]{0,80}['"”’](?!\w)/g;
const EXAMPLE_CUE = /\b(e\.g\.|for example|for instance|such as)\s*[:,]?\s*['"“‘][^'"“”‘’]*\w\s+\w/i;

/** Spec 10 anti-pattern "no examples in the description": a few example phrases anchor when to call. */
export const descriptionExamples: ToolRule = {
  id: 'description-examples',
  kind: 'tool',
  defaultSeverity: 'warn',
  description: "the description includes example requests a user might make, quoted (e.g. 'find my notes on reefs')",
  spec: '10 (anti-patterns)',
  check: (tools) =>
    perTool(tools, (tool) => {
      const text = tool.description;
      if (typeof text !== 'string' || text.trim() === '') return [];
      const quoted = text.match(PHRASE)?.length ?? 0;
      if (EXAMPLE_CUE.test(text) || quoted >= 2) return [];
      // The hint names this tool's own parameters, never a made-up example.
      const required = new Set(requiredOf(tool.inputSchema));
      const params = topProperties(tool).map((p) => p.name).sort((a, b) => Number(required.has(b)) - Number(required.has(a))).slice(0, 3);
      const giving = params.length > 0 ? `, ones that give ${params.map((p) => `\`${p}\``).join(params.length === 2 ? ' and ' : ', ')}` : '';
      return [{ path: '$.description', message: `no example requests; quote two or three things a user would say that should call ${tool.name} (after "e.g."${giving})` }];
    }),
};
