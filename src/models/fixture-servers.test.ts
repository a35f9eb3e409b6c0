/**
 * The bundled fixture servers, spawned as child processes through the SDK client: what they list
 * equals fixtures/tools/*.json, reads succeed, writes and bad arguments give structured errors
 * (spec 2.6, 7.7), an unknown tool raises a JSON-RPC error naming it (spec 4.1.3), and the notebook
 * refuses a 51st source (spec 8.1).
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lintTools } from '../lint/lint-tools.ts';
import type { ToolDefinition } from '../types.ts';

const fixture = (path: string): string => fileURLToPath(new URL(`../../fixtures/${path}`, import.meta.url));

interface CallResult {
  isError?: boolean;
  content: Array<{ type: string; text?: string }>;
}

async function connect(name: string): Promise<Client> {
  const client = new Client({ name: 'toolvet-test', version: '0.0.0' });
  await client.connect(new StdioClientTransport({ command: process.execPath, args: [fixture(`servers/${name}.mjs`)], stderr: 'pipe' }));
  return client;
}

async function call(client: Client, name: string, args: Record<string, unknown>): Promise<{ result: CallResult; body: Record<string, unknown> }> {
  const result = (await client.callTool({ name, arguments: args })) as CallResult;
  expect(result.content).toHaveLength(1);
  expect(result.content[0].type).toBe('text');
  return { result, body: JSON.parse(result.content[0].text ?? '') as Record<string, unknown> };
}

function expectStructuredError(result: CallResult, body: Record<string, unknown>, code: string): void {
  expect(result.isError).toBe(true);
  expect(body.code).toBe(code);
  expect(typeof body.error).toBe('string');
  expect(typeof body.retry_hint).toBe('string');
  expect((body.retry_hint as string).length).toBeGreaterThan(10);
}

const clients = new Map<string, Client>();
beforeAll(async () => {
  await Promise.all(['echo', 'refman', 'notebook'].map(async (name) => clients.set(name, await connect(name))));
});
afterAll(async () => {
  await Promise.all([...clients.values()].map((client) => client.close()));
});

describe.each(['echo', 'refman', 'notebook'])('fixture server %s', (name) => {
  it('lists exactly the definitions in fixtures/tools', async () => {
    const client = clients.get(name)!;
    expect(client.getServerVersion()?.name).toBe(name);
    const { tools } = await client.listTools();
    const file = JSON.parse(readFileSync(fixture(`tools/${name}.json`), 'utf8')) as unknown[];
    expect(tools).toEqual(file);
  });

  it('follows the section-10 rules: the recommended lint profile finds nothing', () => {
    const tools = JSON.parse(readFileSync(fixture(`tools/${name}.json`), 'utf8')) as ToolDefinition[];
    const { findings } = lintTools(tools);
    expect(findings.map((f) => `${f.ruleId} ${f.target ?? ''} ${f.path}: ${f.message}`)).toEqual([]);
  });

  it('raises a JSON-RPC error naming an unknown tool', async () => {
    await expect(clients.get(name)!.callTool({ name: 'no_such_tool', arguments: {} })).rejects.toThrow(/Unknown tool: no_such_tool/);
  });
});

describe('echo', () => {
  it('returns the prefix and the text, and a structured error for bad arguments', async () => {
    const client = clients.get('echo')!;
    const result = (await client.callTool({ name: 'echo', arguments: { text: 'hello' } })) as CallResult;
    expect(result.content).toEqual([{ type: 'text', text: 'Echo: hello' }]);
    const bad = await call(client, 'echo', { text: 42 });
    expectStructuredError(bad.result, bad.body, 'INVALID_ARGUMENTS');
  });
});

describe('refman', () => {
  it('searches and reads items', async () => {
    const client = clients.get('refman')!;
    const found = await call(client, 'search_items', { query: 'coral bleaching', limit: 5 });
    expect(found.result.isError).toBeFalsy();
    expect(found.body.success).toBe(true);
    const data = found.body.data as { total: number; items: Array<{ key: string; abstract?: string }> };
    expect(data.total).toBeGreaterThan(0);
    expect(data.items[0].abstract).toBeUndefined();
    const item = await call(client, 'get_item', { item_key: data.items[0].key });
    expect(item.body).toMatchObject({ success: true, data: { item: { key: data.items[0].key } } });
    const collections = await call(client, 'list_collections', {});
    expect((collections.body.data as { collections: unknown[] }).collections.length).toBeGreaterThanOrEqual(3);
  });

  it.each([
    ['add_item', { title: 'Deep learning', authors: ['LeCun, Yann'] }],
    ['tag_item', { item_key: 'ABCD2345', tags: ['to cite'] }],
    ['move_item', { item_key: 'ABCD2345', collection: 'Thesis' }],
  ])('%s reports that the local interface is read-only', async (tool, args) => {
    const { result, body } = await call(clients.get('refman')!, tool, args);
    expectStructuredError(result, body, 'READ_ONLY');
    expect(body.success).toBe(false);
    expect(body.error).toMatch(/read-only/);
    expect(body.retry_hint).toMatch(/web API.*API key/);
  });

  it('gives structured errors for bad arguments and a missing item', async () => {
    const client = clients.get('refman')!;
    const bad = await call(client, 'search_items', { query: 'x', limit: 500, colour: 'red' });
    expectStructuredError(bad.result, bad.body, 'INVALID_ARGUMENTS');
    expect(bad.body.error).toMatch(/limit|additional/);
    const missing = await call(client, 'get_item', { item_key: 'ZZZZ9999' });
    expectStructuredError(missing.result, missing.body, 'NOT_FOUND');
  });
});

describe('notebook', () => {
  it('creates a notebook, adds sources up to the limit and refuses the 51st', async () => {
    const client = clients.get('notebook')!;
    const created = await call(client, 'create_notebook', { title: 'Limit test' });
    const id = (created.body.data as { notebook_id: string }).notebook_id;
    expect(created.body).toMatchObject({ success: true, data: { title: 'Limit test', source_count: 0 } });
    for (let i = 1; i <= 50; i++) {
      const added = await call(client, 'add_source', { notebook: id, source: `https://example.org/${i}` });
      expect(added.body).toMatchObject({ success: true, data: { source_count: i, source_type: 'url' } });
    }
    const refused = await call(client, 'add_source', { notebook: 'Limit test', source: 'extra.pdf' });
    expectStructuredError(refused.result, refused.body, 'SOURCE_LIMIT');
    expect(refused.body.retry_hint).toMatch(/under 50 sources.*new notebook/);
  });

  it('answers a question with text and citations', async () => {
    const { body } = await call(clients.get('notebook')!, 'query_notebook', { notebook: 'Coral Reef Review', question: 'How much coral died in the bleaching?', max_citations: 2 });
    const data = body.data as { text: string; citations: Array<{ source_id: string }> };
    expect(body.success).toBe(true);
    expect(data.text).toMatch(/bleaching/);
    expect(data.citations.length).toBeGreaterThan(0);
    expect(data.citations.length).toBeLessThanOrEqual(2);
  });

  it('gives structured errors for bad arguments and an unknown notebook', async () => {
    const client = clients.get('notebook')!;
    const bad = await call(client, 'add_source', { notebook: 'nb-001' });
    expectStructuredError(bad.result, bad.body, 'INVALID_ARGUMENTS');
    const missing = await call(client, 'query_notebook', { notebook: 'nope', question: 'why?' });
    expectStructuredError(missing.result, missing.body, 'NOT_FOUND');
  });
});
