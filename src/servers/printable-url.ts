/** The URL as it may be printed: origin and path, no query (it may carry a key), no credentials. */
export function printableUrl(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.origin}${parsed.pathname}${parsed.search ? '?…' : ''}`;
  } catch {
    return '(invalid URL)';
  }
}
