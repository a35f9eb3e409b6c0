/**
 * Known secrets: the model API key, header values and tokens of remote servers, credentials found in
 * URLs. Whoever reads one registers it here; everything Toolvet writes (terminal output, result and
 * report files, the results stream, cassettes) passes `redactSecrets`, so a secret that an endpoint or
 * a server echoes back in a normal answer is replaced as well.
 *
 * A secret is matched in every form it takes on its way to a file or a log (src/safety/secret-forms.ts):
 * as is, JSON-escaped (once and twice: a JSON string inside a JSON file), URL-encoded, HTML-escaped,
 * and base64 (standard and URL-safe, at any alignment, so `Basic base64(id:secret)` is caught too).
 * Text is redacted before it is clipped (src/safety/clip.ts): a clip must never cut a secret into a
 * prefix that no longer matches.
 */
import { secretForms } from './secret-forms.ts';

const secrets = new Set<string>();
let pattern: RegExp | null = null;

export const REDACTED = '***';

/** Values shorter than this are too common to replace safely (they would mangle ordinary text). */
export const MIN_SECRET_LENGTH = 6;

export function registerSecret(value: string | undefined | null): void {
  if (!value || value.length < MIN_SECRET_LENGTH || secrets.has(value)) return;
  secrets.add(value);
  pattern = null;
}

export function knownSecretCount(): number {
  return secrets.size;
}

/** The registered secrets themselves, for handing them to another process (never to be printed). */
export function knownSecrets(): string[] {
  return [...secrets];
}

const escapeRegExp = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function compile(): RegExp {
  const forms = new Set<string>();
  for (const secret of secrets) for (const form of secretForms(secret)) if (form.length >= MIN_SECRET_LENGTH) forms.add(form);
  // Longest first, so a form that contains another is replaced whole.
  const sorted = [...forms].sort((a, b) => b.length - a.length);
  return new RegExp(sorted.map(escapeRegExp).join('|'), 'g');
}

export function redactSecrets(text: string): string {
  if (secrets.size === 0) return text;
  pattern ??= compile();
  return text.replace(pattern, REDACTED);
}

/** For tests: forget every registered secret. */
export function clearSecrets(): void {
  secrets.clear();
  pattern = null;
}
