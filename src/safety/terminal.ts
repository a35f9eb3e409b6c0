/**
 * The terminal medium of the output boundary. Everything Toolvet prints may carry text a server, a
 * skill or a model wrote, so before it reaches a terminal or a CI log every control character is made
 * visible: an escape sequence without its ESC byte is inert text, so a window-title change, a screen
 * clear, an OSC 8 link or an OSC 52 clipboard write cannot happen. The one exception is colour: a
 * plain SGR sequence whose parameters are all in our palette (the codes picocolors and cli-table3
 * write for us) passes, so at worst untrusted text can colour itself in one of our colours; conceal,
 * blink and every other sequence are made visible. The class of control characters is defined once,
 * in control-chars.ts, for every medium.
 */
import { hasControlChars, showControlChars } from './control-chars.ts';

// eslint-disable-next-line no-control-regex
const SGR = /\u001b\[([0-9;]{0,20})m/g;
/** Reset, bold, dim, italic, underline and their ends; the 16 foreground colours and default. */
const PALETTE = new Set([0, 1, 2, 3, 4, 22, 23, 24, 30, 31, 32, 33, 34, 35, 36, 37, 39, 90, 91, 92, 93, 94, 95, 96, 97]);

const isColour = (params: string): boolean => params === '' || params.split(';').every((p) => p !== '' && PALETTE.has(Number(p)));

/** Makes every control character visible but palette colours; tabs and newlines stay. */
export function sanitizeTerminal(text: string): string {
  if (!hasControlChars(text)) return text;
  let out = '';
  let last = 0;
  for (const match of text.matchAll(SGR)) {
    if (!isColour(match[1])) continue;
    out += showControlChars(text.slice(last, match.index)) + match[0];
    last = match.index + match[0].length;
  }
  return out + showControlChars(text.slice(last));
}

/** For one-line fields (names, versions): no control character at all, and no new line (shown as ⏎). */
export function sanitizeLine(text: string): string {
  return showControlChars(text).replace(/\n/g, NEWLINE_SHOWN).replace(/\t/g, ' ');
}

/** How a newline inside a one-line field is shown. */
export const NEWLINE_SHOWN = '\u23ce';
