import { perTool, textFields, type ToolRule } from '../../tool-rule-kit.ts';

// Zero-width and invisible formatting, bidirectional controls, Unicode tag characters (used to smuggle ASCII), BOM.
// Terminal control characters too: an escape sequence can conceal text in a terminal (SGR 8) or rewrite the screen.
// eslint-disable-next-line no-control-regex
const HIDDEN = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u00AD\u180E\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\u061C\uFEFF\u{E0000}-\u{E007F}]/u;

const PICTO = /\p{Extended_Pictographic}/u;

function codePoint(ch: string): string {
  return `U+${ch.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;
}

/** Text the user cannot see but the model reads is the carrier of tool poisoning. */
export const hiddenUnicode: ToolRule = {
  id: 'hidden-unicode',
  kind: 'tool',
  defaultSeverity: 'error',
  description: 'no invisible or bidirectional-control Unicode in names, descriptions or parameter text',
  check: (tools) =>
    perTool(tools, (tool) =>
      textFields(tool).flatMap((field) => {
        if (!HIDDEN.test(field.text)) return []; // most text has none: no per-character split
        const chars = [...field.text];
        // A zero-width joiner between two pictographs builds one emoji (a family, a flag); it hides nothing.
        const found = chars.filter((ch, i) => HIDDEN.test(ch) && !(ch === '\u200D' && PICTO.test(chars[i - 1] ?? '') && PICTO.test(chars[i + 1] ?? '')));
        if (found.length === 0) return [];
        const kinds = [...new Set(found.map(codePoint))].join(', ');
        return [{ path: field.path.replace('#name', ''), message: `${found.length} hidden character(s) (${kinds}); the user cannot see what the model reads` }];
      }),
    ),
};
