import { perTool, proseFields, sentences, type ToolRule } from '../../tool-rule-kit.ts';
import { clipText } from '../../../safety/clip.ts';

const EXFIL: RegExp[] = [
  /\b(send|post|upload|forward|transmit|exfiltrate|leak|report|copy|email|mail)\b[^.]{0,80}\b(to|at)\s+(https?:\/\/|[\w.+-]+@[\w-]+\.[\w.]+|(a|an|the|this|our)\s+(remote|external|third[- ]party)\s+(server|endpoint|address|url|webhook))/i,
  /\b(include|put|pass|embed|append|add|insert)\b[^.]{0,60}\b(conversation|chat history|previous messages|system prompt|full context|credentials|secrets?|api keys?|passwords?|private keys?|environment variables)\b[^.]{0,40}\b(in|into|as)\b[^.]{0,30}\b(parameter|argument|field|request|url|query)/i,
];

/** Tool-poisoning pattern: instructions to send the conversation or secrets somewhere else. */
export const dataExfiltration: ToolRule = {
  id: 'data-exfiltration',
  kind: 'tool',
  defaultSeverity: 'error',
  description: 'no instructions to send data elsewhere (to a URL or address, or smuggled in a parameter)',
  check: (tools) =>
    perTool(tools, (tool) =>
      proseFields(tool).flatMap((field) => {
        const sentence = sentences(field.text).find((s) => EXFIL.some((re) => re.test(s)));
        return sentence ? [{ path: field.path, message: `instructs the model to send data elsewhere: "${clipText(sentence, 120, { ellipsis: '' })}"` }] : [];
      }),
    ),
};
