import { describe, expect, it } from 'vitest';
import { checkArguments, compileLenient } from './schema-check.ts';
import type { JsonSchema } from '../types.ts';

describe('compileLenient compiles once per schema text', () => {
  it('the same schema in another object (a second list, a second server) reuses the validator', () => {
    const make = (): JsonSchema => ({ type: 'object', properties: { text: { type: 'string', minLength: 2 } }, required: ['text'] });
    const first = compileLenient(make());
    const second = compileLenient(make());
    expect(first).toBeTypeOf('function');
    expect(second).toBe(first);
  });

  it('a different dialect or a different schema is compiled on its own', () => {
    const base = { type: 'object', properties: { n: { type: 'integer' } } };
    const v2020 = compileLenient({ ...base });
    const v07 = compileLenient({ $schema: 'http://json-schema.org/draft-07/schema#', ...base });
    const other = compileLenient({ ...base, required: ['n'] });
    expect(v07).not.toBe(v2020);
    expect(other).not.toBe(v2020);
    expect(checkArguments({ ...base, required: ['n'] }, {}).valid).toBe(false);
    expect(checkArguments({ ...base }, {}).valid).toBe(true);
  });

  it('a schema that breaks its meta-schema fails with Ajv\'s message, every time it is met', () => {
    const bad = (): JsonSchema => ({ type: 'object', properties: { a: { type: 'strin' } } });
    for (const schema of [bad(), bad()]) {
      expect(checkArguments(schema, { a: 'x' })).toEqual({ valid: false, errors: [expect.stringMatching(/^the tool's inputSchema does not compile: schema is invalid: data\/properties\/a\/type must be equal to one of the allowed values/)] });
    }
  });
});
