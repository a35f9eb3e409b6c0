import { show } from '../check-kit.ts';
import type { DiffCheck } from '../types.ts';

/** `application/json; charset=utf-8` -> `application/json`; text/* types other than JSON read alike as text. */
function family(mime: unknown): string {
  const essence = String(mime).split(';')[0].trim().toLowerCase();
  if (/[/+]json$/.test(essence)) return 'json';
  return essence.startsWith('text/') ? 'text' : essence;
}

/**
 * A resource's content type moved to another family (JSON to text, text to binary): a client that
 * parses it by type reads it wrongly. Within a family (text/plain to text/markdown, a charset added)
 * it is surface-field-changed, a re-test.
 */
export const resourceMimeTypeChanged: DiffCheck = {
  id: 'resource-mime-type-changed',
  level: 'breaking',
  description: "a resource's or resource template's mimeType moved to another kind of content (JSON, text, binary); clients that parse it by type read it wrongly",
  kinds: ['resource-field'],
  check: (d) =>
    d.keyword === 'mimeType' && d.before !== undefined && d.after !== undefined && family(d.before) !== family(d.after)
      ? `the mimeType of "${d.tool.slice(d.tool.indexOf(':') + 1)}" changed from ${show(d.before)} to ${show(d.after)}; clients that parse it by type read it wrongly`
      : null,
};
