/**
 * The verdict table: each row is what a real server said to arguments that break its schema (the
 * third-party set and the reference servers, run offline), and what it really did.
 */
import { describe, expect, it } from 'vitest';
import { aboutTheBadValue, readVerdict, toolVerdict, type Answer, type ArgumentVerdict } from './verdict.ts';

const isError = (text: string): Answer => ({ kind: 'result', isError: true, text, failureBody: false });
const rpc = (code: number, message: string): Answer => ({ kind: 'thrown', toolvetCode: 'E_CALL_FAILED', rpcCode: code, message });
const success = (text: string, failureBody = false): Answer => ({ kind: 'result', isError: false, text, failureBody });

// kubectl's own log line, as mcp-server-kubernetes passes it on: a URL with ?timeout=32s in it.
const KUBECTL =
  'Failed to get logs for pod undefined: Command failed: kubectl -n default logs \nE1123 07:56:57.742075   15653 memcache.go:265] "Unhandled Error" err="couldn\'t get current server API group list: Get \\"http://localhost:8080/api?timeout=32s\\": dial tcp 127.0.0.1:8080: connect: connection refused"';

describe('readVerdict', () => {
  it.each<[string, Answer, ArgumentVerdict]>([
    // Rejected: the MCP SDK's McpServer (brave-search, code-runner, context7, sequential-thinking, everything, filesystem, memory).
    ['SDK input validation (zod 4)', isError('MCP error -32602: Input validation error: Invalid arguments for tool brave_web_search: Invalid input: expected string, received undefined at query'), 'rejected'],
    ['SDK input validation (zod 3)', isError('MCP error -32602: Input validation error: Invalid arguments for tool run-code: Required at code Required at languageId'), 'rejected'],
    ['zod issue list (exa)', isError('MCP error -32602: Input validation error: Invalid arguments for tool web_search_exa: [\n  {\n    "code": "invalid_type",\n    "expected": "string",\n    "received": "undefined",\n    "path": [\n      "query"\n    ],\n    "message": "Required"\n  }\n]'), 'rejected'],
    ['JSON-RPC -32602 (firecrawl)', rpc(-32602, "MCP error -32602: Tool 'firecrawl_map' parameter validation failed: url: Invalid input: expected string, received undefined. Please check the parameter types and values according to the tool's schema."), 'rejected'],
    ['JSON-RPC -32602, hand-written (kubernetes)', rpc(-32602, 'MCP error -32602: Command must be an array of strings (e.g. ["ls", "-la"]). String commands are not supported for security reasons.'), 'rejected'],
    ['a hand-written check as -32600 (kubernetes)', rpc(-32600, 'MCP error -32600: Either patchData or patchFile must be provided'), 'rejected'],
    ['a JSON error without a hint', isError('{"error":"query must be a string","code":"INVALID_ARGUMENT"}'), 'rejected'],
    ['pydantic (Python servers)', isError('1 validation error for call[search]\nquery\n  Missing required argument [type=missing_argument, input_value={}, input_type=dict]'), 'rejected'],
    ['"Expected string, received number"', isError('Expected string, received number'), 'rejected'],
    // Holdout (figma-developer-mcp 0.13.2): its own zod check, the field named, then zod's bare "Required".
    ['a field then zod\'s "Required" (figma)', isError('Invalid fileKey: Required'), 'rejected'],
    ['a success result that says it refused (kubernetes node_management)', success('Node management operation failed: Unknown operation: undefined'), 'rejected'],
    // Accepted, then failed on something else: the server did not validate.
    ['DNS failure as JSON-RPC error (notion)', rpc(-32603, 'getaddrinfo ENOTFOUND api.notion.com'), 'accepted-then-failed'],
    ['upstream API error (tavily)', isError('Tavily API error: getaddrinfo ENOTFOUND api.tavily.com\nDocumentation: https://docs.tavily.com/documentation/api-reference/endpoint/search'), 'accepted-then-failed'],
    ['401 with "must be provided" (exa)', isError('web_search_exa error (401): API key must be provided as an argument or as an environment variable (EXA_API_KEY)\nTimestamp: 2026-11-23T07:56:56.479Z'), 'accepted-then-failed'],
    ['"?timeout=32s" and connection refused (kubernetes)', isError(JSON.stringify({ error: KUBECTL })), 'accepted-then-failed'],
    ['a JS error on the value (kubernetes)', rpc(-32603, "MCP error -32603: Failed to execute kubectl get command: Cannot read properties of undefined (reading 'toLowerCase')"), 'accepted-then-failed'],
    ['a command run with the value, which kubectl refused (kubernetes)', rpc(-32603, 'MCP error -32603: Failed to execute rollout command: Command failed: kubectl rollout  undefined/undefined -n default\nerror: unknown command "undefined undefined/undefined"'), 'accepted-then-failed'],
    ["Node's own argument check after the handler passed the value on (kubernetes)", rpc(-32603, 'MCP error -32603: Failed to execute kubectl apply command: The "data" argument must be of type string or an instance of Buffer, TypedArray, or DataView. Received type number (12345)'), 'accepted-then-failed'],
    ['a failure body without isError (kubernetes helm)', success('{"status":"failed","error":"Failed to install Helm chart: helm command failed: spawnSync helm ENOENT"}', true), 'accepted-then-failed'],
    ['fetch failed', isError('Error: fetch failed'), 'accepted-then-failed'],
    // Holdout (@executeautomation/playwright-mcp-server 1.0.12): the missing url passed on to Playwright, a missing session id used.
    ['Playwright given the missing url (executeautomation)', isError('API operation failed: apiRequestContext.get: First argument must be either URL string or Request'), 'accepted-then-failed'],
    ['a missing session id used as "undefined" (executeautomation)', isError('Failed to end codegen session: Session undefined not found'), 'accepted-then-failed'],
    ['HTTP 503 upstream', isError('Request failed with status code 503'), 'accepted-then-failed'],
    // Readable refusals of shapes the first set did not have (what servers not tuned on say).
    ['asking for the value', isError('Please provide a search query.'), 'rejected'],
    ['a value not provided', isError('Error: No repository was provided'), 'rejected'],
    ['a value that is missing', isError('owner is missing'), 'rejected'],
    ['an empty value', isError('query cannot be empty'), 'rejected'],
    ['the wrong type named', isError('limit is not a number'), 'rejected'],
    ['expected a type', rpc(-32603, 'MCP error -32603: expected a string for "path"'), 'rejected'],
    ['an unsupported value', isError('Unsupported format: 12345'), 'rejected'],
    // A lookup of the bad value that found nothing: used, never checked.
    ['a wrong-typed id looked up (kubernetes stop_port_forward)', isError('Port-forward with id 12345 not found'), 'accepted-then-failed'],
    ['a path that does not exist', isError("ENOENT: no such file or directory, open '12345'"), 'accepted-then-failed'],
    // Could not tell: the words say neither.
    ['failed before looking at the arguments (playwright without a browser)', isError('### Error\nError: async initializeServer: Chromium distribution \'chrome\' is not found at /opt/google/chrome/chrome\nRun "npx playwright install chrome"'), 'unclear'],
    ['a task-only tool refusing a plain call (everything)', isError('MCP error -32601: Tool simulate-research-query requires task augmentation (taskSupport: "required")'), 'unclear'],
    ['a message that says nothing', isError('Something went wrong.'), 'unclear'],
    ['no text', isError(''), 'unclear'],
    // Deadlines and crashes come from our side, never from words.
    ['our deadline', { kind: 'thrown', toolvetCode: 'E_CALL_TIMEOUT', message: 'late' }, 'timed-out'],
    ['the word "timeout" in a JSON-RPC error is not a timeout', rpc(-32603, 'MCP error -32603: upstream said: Get "http://localhost:8080/api?timeout=32s": dial tcp 127.0.0.1:8080: connect: connection refused'), 'accepted-then-failed'],
    ['the word "timed out" alone is not our timeout', rpc(-32603, 'MCP error -32603: the operation timed out'), 'unclear'],
    ['the connection closed', { kind: 'thrown', toolvetCode: 'E_SERVER_CRASH', message: 'gone' }, 'crashed'],
    ['a plain success', success('[{"id": 1}]'), 'accepted'],
    ['a success whose data happens to say "must be"', success('Results: the value must be positive, see docs'), 'accepted'],
  ])('%s', (_name, answer, verdict) => {
    expect(readVerdict(answer).verdict).toBe(verdict);
  });
});

describe('aboutTheBadValue', () => {
  const rejected = { verdict: 'rejected' as const, evidence: '"must be ..."' };
  const target = { property: 'limit', othersValid: true, others: ['query', 'limit'] };
  it.each<[string, string, typeof target, ArgumentVerdict]>([
    ['names the bad parameter', 'limit must be a number', target, 'rejected'],
    ['names another parameter only', 'query must be at least 3 characters', target, 'unclear'],
    ['names both', 'query and limit must be set', target, 'rejected'],
    ['names none, every other argument valid', 'invalid input', target, 'rejected'],
    ['names none, another required one left out', 'invalid input', { ...target, othersValid: false }, 'unclear'],
    ['a name inside another word is not the name', 'query_limit must be set', { ...target, others: ['query_limit', 'limit'] }, 'unclear'],
  ])('%s', (_name, text, t, verdict) => {
    expect(aboutTheBadValue(rejected, text, t).verdict).toBe(verdict);
  });
  it('leaves other verdicts alone', () => {
    expect(aboutTheBadValue({ verdict: 'accepted-then-failed', evidence: 'x' }, 'query not found', target).verdict).toBe('accepted-then-failed');
  });
});

describe('toolVerdict', () => {
  it('speaks for the server only when every probe was rejected', () => {
    expect(toolVerdict(['rejected', 'rejected'])).toBe('rejected');
    expect(toolVerdict(['rejected', 'accepted-then-failed'])).toBe('accepted-then-failed');
    expect(toolVerdict(['unclear', 'rejected'])).toBe('unclear');
    expect(toolVerdict(['accepted', 'timed-out'])).toBe('timed-out');
    expect(toolVerdict([])).toBeUndefined();
  });
});
