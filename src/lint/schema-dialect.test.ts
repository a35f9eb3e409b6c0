/** The Ajv every schema check shares (lint, probe's schema check, diff's counterexamples). */
import { describe, expect, it, vi } from 'vitest';
import { ajvFor, formatKeywords, isKnownFormat } from './schema-dialect.ts';
import { realTool } from './testing/real-tools.ts';

const postPage = realTool('notion-mcp-server@2.5.2', 'API-post-page').inputSchema;

describe('ajvFor', () => {
  it('compiles a real schema with an unknown format (notion API-post-page, format "json") in strict mode', () => {
    const ajv = ajvFor('2020-12', { strict: true, allErrors: true, allowUnionTypes: true }, postPage);
    const validate = ajv.compile(postPage);
    // An unknown format checks nothing: any string is accepted where it stands, known formats still check.
    expect(validate({ parent: { page_id: '59833787-2cf9-4fdf-8782-e53db20768a5' }, properties: { title: [{ text: { content: 'x' } }] }, cover: 'anything at all' })).toBe(true);
    expect(validate({ parent: { page_id: 'not a uuid' }, properties: { title: [{ text: { content: 'x' } }] } })).toBe(false);
    ajv.removeSchema(postPage);
  });

  it('accepts unknown formats in lenient mode without logging, in every dialect', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    for (const dialect of ['draft-07', '2019-09', '2020-12'] as const) {
      const schema = { type: 'object', properties: { doc: { type: 'string', format: 'markdown' } } };
      const validate = ajvFor(dialect, { strict: false }, schema).compile(schema);
      expect(validate({ doc: '# hi' })).toBe(true);
    }
    expect(warn).not.toHaveBeenCalled();
    warn.mockRestore();
  });
});

describe('formatKeywords', () => {
  it('finds format keywords, not properties named "format" nor values inside enum or default', () => {
    const schema = { properties: { format: { type: 'string', enum: [{ format: 'no' }] }, when: { type: 'string', format: 'date', default: { format: 'nope' } } }, $defs: { default: { format: 'json' } } };
    expect(formatKeywords(schema)).toEqual([{ path: '$.properties.when.format', name: 'date' }, { path: '$.$defs.default.format', name: 'json' }]);
  });

  it('knows the ajv-formats names', () => {
    expect(isKnownFormat('date-time')).toBe(true);
    expect(isKnownFormat('json')).toBe(false);
  });
});
