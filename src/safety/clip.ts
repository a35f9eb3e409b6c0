/**
 * The one way to shorten untrusted text for a message, a report or a log: known secrets are redacted
 * first, then the text is cut. Cutting first could leave all but the last character of a secret that a
 * server placed where the cut falls, and that prefix no longer matches the secret when the writer
 * redacts. A cut never splits a UTF-16 surrogate pair.
 */
import { redactSecrets } from './secrets.ts';

export interface ClipOptions {
  /** Appended to a cut text; `…` unless told. */
  ellipsis?: string;
  /** Runs of white space (newlines included) become one space, and the ends are trimmed. */
  flatten?: boolean;
  /** Keep the end instead of the start (a tail of a log). */
  keep?: 'start' | 'end';
}

/** `text` redacted, then cut to at most `max` characters, the ellipsis included. */
export function clipText(text: string, max: number, options: ClipOptions = {}): string {
  const ellipsis = options.ellipsis ?? '…';
  let safe = redactSecrets(text);
  if (options.flatten) safe = safe.replace(/\s+/g, ' ').trim();
  if (safe.length <= max) return safe;
  const room = Math.max(0, max - ellipsis.length);
  if (options.keep === 'end') {
    let from = safe.length - room;
    if (isLowSurrogate(safe.charCodeAt(from))) from++;
    return `${ellipsis}${safe.slice(from)}`;
  }
  let to = room;
  if (isLowSurrogate(safe.charCodeAt(to))) to--;
  return `${safe.slice(0, to)}${ellipsis}`;
}

const isLowSurrogate = (code: number): boolean => code >= 0xdc00 && code <= 0xdfff;
