/**
 * The one class of control characters the output boundary never lets through as such, shared by the
 * terminal, file and Markdown media: C0 controls but tab and newline (carriage return included), DEL,
 * the C1 range (NEL and the 8-bit CSI among them), the bidirectional marks and embeddings, overrides and
 * isolates (Trojan Source: U+061C, U+200E/F, U+202A-U+202E, U+2066-U+2069), and the Unicode line and
 * paragraph separators (U+2028/9), which some viewers break lines at.
 */
const CLASS = '[\\u0000-\\u0008\\u000b-\\u001f\\u007f-\\u009f\\u061c\\u200e\\u200f\\u2028\\u2029\\u202a-\\u202e\\u2066-\\u2069]';

/** Every control character of the class (global: use with replace). */
export const CONTROL_CHARS = new RegExp(CLASS, 'g');

/** Whether `text` holds any control character of the class. */
export function hasControlChars(text: string): boolean {
  return new RegExp(CLASS).test(text);
}

/** A visible stand-in for a control character: ␛ for ESC, ␍ for CR, ␡ for DEL, `<U+202E>` for the rest. */
export function visibleControl(ch: string): string {
  const code = ch.charCodeAt(0);
  if (code < 0x20) return String.fromCharCode(0x2400 + code);
  if (code === 0x7f) return '\u2421';
  return `<U+${code.toString(16).toUpperCase().padStart(4, '0')}>`;
}

/** Every control character of the class made visible (tabs and newlines stay). */
export function showControlChars(text: string): string {
  return text.replace(CONTROL_CHARS, visibleControl);
}
