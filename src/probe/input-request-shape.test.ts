import { describe, expect, it } from 'vitest';
import { inputRequestShape, inputRequiredShapes } from './input-request-shape.ts';

const form = (requestedSchema: unknown, message: unknown = 'Which date?'): unknown => ({ method: 'elicitation/create', params: { message, requestedSchema } });
const flat = { type: 'object', properties: { date: { type: 'string', format: 'date' } }, required: ['date'] };

describe('inputRequestShape: is an input request well formed (spec: a message and a flat object of primitives)', () => {
  it.each([
    ['a string with a known format', flat],
    ['number, integer and boolean', { type: 'object', properties: { n: { type: 'number', minimum: 0 }, i: { type: 'integer' }, b: { type: 'boolean', default: false } } }],
    ['a single-select enum of strings', { type: 'object', properties: { size: { type: 'string', enum: ['s', 'm'] } } }],
    ['a titled single-select (oneOf of consts)', { type: 'object', properties: { size: { type: 'string', oneOf: [{ const: 's', title: 'Small' }] } } }],
    ['a multi-select enum (array of enum items)', { type: 'object', properties: { tags: { type: 'array', items: { type: 'string', enum: ['a', 'b'] } } } }],
    ['no properties asked (an empty form is a confirmation)', { type: 'object', properties: {} }],
  ])('well formed: %s', (_name, schema) => {
    expect(inputRequestShape(form(schema)).problems).toEqual([]);
  });

  it.each([
    ['no message', { method: 'elicitation/create', params: { requestedSchema: flat } }, /no message/],
    ['an empty message', form(flat, '  '), /no message/],
    ['no requestedSchema', { method: 'elicitation/create', params: { message: 'Which?' } }, /no requestedSchema/],
    ['a root that is not an object', form({ type: 'string' }), /must be "object"/],
    ['no properties object', form({ type: 'object' }), /no "properties"/],
    ['a nested object', form({ type: 'object', properties: { color: { type: 'object', properties: { r: { type: 'integer' } } } } }), /"color" is a nested object/],
    ['an array of objects', form({ type: 'object', properties: { rows: { type: 'array', items: { type: 'object' } } } }), /"rows" is an array that is not a multi-select enum/],
    ['a union of types', form({ type: 'object', properties: { v: { type: ['string', 'null'] } } }), /"v" has no single "type"/],
    ['a null type', form({ type: 'object', properties: { v: { type: 'null' } } }), /"v" has type "null"/],
    ['an unknown string format', form({ type: 'object', properties: { ip: { type: 'string', format: 'ipv4' } } }), /format "ipv4"/],
    ['an enum of numbers', form({ type: 'object', properties: { n: { type: 'string', enum: [1, 2] } } }), /not a list of strings/],
    ['required names a field that is not there', form({ ...flat, required: ['date', 'time'] }), /requires "time", which is not a listed property/],
    ['a URL request without a url', { method: 'elicitation/create', params: { message: 'Sign in', mode: 'url' } }, /without a valid "url"/],
    ['a URL request with a url that does not parse', { method: 'elicitation/create', params: { message: 'Sign in', mode: 'url', url: 'not a url' } }, /without a valid "url"/],
    ['an unknown mode', { method: 'elicitation/create', params: { message: 'x', mode: 'voice', requestedSchema: flat } }, /mode "voice"/],
    ['not an input request method', { method: 'tools/call', params: {} }, /not an input request method/],
  ])('malformed: %s', (_name, request, problem) => {
    const shape = inputRequestShape(request);
    expect(shape.problems.join('; ')).toMatch(problem);
    expect(shape.deprecated).toBeUndefined();
  });

  it('a URL request with a valid url is well formed and asks for no fields', () => {
    expect(inputRequestShape({ method: 'elicitation/create', params: { message: 'Sign in', mode: 'url', url: 'https://example.com/auth', elicitationId: 'e1' } })).toMatchObject({ mode: 'url', fields: [], problems: [] });
  });

  it.each([
    ['sampling/createMessage', /model completion \(sampling\)/],
    ['roots/list', /its roots/],
  ])('%s is deprecated in 2026-07-28, not malformed', (method, problem) => {
    const shape = inputRequestShape({ method, params: {} });
    expect(shape.deprecated).toBe(true);
    expect(shape.problems[0]).toMatch(problem);
  });

  it('2025-era params are read with the method given, and every request of an input_required result is read with its key', () => {
    expect(inputRequestShape({ message: 'Which date?', requestedSchema: flat }, undefined, 'elicitation/create')).toMatchObject({ method: 'elicitation/create', message: 'Which date?', fields: ['date'], problems: [] });
    const shapes = inputRequiredShapes({ resultType: 'input_required', inputRequests: { a: form(flat), b: { method: 'roots/list' } } });
    expect(shapes.map((s) => [s.key, s.method, s.problems.length])).toEqual([
      ['a', 'elicitation/create', 0],
      ['b', 'roots/list', 1],
    ]);
    expect(inputRequiredShapes({ resultType: 'input_required', requestState: 'abc' })).toEqual([]);
  });
});
