/**
 * Terminal text building blocks, one line per value by construction: the text form of markdown-kit.ts's
 * `md`. A renderer's output is a `Text` value, and the `text` template makes every interpolated value
 * one line free of control characters (secrets redacted, then src/safety/terminal.ts's sanitizeLine:
 * every control character of the one class visible, a line end shown as ⏎, a tab as a space) unless
 * the value is itself `Text` (made here). So a name, path or message from a server, a model or a file
 * can never start a line of its own ("gate: PASS") or carry an escape sequence, and no field can be
 * forgotten. Colour goes through `styled`, which colours the escaped value; fixed wording with its own
 * line breaks is written in the template itself.
 */
import { redactSecrets } from '../safety/secrets.ts';
import { sanitizeLine } from '../safety/terminal.ts';

const TEXT: unique symbol = Symbol('text');

/** Terminal text this module built: safe to place as is. */
export interface Text {
  readonly [TEXT]: true;
  readonly text: string;
}

const made = (text: string): Text => ({ [TEXT]: true, text });

export const isText = (value: unknown): value is Text => typeof value === 'object' && value !== null && (value as Partial<Text>)[TEXT] === true;

/** One value as one line of text, unless it is `Text` already. */
const piece = (value: unknown): string => (isText(value) ? value.text : sanitizeLine(redactSecrets(String(value))));

/** Text with every interpolation made one line free of control characters, unless it is `Text` already. */
export function text(strings: TemplateStringsArray, ...values: unknown[]): Text {
  let out = strings[0];
  values.forEach((value, i) => (out += piece(value) + strings[i + 1]));
  return made(out);
}

/** A value (escaped as in `text`) in a style of ours, e.g. `styled(pc.red, name)`. */
export const styled = (style: (s: string) => string, value: unknown): Text => made(style(piece(value)));

/** The parts that are present, joined (by a line end unless told); a string part is escaped as in `text`. */
export function joinText(parts: ReadonlyArray<Text | string | undefined>, separator = '\n'): Text {
  return made(parts.filter((p) => p !== undefined).map(piece).join(separator));
}
