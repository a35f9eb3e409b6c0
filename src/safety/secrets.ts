/**
 * Known secrets: the model API key, header values and tokens of remote servers, credentials found in
 * URLs. Whoever reads one registers it here; everything Toolvet writes (terminal output, result and
 * report files, the results stream, cassettes) passes `redactSecrets`, so a secret that an endpoint or
 * a server echoes back in a normal answer is replaced as well.
 */
const secrets = new Set<string>();
let pattern: RegExp | null = null;

export const REDACTED = '***';

/** Values shorter than this are too common to replace safely (they would mangle ordinary text). */
const MIN_LENGTH = 6;

export function registerSecret(value: string | undefined | null): void {
  if (!value || value.length < MIN_LENGTH || secrets.has(value)) return;
  secrets.add(value);
  pattern = null;
}

export function knownSecretCount(): number {
  return secrets.size;
}

const escapeRegExp = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export function redactSecrets(text: string): string {
  if (secrets.size === 0) return text;
  if (!pattern) {
    // Longest first, so a secret that contains another is replaced whole.
    const sorted = [...secrets].sort((a, b) => b.length - a.length);
    pattern = new RegExp(sorted.map(escapeRegExp).join('|'), 'g');
    // The URL-encoded forms too: a key may travel in a query string.
    const encoded = sorted.map((s) => encodeURIComponent(s)).filter((s) => !secrets.has(s));
    if (encoded.length > 0) pattern = new RegExp([...sorted, ...encoded].map(escapeRegExp).join('|'), 'g');
  }
  return text.replace(pattern, REDACTED);
}

/** For tests: forget every registered secret. */
export function clearSecrets(): void {
  secrets.clear();
  pattern = null;
}
