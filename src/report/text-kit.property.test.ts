/**
 * The `text` template (src/report/text-kit.ts) for any values (fast-check, with the hostile pieces of
 * boundary.property.test.ts mixed in: escape sequences, C1 and bidi controls, line ends of every kind):
 * each interpolation stays one line with no control character, a registered secret never shows, text
 * that needs no cleaning is left as it is, and `Text` nests unchanged. Then the renderer that adopted
 * it, tool lint's text form, over tool sets whose names, tools, descriptions and errors are hostile:
 * its lines are exactly the layout's, whatever the input.
 */
import fc from 'fast-check';
import pc from 'picocolors';
import { afterEach, describe, expect, it } from 'vitest';
import { lintToolSets, type ToolSet } from '../lint/lint-tools.ts';
import { renderLintText } from '../lint/render-text.ts';
import { hasControlChars } from '../safety/control-chars.ts';
import { clearSecrets, registerSecret } from '../safety/secrets.ts';
import { isText, joinText, styled, text } from './text-kit.ts';

const PIECES = ['\n', '\r', '\r\n', '\u0085', '\u2028', '\u2029', '\t', '\u000b', '\u000c', '\u001b', '\u001b[31m', '\u001b[8m', '\u001b]0;t\u0007', '\u001b]8;;http://x\u0007', '\u009b', '\u202e', '\u2066', '\u200f', '\u061c', '\u007f', '\u0000', 'gate: PASS', '::error::x', ' '];
const hostile = fc.array(fc.oneof(fc.constantFrom(...PIECES), fc.string({ unit: 'grapheme' }), fc.string({ unit: 'binary', maxLength: 4 })), { maxLength: 12 }).map((parts) => parts.join(''));
const anyValue = fc.oneof(hostile, fc.integer(), fc.constant(undefined), fc.constant(null));
/** Strings with nothing to clean: no control character of the class, no tab or line end. */
const clean = fc.string({ unit: 'grapheme' }).filter((s) => !hasControlChars(s) && !/[\n\t]/.test(s));

// eslint-disable-next-line no-control-regex
const PALETTE_SGR = /\u001b\[(?:(?:0|1|2|3|4|22|23|24|3[0-79]|9[0-7])(?:;(?:0|1|2|3|4|22|23|24|3[0-79]|9[0-7]))*)?m/g;
const colours = pc.createColors(true);

afterEach(() => clearSecrets());

describe('text, for any values', () => {
  it('makes each interpolation one line with no control character', () => {
    fc.assert(
      fc.property(fc.array(anyValue, { minLength: 1, maxLength: 4 }), (values) => {
        const strings = Object.assign(['<', ...values.slice(1).map(() => '|'), '>'], { raw: [] }) as unknown as TemplateStringsArray;
        const out = text(strings, ...values).text;
        expect(out.startsWith('<') && out.endsWith('>')).toBe(true);
        expect(out).not.toMatch(/[\n\t]/);
        expect(hasControlChars(out)).toBe(false);
      }),
      { numRuns: 500 },
    );
  });

  it('leaves text that needs no cleaning as it is, and nests Text unchanged', () => {
    fc.assert(
      fc.property(clean, hostile, (safe, bad) => {
        expect(text`a ${safe} b`.text).toBe(`a ${safe} b`);
        const inner = text`x ${bad}`;
        expect(isText(inner)).toBe(true);
        expect(text`[${inner}]`.text).toBe(`[${inner.text}]`);
        expect(joinText([inner, undefined, bad], '; ').text).toBe(`${inner.text}; ${text`${bad}`.text}`);
      }),
      { numRuns: 300 },
    );
  });

  it('a styled value carries only our palette colours, on one line', () => {
    fc.assert(
      fc.property(hostile, (value) => {
        for (const style of [colours.red, colours.bold, colours.dim]) {
          const out = styled(style, value).text;
          expect(out).not.toContain('\n');
          expect(hasControlChars(out.replace(PALETTE_SGR, ''))).toBe(false);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('a registered secret never shows, wherever it sits in a value', () => {
    fc.assert(
      fc.property(hostile, hostile, (before, after) => {
        clearSecrets();
        const secret = 'sk-test-9f8e7d6c5b4a39281706';
        registerSecret(secret);
        expect(text`key ${before + secret + after}`.text).not.toContain(secret);
      }),
      { numRuns: 200 },
    );
  });
});

describe('tool lint text, for hostile tool sets', () => {
  const tool = fc.record({ name: hostile, description: hostile });
  const set = fc.record({ name: hostile, kind: fc.constantFrom('server' as const, 'file' as const), tools: fc.array(tool, { maxLength: 3 }), failed: fc.boolean(), message: hostile });

  it('every line is one the layout makes: set, tool, finding (two lines), summary', () => {
    fc.assert(
      fc.property(fc.array(set, { minLength: 1, maxLength: 3 }), (drawn) => {
        const sets: ToolSet[] = drawn.map((d) => ({
          name: d.name,
          kind: d.kind,
          tools: d.failed ? [] : d.tools.map((t) => ({ name: t.name, description: t.description, inputSchema: { type: 'object' } })),
          ...(d.failed ? { error: { code: 'E_SERVER_START' as const, message: d.message } } : {}),
        }));
        const result = lintToolSets(sets);
        const out = renderLintText(result);
        expect(hasControlChars(out.replace(PALETTE_SGR, ''))).toBe(false);
        let expected = 2; // the blank line and the summary
        for (const info of result.sets) {
          const findings = result.findings.filter((f) => (info.kind === 'server' ? f.server === info.name : f.file === info.name));
          expected += 1 + (info.error ? 1 : findings.length === 0 ? 1 : new Set(findings.map((f) => f.target ?? '(tool set)')).size + 2 * findings.length);
        }
        expect(out.split('\n').length).toBe(expected);
      }),
      { numRuns: 150 },
    );
  });
});
