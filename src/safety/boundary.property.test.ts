/**
 * Property tests of the output boundary (fast-check), over arbitrary strings with the hostile pieces
 * mixed in (escape sequences, C1 and bidi controls, line ends of every kind, workflow commands):
 * - no output line of toTerminal starts a workflow command (`::` after white space) or holds `##[`;
 * - no control character of the class survives toTerminal (palette colours aside) or toFile;
 * - a registered secret survives in no form (raw, JSON-escaped, URL-encoded, base64) in toFile,
 *   toTerminal or the Markdown escapes, wherever it sits in the text and however the text is clipped;
 * - file names round-trip through encodeFileName and decodeFileName, and never collide.
 */
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { toFile, toTerminal } from './boundary.ts';
import { clipText } from './clip.ts';
import { hasControlChars } from './control-chars.ts';
import { decodeFileName, encodeFileName } from './file-name.ts';
import { markdownCell, markdownCode, markdownText } from './markdown.ts';
import { clearSecrets, registerSecret } from './secrets.ts';

const PIECES = ['::', '::error::x', '::stop-commands::t', '##[', '\n', '\r', '\r\n', '\u0085', '\u2028', '\u2029', ' ', '\t', '\u00a0', '\u001b', '\u001b[31m', '\u001b[8m', '\u001b]0;t\u0007', '\u009b', '\u202e', '\u2066', '\u2069', '\u200f', '\u061c', '\u007f', '\u0000', '@a', '<a href=x>', '`', '|', '\\', '%', '+', '/', '='];
const hostile = fc.array(fc.oneof(fc.constantFrom(...PIECES), fc.string({ unit: 'grapheme' }), fc.string({ unit: 'binary', maxLength: 4 })), { maxLength: 20 }).map((parts) => parts.join(''));

// eslint-disable-next-line no-control-regex
const PALETTE_SGR = /\u001b\[(?:(?:0|1|2|3|4|22|23|24|3[0-79]|9[0-7])(?:;(?:0|1|2|3|4|22|23|24|3[0-79]|9[0-7]))*)?m/g;

afterEach(() => clearSecrets());

describe('the output boundary, for any text', () => {
  it('no line of terminal output starts a workflow command', () => {
    fc.assert(fc.property(hostile, (text) => {
      for (const line of toTerminal(text).split('\n')) {
        expect(line.trimStart().startsWith('::')).toBe(false);
        expect(line.includes('##[')).toBe(false);
      }
    }), { numRuns: 500 });
  });

  it('no control character survives toTerminal (our palette colours aside) or toFile (a CRLF line end aside)', () => {
    fc.assert(fc.property(hostile, (text) => {
      expect(hasControlChars(toTerminal(text).replace(PALETTE_SGR, ''))).toBe(false);
      expect(hasControlChars(toFile(text).replace(/\r\n/g, '\n'))).toBe(false);
      expect(hasControlChars(markdownText(text))).toBe(false);
      expect(hasControlChars(markdownCode(text))).toBe(false);
    }), { numRuns: 500 });
  });

  it('a one-line Markdown field keeps the text on one line', () => {
    fc.assert(fc.property(hostile, (text) => {
      expect(markdownCell(text)).not.toMatch(/[\n\r]/);
      expect(markdownCode(text)).not.toMatch(/[\n\r]/);
    }), { numRuns: 300 });
  });
});

const secretArb = fc.string({ unit: 'grapheme', minLength: 8, maxLength: 40 }).filter((s) => s.trim().length >= 8);

/** The forms a writer or an echoing server may put a secret in. */
const FORMS: Array<[string, (s: string) => string]> = [
  ['raw', (s) => s],
  ['JSON-escaped', (s) => JSON.stringify(s).slice(1, -1)],
  ['JSON string', (s) => JSON.stringify(s)],
  ['URL-encoded', (s) => encodeURIComponent(s)],
  ['JSON, non-ASCII escaped', (s) => JSON.stringify(s).slice(1, -1).replace(/[\u007f-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)],
  ['XML text', (s) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')],
  ['base64', (s) => Buffer.from(s).toString('base64')],
  ['base64url', (s) => Buffer.from(s).toString('base64url')],
  ['basic auth', (s) => Buffer.from(`client-id:${s}`).toString('base64')],
];

describe('a registered secret, in any form, anywhere in the text', () => {
  it('survives in no writer', () => {
    fc.assert(fc.property(secretArb, fc.string({ maxLength: 30 }), fc.string({ maxLength: 30 }), fc.constantFrom(...FORMS), (secret, before, after, [, form]) => {
      clearSecrets();
      registerSecret(secret);
      const text = `${before}${form(secret)}${after}`;
      // What a reader could recover: the secret itself, or its encoded form in the output.
      for (const out of [toFile(text), toTerminal(text), markdownText(text), markdownCell(text), markdownCode(text)]) {
        expect(out.includes(secret)).toBe(false);
        expect(out.includes(form(secret))).toBe(false);
      }
    }), { numRuns: 400 });
  });

  it('no clip leaves a prefix of it longer than it must', () => {
    fc.assert(fc.property(secretArb, fc.nat(60), fc.integer({ min: 1, max: 80 }), (secret, pad, max) => {
      clearSecrets();
      registerSecret(secret);
      const out = clipText(`${'x'.repeat(pad)}${secret} tail`, max);
      // Any 6 characters of the secret in a row would be a leak the writer can no longer recognise.
      for (let at = 0; at + 6 <= secret.length; at++) expect(out.includes(secret.slice(at, at + 6))).toBe(false);
    }), { numRuns: 400 });
  });
});

describe('file names', () => {
  it('round-trip and never collide', () => {
    fc.assert(fc.property(fc.string({ unit: 'grapheme', maxLength: 60 }), fc.string({ unit: 'grapheme', maxLength: 60 }), (a, b) => {
      const ea = encodeFileName(a);
      expect(ea).toMatch(/^[A-Za-z0-9_%-]+$/);
      expect(decodeFileName(ea)).toBe(a);
      if (a !== b) expect(encodeFileName(b)).not.toBe(ea);
    }), { numRuns: 500 });
  });
});
