/**
 * The forms a secret takes on its way out: the raw value, its JSON-escaped form (a refused header value
 * with CR LF inside lands in a JSON file escaped, not raw), its twice-escaped form (a JSON string held in
 * a JSON string: a tool result that is JSON, inside the result file), URL-encoded (a query string, a
 * form body; upper- and lower-case hex), JSON with non-ASCII escaped (as a Python server writes it),
 * HTML- and XML-escaped (the HTML and JUnit reports), and base64.
 *
 * Base64 is matched by its core at each of the three alignments: the characters that depend on the
 * secret's bytes alone, whatever comes before or after it. So the secret is found inside a longer
 * base64 text too, such as HTTP basic auth (`base64(clientId:secret)`), with or without padding, in the
 * standard and the URL-safe alphabets.
 */
const htmlEscape = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
const xmlEscape = (s: string): string => htmlEscape(s).replace(/&#39;/g, '&apos;');
const jsonEscape = (s: string): string => JSON.stringify(s).slice(1, -1);
/** JSON as Python's json.dumps writes it: every non-ASCII character as a lower-case \\uXXXX escape. */
const jsonAscii = (s: string): string => jsonEscape(s).replace(/[\u007f-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
/** XML text nodes escape only these three. */
const textEscape = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const lowerHex = (s: string): string => s.replace(/%[0-9A-F]{2}/g, (m) => m.toLowerCase());

/** The base64 characters fixed by the secret's bytes alone, for each alignment (0, 1, 2) of it in a longer text. */
export function base64Cores(secret: string): string[] {
  const bytes = Buffer.from(secret, 'utf8');
  const cores: string[] = [];
  for (const offset of [0, 1, 2]) {
    const encoded = Buffer.concat([Buffer.alloc(offset), bytes]).toString('base64');
    // Characters wholly inside the secret's bits: from the first that starts after the prefix, to the last that ends within the secret.
    const from = Math.ceil((offset * 8) / 6);
    const to = Math.floor(((offset + bytes.length) * 8) / 6);
    cores.push(encoded.slice(from, to));
  }
  return cores;
}

const urlSafe = (b64: string): string => b64.replace(/\+/g, '-').replace(/\//g, '_');

export function secretForms(secret: string): string[] {
  const json = jsonEscape(secret);
  const url = encodeURIComponent(secret);
  const forms = [
    secret,
    json,
    jsonEscape(json),
    jsonAscii(secret),
    url,
    lowerHex(url),
    url.replace(/%20/g, '+'),
    htmlEscape(secret),
    xmlEscape(secret),
    textEscape(secret),
    jsonEscape(htmlEscape(secret)),
  ];
  for (const core of base64Cores(secret)) forms.push(core, urlSafe(core));
  return [...new Set(forms)];
}
