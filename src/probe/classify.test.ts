import { describe, expect, it } from 'vitest';
import { ToolvetError } from '../errors.ts';
import { classifyFailure, classifyUnknownTool } from './classify.ts';

const text = (t: string, isError = true) => ({ result: { ...(isError ? { isError: true } : {}), content: [{ type: 'text' as const, text: t }] } });
const rpc = (message: string, code?: number) => ({ error: new ToolvetError('E_CALL_FAILED', `server "s" failed tools/call x: ${message}`, { cause: Object.assign(new Error(message), code === undefined ? {} : { code }) }) });

describe('classifyFailure', () => {
  it.each([
    ['structured failure', text('{"success":false,"error":"bad","retry_hint":"fix it"}'), 'structured-failure', 'pass', 'unclear'],
    ['structured error', text('{"error":"query must be a string","code":"E","retry_hint":"fix it"}'), 'structured-error', 'pass', 'rejected'],
    ['bare message', text('Input validation error: path is required'), 'bare-text', 'warn', 'rejected'],
    ['JSON-RPC error', rpc('MCP error -32602: bad params'), 'jsonrpc-error', 'warn', 'rejected'],
    // A structured error without a hint is no worse than a bare message without one (both warn).
    ['no retry hint', text('{"error":"query must be a string","code":"E"}'), 'no-retry-hint', 'warn', 'rejected'],
    ['blank retry hint', text('{"success":false,"error":"bad","retry_hint":" "}'), 'no-retry-hint', 'warn', 'unclear'],
    ['JSON without error', text('{"status":"nope"}'), 'unstructured-json', 'warn', 'unclear'],
    ['null', text('null'), 'null', 'fail', 'unclear'],
    ['{}', text('{}'), 'empty-object', 'fail', 'unclear'],
    ['empty content', { result: { isError: true, content: [] } }, 'empty-content', 'fail', 'unclear'],
    ['failure body without isError', text('{"success":false,"error":"path is required","retry_hint":"x"}', false), 'unflagged-failure', 'fail', 'rejected'],
    ['failed body without isError, upstream', text('{"status":"failed","error":"helm command failed: spawnSync helm ENOENT"}', false), 'unflagged-failure', 'fail', 'accepted-then-failed'],
    ['success', text('done', false), 'success', 'fail', 'accepted'],
    // Accepted, then failed upstream: not a rejection, whatever the shape.
    ['upstream failure as a bare message', text('Tavily API error: getaddrinfo ENOTFOUND api.tavily.com'), 'bare-text', 'warn', 'accepted-then-failed'],
    ['upstream failure as a JSON-RPC error', rpc('getaddrinfo ENOTFOUND api.notion.com', -32603), 'jsonrpc-error', 'warn', 'accepted-then-failed'],
    ['upstream failure in a structured error with a hint', text('{"error":"fetch failed","code":"UPSTREAM","retry_hint":"try later"}'), 'structured-error', 'warn', 'accepted-then-failed'],
    ['timeout', { error: new ToolvetError('E_CALL_TIMEOUT', 'late') }, 'timeout', 'fail', 'timed-out'],
    ['a server message with ?timeout=32s is no timeout', rpc('Get "http://localhost:8080/api?timeout=32s": dial tcp 127.0.0.1:8080: connect: connection refused', -32603), 'jsonrpc-error', 'warn', 'accepted-then-failed'],
    ['crash', { error: new ToolvetError('E_SERVER_CRASH', 'gone') }, 'crash', 'fail', 'crashed'],
  ] as const)('%s', (_name, outcome, shape, status, verdict) => {
    const c = classifyFailure(outcome as never);
    expect([c.shape, c.status, c.verdict]).toEqual([shape, status, verdict]);
  });

  it('quotes the server, not our own wrapper, for JSON-RPC errors', () => {
    expect(classifyFailure(rpc('MCP error -32602: bad params')).excerpt).toBe('MCP error -32602: bad params');
  });
});

describe('classifyUnknownTool', () => {
  const name = 'toolvet_probe_no_such_tool';
  it.each([
    ['JSON-RPC error naming it', rpc(`Unknown tool: ${name}`), 'jsonrpc-error', true, 'pass'],
    ['JSON-RPC error not naming it (our wrapper names it, the server does not)', rpc('Unknown tool'), 'jsonrpc-error', false, 'fail'],
    ['isError text naming it', text(`Tool ${name} not found`), 'is-error-text', true, 'pass'],
    ['isError JSON naming it', text(`{"error":"unknown tool ${name}","code":"NOT_FOUND"}`), 'is-error-json', true, 'pass'],
    ['isError text not naming it', text('Something went wrong.'), 'is-error-text', false, 'fail'],
    ['success', text('ok', false), 'success', false, 'fail'],
  ] as const)('%s', (_name, outcome, shape, namesTool, status) => {
    const c = classifyUnknownTool(outcome as never, name);
    expect([c.shape, c.namesTool, c.status]).toEqual([shape, namesTool, status]);
  });
});
