import { perTool, proseFields, type ToolRule } from '../../tool-rule-kit.ts';

const OVERRIDE: RegExp[] = [
  /\b(ignore|disregard|forget|override)\s+(all\s+|any\s+)?(the\s+)?(previous|prior|above|earlier|other|system|user'?s?)\s+(instructions|prompts?|rules|messages|guidelines)/i,
  // A tool may legitimately set a system prompt; revealing it or re-casting the model is the attack.
  /\byou are now (a|an)\b|\bnew instructions\s*:|\b(reveal|print|repeat|output|leak)\s+(your|the)\s+system prompt\b/i,
  /<\s*(IMPORTANT|SYSTEM|INSTRUCTIONS?)\s*>/i,
  /\b(do not|don't|never)\s+(tell|inform|mention|reveal|show|alert)\s+(this\s+to\s+)?(the\s+)?user\b/i,
];

/** Tool-poisoning pattern: a description that addresses the model to change its behaviour. */
export const instructionOverride: ToolRule = {
  id: 'instruction-override',
  kind: 'tool',
  defaultSeverity: 'error',
  description: 'no text that tries to override the model\'s instructions ("ignore previous instructions", "do not tell the user", <IMPORTANT>)',
  check: (tools) =>
    perTool(tools, (tool) =>
      proseFields(tool).flatMap((field) => {
        const match = OVERRIDE.map((re) => re.exec(field.text)).find(Boolean);
        return match ? [{ path: field.path, message: `tries to override the model's instructions: "${match[0]}"` }] : [];
      }),
    ),
};
