import { describe, expect, it } from 'vitest';
import { ToolproofError } from '../errors.ts';
import { classifyFailure, classifyUnknownTool } from './classify.ts';

const text = (t: string, isError = true) => ({ result: { ...(isError ? { isError: true } : {}), content: [{ type: 'text' as const, text: t }] } });
const rpc = (message: string) => ({ error: new ToolproofError('E_CALL_FAILED', `server "s" failed tools/call x: ${message}`, { cause: new Error(message) }) });

describe('classifyFailure', () => {
  it.each([
    ['structured failure', text('{"success":false,"error":"bad","retry_hint":"fix it"}'), 'structured-failure', 'pass'],
    ['structured error', text('{"error":"bad","code":"E","retry_hint":"fix it"}'), 'structured-error', 'pass'],
    ['bare message', text('Input validation error: path is required'), 'bare-text', 'warn'],
    ['JSON-RPC error', rpc('MCP error -32602: bad params'), 'jsonrpc-error', 'warn'],
    ['no retry hint', text('{"error":"bad","code":"E"}'), 'no-retry-hint', 'fail'],
    ['blank retry hint', text('{"success":false,"error":"bad","retry_hint":" "}'), 'no-retry-hint', 'fail'],
    ['JSON without error', text('{"status":"nope"}'), 'unstructured-json', 'fail'],
    ['null', text('null'), 'null', 'fail'],
    ['{}', text('{}'), 'empty-object', 'fail'],
    ['empty content', { result: { isError: true, content: [] } }, 'empty-content', 'fail'],
    ['failure body without isError', text('{"success":false,"error":"bad","retry_hint":"x"}', false), 'unflagged-failure', 'fail'],
    ['success', text('done', false), 'success', 'fail'],
    ['timeout', { error: new ToolproofError('E_CALL_TIMEOUT', 'late') }, 'timeout', 'fail'],
    ['crash', { error: new ToolproofError('E_SERVER_CRASH', 'gone') }, 'crash', 'fail'],
  ] as const)('%s', (_name, outcome, shape, status) => {
    const c = classifyFailure(outcome as never);
    expect([c.shape, c.status]).toEqual([shape, status]);
  });

  it('quotes the server, not our own wrapper, for JSON-RPC errors', () => {
    expect(classifyFailure(rpc('MCP error -32602: bad params')).excerpt).toBe('MCP error -32602: bad params');
  });
});

describe('classifyUnknownTool', () => {
  const name = 'toolproof_probe_no_such_tool';
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
