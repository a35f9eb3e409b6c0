import { perTool, proseFields, sentences, type ToolRule } from '../../tool-rule-kit.ts';

const DIRECTIVE: RegExp[] = [
  /\b(before|prior to)\s+(using|calling|invoking|running|answering|responding|replying)\b[^.]{0,60}\b(you\s+)?(must|should|need to|always|first)\s+(call|invoke|run|use|execute)\b/i,
  /\b(you must|you should|always|must always|be sure to)\s+(first\s+)?(call|invoke|run|execute)\s+(the\s+)?[`'"]?[A-Za-z][\w.-]*[`'"]?(\s+tool)?\s+(first|before|beforehand|after)\b/i,
  /\b(after|whenever)\s+(any|every|each)\s+(other\s+)?tool\s+(call|is called|runs)\b/i,
  /\b(instead of|rather than)\s+(using|calling)\s+(any|every|the)\s+other\s+tools?\b/i,
];

/** Tool-poisoning pattern: one tool's description steering the model to call other tools first or always. */
export const toolCallDirective: ToolRule = {
  id: 'tool-call-directive',
  kind: 'tool',
  defaultSeverity: 'error',
  description: 'no instructions to call other tools first or around every call ("before using this tool, call X")',
  check: (tools) =>
    perTool(tools, (tool) =>
      proseFields(tool).flatMap((field) => {
        const sentence = sentences(field.text).find((s) => DIRECTIVE.some((re) => re.test(s)));
        return sentence ? [{ path: field.path, message: `steers the model's other tool calls: "${sentence.slice(0, 120)}"` }] : [];
      }),
    ),
};
