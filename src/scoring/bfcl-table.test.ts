/**
 * A table of cases in the shapes of the Berkeley Function Calling Leaderboard's categories (simple,
 * multiple, parallel, irrelevance, missing parameter), written here in their format, with the verdict
 * BFCL's AST checker gives each answer, or ours where docs/scoring.md lists a deliberate difference.
 * Cases are loaded through the query-set loader, as a user's file would be.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadQuerySet } from '../config/query-set.ts';
import type { ModelResponse, SelectionCase, ToolDefinition } from '../types.ts';
import { scoreAttempt } from './score-attempt.ts';
import { tempDir } from '../testing/temp-dir.ts';

const tool = (name: string, properties: Record<string, unknown>, required: string[]): ToolDefinition => ({ name, inputSchema: { type: 'object', properties, required } });
const tools = new Map(
  [
    tool('calculate_triangle_area', { base: { type: 'integer' }, height: { type: 'integer' }, unit: { type: 'string' } }, ['base', 'height']),
    tool('get_weather', { city: { type: 'string' }, unit: { type: 'string', enum: ['celsius', 'fahrenheit'] } }, ['city']),
    tool('get_time', { timezone: { type: 'string' } }, ['timezone']),
    tool('book_table', { restaurant: { type: 'string' }, party_size: { type: 'integer' } }, ['restaurant', 'party_size']),
    tool('set_language', { language: { type: 'string' } }, ['language']),
    tool('solve_equation', { equation: { type: 'string' } }, ['equation']),
    tool('send_email', { to: { type: 'string' }, subject: { type: 'string' } }, ['to']),
    tool('schedule_meeting', { date: { type: 'string' }, city: { type: 'string' }, speed_unit: { type: 'string' }, status: { type: 'string' } }, ['date']),
    tool('set_code', { code: { type: 'string' } }, ['code']),
    tool('get_account', { account_id: { type: 'integer' }, region: { type: 'string' } }, ['account_id']),
  ].map((t) => [t.name, t]),
);

const dir = tempDir('toolvet-bfcl-');
writeFileSync(
  join(dir, 'bfcl.yaml'),
  `cases:
  - id: simple
    query: Find the area of a triangle with a base of 10 units and height of 5 units.
    expect: {tool: calculate_triangle_area, args: {base: [10], height: [5], unit: ["units", ""]}}
  - id: multiple
    query: What's the weather like in Paris, in celsius?
    expect: {tool: get_weather, args: {city: ["Paris", "Paris, France"], unit: ["celsius", ""]}}
  - id: parallel
    query: What's the weather in Paris and in Rome?
    expect:
      calls:
        order: any-order
        steps:
          - {tool: get_weather, args: {city: ["Paris"], unit: [""]}}
          - {tool: get_weather, args: {city: ["Rome"], unit: [""]}}
  - id: parallel-multiple
    query: Weather in Paris, then the time in Tokyo.
    expect:
      calls: [{tool: get_weather, args: {city: ["Paris"]}}, {tool: get_time, args: {timezone: ["Asia/Tokyo"]}}]
  - id: irrelevance
    query: Tell me a joke about penguins.
    expect: {missingTool: true}
  - id: missing-parameter
    query: Book a table for 4 people tonight.
    expect: {asksFor: [restaurant]}
  - id: language
    query: Switch the code language to C sharp.
    expect: {tool: set_language, args: {language: ["C#"]}}
  - id: formula
    query: Solve x squared minus three x plus two equals zero.
    expect: {tool: solve_equation, args: {equation: ["x^2 - 3x + 2 = 0"]}}
  - id: email
    query: Email john.doe@example.com about the launch.
    expect: {tool: send_email, args: {to: ["john.doe@example.com"], subject: {any: true, optional: true}}}
  - id: slash-words
    query: Meet on 10 May 2023 in New York, speeds in km/h, status N/A.
    expect: {tool: schedule_meeting, args: {date: ["2023-05-10"], city: ["New York", ""], speed_unit: ["km/h", ""], status: ["N/A", ""]}}
  - id: number-as-string
    query: Set the code to 5.
    expect: {tool: set_code, args: {code: [5]}}
  - id: big-integer
    query: Open account 9007199254740993.
    expect: {tool: get_account, args: {account_id: [9007199254740993], region: [""]}}
`,
);
const set = loadQuerySet(join(dir, 'bfcl.yaml'));
const byId = (id: string): SelectionCase => set.cases.find((c) => c.id === id)!;

const calls = (...list: Array<[string, Record<string, unknown>]>): ModelResponse => ({
  text: '',
  finishReason: 'tool_calls',
  toolCalls: list.map(([name, args], i) => ({ id: `c${i}`, name, rawArguments: JSON.stringify(args), arguments: args })),
});
/** An answer whose argument text is given as the model wrote it (digits a JavaScript number would round). */
const rawCall = (name: string, raw: string): ModelResponse => ({
  text: '',
  finishReason: 'tool_calls',
  toolCalls: [{ id: 'c0', name, rawArguments: raw, arguments: JSON.parse(raw) as Record<string, unknown> }],
});
const say = (text: string): ModelResponse => ({ text, toolCalls: [], finishReason: 'stop' });

describe('BFCL-style cases and their verdicts', () => {
  it.each([
    // simple: one function, one call
    ['simple', calls(['calculate_triangle_area', { base: 10, height: 5 }]), 'passed', /called calculate_triangle_area with matching arguments/],
    ['simple', calls(['calculate_triangle_area', { base: 10, height: 5, unit: 'units' }]), 'passed', /matching/],
    ['simple', calls(['calculate_triangle_area', { base: 10.0, height: 5 }]), 'passed', /matching/], // 10.0 is 10 in JSON
    ['simple', calls(['calculate_triangle_area', { base: 5, height: 10 }]), 'failed', /argument "base" is 5, expected 10/],
    ['simple', calls(['calculate_triangle_area', { base: '10', height: 5 }]), 'failed', /schema: \/base must be integer/],
    ['simple', calls(['calculate_triangle_area', { base: 10, height: 5 }], ['calculate_triangle_area', { base: 10, height: 5 }]), 'failed', /expected one call, the model made 2/],
    // multiple: several functions offered, one right
    ['multiple', calls(['get_weather', { city: 'paris, france' }]), 'passed', /matching/],
    ['multiple', calls(['get_time', { timezone: 'Europe/Paris' }]), 'failed', /expected get_weather, the model called get_time/],
    ['multiple', calls(['get_weather', { city: 'Paris', unit: 'kelvin' }]), 'failed', /argument "unit" is "kelvin".*schema: \/unit must be equal to one of the allowed values/],
    ['multiple', calls(['get_weather', { city: 'Paris' }], ['get_time', { timezone: 'Europe/Paris' }]), 'failed', /expected one call, the model made 2: get_weather, get_time/],
    // parallel: the same function several times, any order
    ['parallel', calls(['get_weather', { city: 'Rome' }], ['get_weather', { city: 'Paris' }]), 'passed', /called get_weather, get_weather \(order any-order\) with matching arguments/],
    ['parallel', calls(['get_weather', { city: 'Paris' }], ['get_weather', { city: 'Paris' }]), 'failed', /call 2 \(get_weather\), wrong arguments: argument "city" is "Paris", expected "Rome"/],
    ['parallel', calls(['get_weather', { city: 'Paris' }]), 'failed', /expected 2 calls get_weather, get_weather \(order any-order\); got get_weather/],
    ['parallel', calls(['get_weather', { city: 'Paris' }], ['get_weather', { city: 'Rome' }], ['get_weather', { city: 'Berlin' }]), 'failed', /1 beyond the 0 extra allowed: get_weather/],
    // parallel-multiple, in order: a second call that is wrong fails the case
    ['parallel-multiple', calls(['get_weather', { city: 'Paris' }], ['get_time', { timezone: 'Asia/Tokyo' }]), 'passed', /order in-order/],
    ['parallel-multiple', calls(['get_weather', { city: 'Paris' }], ['get_time', { timezone: 'Europe/Paris' }]), 'failed', /call 2 \(get_time\), wrong arguments: argument "timezone" is "Europe\/Paris", expected "Asia\/Tokyo"/],
    ['parallel-multiple', calls(['get_time', { timezone: 'Asia/Tokyo' }], ['get_weather', { city: 'Paris' }]), 'failed', /\(order in-order\); got get_time, get_weather/],
    // irrelevance: no listed tool can do it
    ['irrelevance', say("I can't tell jokes with these tools, but here's one anyway."), 'passed', /called no tool and answered in text/],
    ['irrelevance', calls(['get_weather', { city: 'Antarctica' }]), 'failed', /no listed tool can do this \(missingTool\), but the model called get_weather/],
    ['irrelevance', say(''), 'failed', /gave no answer either/],
    // missing parameter: ask, do not invent
    ['missing-parameter', say('Which restaurant would you like me to book for 4?'), 'passed', /asked for restaurant/],
    ['missing-parameter', calls(['book_table', { restaurant: 'Chez Paul', party_size: 4 }]), 'failed', /invented "restaurant" = "Chez Paul"/],
    ['missing-parameter', calls(['book_table', { party_size: 4 }]), 'failed', /called book_table instead of asking for restaurant/],
    ['missing-parameter', say('Done!'), 'failed', /does not ask for restaurant/],
    // strings: symbols that carry meaning are kept
    ['language', calls(['set_language', { language: 'c#' }]), 'passed', /matching/],
    ['language', calls(['set_language', { language: 'C' }]), 'failed', /argument "language" is "C", expected "C#"/],
    ['formula', calls(['solve_equation', { equation: 'x^2-3x+2=0' }]), 'passed', /matching/],
    ['formula', calls(['solve_equation', { equation: 'x^2 + 3x + 2 = 0' }]), 'failed', /argument "equation"/],
    ['email', calls(['send_email', { to: 'John.Doe@example.com', subject: 'Launch' }]), 'passed', /matching/],
    ['email', calls(['send_email', { to: 'johndoe@examplecom' }]), 'failed', /argument "to"/],
    // a `/` between words is not a path: it goes, as BFCL removes it
    ['slash-words', calls(['schedule_meeting', { date: '2023/05/10' }]), 'passed', /matching/],
    ['slash-words', calls(['schedule_meeting', { date: '20230510', speed_unit: 'kmh', status: 'NA' }]), 'passed', /matching/],
    ['slash-words', calls(['schedule_meeting', { date: '2023-05-11' }]), 'failed', /argument "date" is "2023-05-11", expected "2023-05-10"/],
    // BFCL's "" in the list: the optional argument may be left out or sent as ""
    ['slash-words', calls(['schedule_meeting', { date: '2023-05-10', city: '', status: '' }]), 'passed', /matching/],
    ['simple', calls(['calculate_triangle_area', { base: 10, height: 5, unit: '' }]), 'passed', /matching/],
    // only the space character is removed, as in BFCL: a tab or a no-break space is kept
    ['slash-words', calls(['schedule_meeting', { date: '2023-05-10', city: 'New\tYork' }]), 'failed', /argument "city" is "New\\tYork"/],
    ['slash-words', calls(['schedule_meeting', { date: '2023-05-10', city: 'New\u00a0York' }]), 'failed', /argument "city"/],
    ['slash-words', calls(['schedule_meeting', { date: '2023-05-10', city: 'new york' }]), 'passed', /matching/],
    // a number listed for a string parameter: only its own spelling matches (documented difference)
    ['number-as-string', calls(['set_code', { code: '5' }]), 'passed', /matching/],
    ['number-as-string', calls(['set_code', { code: '0x5' }]), 'failed', /argument "code" is "0x5", expected 5/],
    ['number-as-string', calls(['set_code', { code: ' 5 ' }]), 'failed', /argument "code" is " 5 ", expected 5/],
    ['number-as-string', calls(['set_code', { code: '5e0' }]), 'failed', /argument "code" is "5e0", expected 5/],
    // integers past 2^53 compare digit for digit, not after rounding
    ['big-integer', rawCall('get_account', '{"account_id": 9007199254740993}'), 'passed', /matching/],
    ['big-integer', rawCall('get_account', '{"account_id": 9007199254740992}'), 'failed', /argument "account_id" is 9007199254740992, expected 9007199254740992/],
    ['big-integer', rawCall('get_account', '{"account_id": 9007199254740994}'), 'failed', /argument "account_id"/],
    // an argument whose only listed value is "" must be left out, and the message says so
    ['big-integer', rawCall('get_account', '{"account_id": 9007199254740993, "region": "eu"}'), 'failed', /argument "region" is "eu", expected it left out \(the case lists no value for it\)/],
  ] as const)('%s: answer %# is %s', (id, response, state, reason) => {
    const attempt = scoreAttempt(byId(id), response, tools, 1);
    expect(attempt.reason).toMatch(reason);
    expect(attempt.state).toBe(state);
  });

  it('records every call of an answer and folds their argument checks', () => {
    const attempt = scoreAttempt(byId('parallel'), calls(['get_weather', { city: 'Paris' }], ['get_weather', { city: 'Paris', unit: 'kelvin' }]), tools, 1);
    expect(attempt.calls?.map((c) => c.arguments)).toEqual([{ city: 'Paris' }, { city: 'Paris', unit: 'kelvin' }]);
    expect(attempt.argCheck).toMatchObject({ schemaValid: false, matches: false });
    expect(attempt.argCheck?.schemaErrors?.[0]).toMatch(/^call 2: \/unit must be equal to one of the allowed values/);
  });

  it('loads the new kinds with a label tool for the confusion matrix', () => {
    expect(byId('parallel').expect).toMatchObject({ tool: 'get_weather', calls: { order: 'any-order', steps: [{ tool: 'get_weather' }, { tool: 'get_weather' }] } });
    expect(byId('parallel-multiple').expect.calls?.order).toBe('in-order');
    expect(byId('irrelevance').expect).toEqual({ tool: null, missingTool: true });
    expect(byId('missing-parameter').expect).toEqual({ tool: null, asksFor: ['restaurant'] });
  });
});
