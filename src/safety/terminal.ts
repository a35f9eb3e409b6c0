/**
 * The terminal medium of the output boundary. Everything Toolvet prints may carry text a server, a
 * skill or a model wrote, so before it reaches a terminal or a CI log every control character is made
 * visible: an escape sequence without its ESC byte is inert text, so a window-title change, a screen
 * clear, an OSC 8 link or an OSC 52 clipboard write cannot happen. The one exception is colour: a
 * plain SGR sequence whose parameters are all in our palette (the codes picocolors and cli-table3
 * write for us) passes, so at worst untrusted text can colour itself in one of our colours; conceal,
 * blink and every other sequence are made visible.
 */

/** C0 controls but tab and newline, DEL, the C1 range, and the bidirectional overrides (Trojan Source). */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;
// eslint-disable-next-line no-control-regex
const SGR = /\u001b\[([0-9;]{0,20})m/g;
/** Reset, bold, dim, italic, underline and their ends; the 16 foreground colours and default. */
const PALETTE = new Set([0, 1, 2, 3, 4, 22, 23, 24, 30, 31, 32, 33, 34, 35, 36, 37, 39, 90, 91, 92, 93, 94, 95, 96, 97]);

function visible(ch: string): string {
  const code = ch.charCodeAt(0);
  if (code < 0x20) return String.fromCharCode(0x2400 + code); // ␛ for ESC, ␇ for BEL, ␍ for CR …
  if (code === 0x7f) return '\u2421';
  return `<U+${code.toString(16).toUpperCase().padStart(4, '0')}>`;
}

const inert = (text: string): string => text.replace(CONTROL, visible);

const isColour = (params: string): boolean => params === '' || params.split(';').every((p) => p !== '' && PALETTE.has(Number(p)));

/** Makes every control character visible but palette colours; tabs and newlines stay. */
export function sanitizeTerminal(text: string): string {
  // eslint-disable-next-line no-control-regex
  if (!/[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/.test(text)) return text;
  let out = '';
  let last = 0;
  for (const match of text.matchAll(SGR)) {
    if (!isColour(match[1])) continue;
    out += inert(text.slice(last, match.index)) + match[0];
    last = match.index + match[0].length;
  }
  return out + inert(text.slice(last));
}

/** For one-line fields (names, versions): no control character at all, and no new line. */
export function sanitizeLine(text: string): string {
  return inert(text).replace(/\n/g, '\u2424').replace(/\t/g, ' ');
}
