import { describe, expect, it } from 'vitest';
import type { ModelRequest, ModelResponse } from '../types.ts';
import {
  fromWireCompletion,
  fromWireMessage,
  fromWireTool,
  fromWireToolChoice,
  parseArguments,
  toWireCompletion,
  toWireMessage,
  toWireRequest,
  toWireTool,
  toWireToolChoice,
} from './wire.ts';

const request: ModelRequest = {
  messages: [
    { role: 'system', content: 'be brief' },
    { role: 'user', content: 'find bees' },
    { role: 'assistant', content: '', toolCalls: [{ id: 'c1', name: 'search', rawArguments: '{"q":"bees"}', arguments: { q: 'bees' } }] },
    { role: 'tool', content: '{"success":true}', toolCallId: 'c1' },
  ],
  tools: [{ name: 'search', description: 'Search.', inputSchema: { type: 'object', properties: { q: { type: 'string' } }, required: ['q'] } }],
  toolChoice: { name: 'search' },
  temperature: 0,
  maxTokens: 64,
  seed: 7,
};

describe('wire mapping', () => {
  it('maps a request to the wire format', () => {
    expect(toWireRequest(request)).toEqual({
      messages: [
        { role: 'system', content: 'be brief' },
        { role: 'user', content: 'find bees' },
        { role: 'assistant', content: null, tool_calls: [{ id: 'c1', type: 'function', function: { name: 'search', arguments: '{"q":"bees"}' } }] },
        { role: 'tool', content: '{"success":true}', tool_call_id: 'c1' },
      ],
      tools: [{ type: 'function', function: { name: 'search', description: 'Search.', parameters: request.tools[0].inputSchema } }],
      tool_choice: { type: 'function', function: { name: 'search' } },
      temperature: 0,
      max_tokens: 64,
      seed: 7,
    });
  });

  it('leaves tools and tool_choice out when there are no tools', () => {
    expect(toWireRequest({ messages: [{ role: 'user', content: 'hi' }], tools: [], toolChoice: 'required' })).toEqual({
      messages: [{ role: 'user', content: 'hi' }],
    });
  });

  it('refuses a tool message that answers no call', () => {
    expect(() => toWireMessage({ role: 'tool', content: 'x' }, 3)).toThrow(/messages\[3\].*toolCallId/);
  });

  it('round-trips messages, tools and tool choices', () => {
    for (const [i, message] of request.messages.entries()) expect(fromWireMessage(toWireMessage(message, i))).toEqual(message);
    expect(fromWireTool(toWireTool(request.tools[0]))).toEqual(request.tools[0]);
    for (const choice of ['auto', 'none', 'required', { name: 'search' }] as const) {
      expect(fromWireToolChoice(toWireToolChoice(choice))).toEqual(choice);
    }
  });

  it('round-trips a response through the completion body', () => {
    const response: ModelResponse = {
      text: '',
      toolCalls: [{ id: 'c9', name: 'search', rawArguments: '{"q":"x"}', arguments: { q: 'x' } }],
      finishReason: 'tool_calls',
      usage: { promptTokens: 12, completionTokens: 3 },
      model: 'm',
    };
    expect(fromWireCompletion(toWireCompletion(response, 'fallback', 'chatcmpl-1'))).toEqual(response);
  });

  it.each([
    ['{"a":1}', { a: 1 }],
    ['{"a":', undefined],
    ['[1,2]', undefined],
    ['"text"', undefined],
    ['', undefined],
    ['null', undefined],
  ])('parseArguments(%j)', (raw, expected) => {
    expect(parseArguments(raw)).toEqual(expected);
  });

  it.each([
    ['a string', 'hello', /not a JSON object/],
    ['null', null, /null/],
    ['no choices', { id: 'x' }, /"choices"/],
    ['no message', { choices: [{ index: 0 }] }, /message/],
    ['content of the wrong type', { choices: [{ message: { content: 5 } }] }, /content/],
    ['a tool call without function', { choices: [{ message: { content: null, tool_calls: [{ id: 'a' }] } }] }, /tool_calls\[0\]/],
  ])('says why %s is not a completion', (_name, body, reason) => {
    expect(fromWireCompletion(body)).toMatch(reason);
  });

  it('accepts what real runners send: object arguments, legacy function_call, missing ids, odd finish reasons', () => {
    const body = {
      choices: [{ message: { content: null, tool_calls: [{ function: { name: 'search', arguments: { q: 'x' } } }] }, finish_reason: 'eos' }],
    };
    expect(fromWireCompletion(body)).toEqual({
      text: '',
      toolCalls: [{ id: 'call_0', name: 'search', rawArguments: '{"q":"x"}', arguments: { q: 'x' } }],
      finishReason: 'unknown',
    });
    const legacy = { choices: [{ message: { content: '', function_call: { name: 'search', arguments: '{}' } }, finish_reason: 'function_call' }] };
    expect(fromWireCompletion(legacy)).toMatchObject({ toolCalls: [{ name: 'search', arguments: {} }], finishReason: 'tool_calls' });
  });
});
