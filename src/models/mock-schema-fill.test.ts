import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { JsonSchema, ToolDefinition } from '../types.ts';
import { inferCall } from './mock-args.ts';
import { createMockModel } from './mock.ts';

const tool = (properties: Record<string, JsonSchema>, required: string[]): ToolDefinition => ({
  name: 'create_report',
  description: 'Create a report.',
  inputSchema: { type: 'object', properties, required },
});

describe('a required argument the request does not state', () => {
  it.each([
    ['the first enum value', { format: { type: 'string', enum: ['pdf', 'html'] } }, { format: 'pdf' }],
    ['its const', { kind: { const: 'summary' } }, { kind: 'summary' }],
    ['its default', { pages: { type: 'integer', default: 3 } }, { pages: 3 }],
    ['the first example', { owner: { type: 'string', examples: ['octocat', 'torvalds'] } }, { owner: 'octocat' }],
    ['a date for format date', { due: { type: 'string', format: 'date' } }, { due: '2024-01-01' }],
    ['an address for format email', { to: { type: 'string', format: 'email' } }, { to: 'user@example.com' }],
    ['the first alternative that offers a value', { mode: { oneOf: [{ type: 'string', description: 'free' }, { const: 'fast' }] } }, { mode: 'fast' }],
    ['nothing when the schema offers nothing (a careful model asks)', { title: { type: 'string', description: 'The title.' } }, {}],
    ['a date, not the loose words of the request', { due: { type: 'string', format: 'date' }, topic: { type: 'string' } }, { due: '2024-01-01' }],
    ['nothing when the format placeholder breaks the pattern', { id: { type: 'string', format: 'uuid', pattern: '^rep-' } }, {}],
  ] as const)('is filled from the schema: %s', (_label, properties, expected) => {
    const { args, invented } = inferCall('Create the report', tool(properties as Record<string, JsonSchema>, Object.keys(properties)));
    expect(args).toEqual(expected);
    expect(invented).toEqual(Object.keys(expected));
  });

  it('a required string the request fills in its own words is not invented', () => {
    const t = tool({ owner: { type: 'string', examples: ['octocat'] } }, ['owner']);
    expect(inferCall('Create the report for torvalds', t)).toEqual({ args: { owner: 'torvalds' }, invented: [] });
  });

  it('leaves optional parameters out and keeps what the request states', () => {
    const t = tool({ format: { type: 'string', enum: ['pdf', 'html'] }, pages: { type: 'integer', default: 3 } }, ['format']);
    expect(inferCall('Create the report as html', t)).toEqual({ args: { format: 'html' }, invented: [] });
    expect(inferCall('Create the report', t)).toEqual({ args: { format: 'pdf' }, invented: ['format'] });
  });

  it('marks the invented arguments on the call the model makes', async () => {
    const t = tool({ format: { type: 'string', enum: ['pdf', 'html'] }, title: { type: 'string' } }, ['format', 'title']);
    const response = await createMockModel().complete({ messages: [{ role: 'user', content: 'Create a report titled "Q3 sales"' }], tools: [t] });
    expect(response.toolCalls[0]).toMatchObject({ name: 'create_report', arguments: { format: 'pdf', title: 'Q3 sales' }, invented: ['format'] });
  });
});

describe('words of paths, URLs and numbers do not vote for tools', () => {
  const files: ToolDefinition = {
    name: 'list_directory',
    description: 'List the files and folders in a directory.',
    inputSchema: { type: 'object', properties: { path: { type: 'string', description: 'The directory.' } }, required: ['path'] },
  };
  const remove: ToolDefinition = {
    name: 'delete_backup',
    description: 'Delete one backup archive. Backups are kept for 30 days.',
    inputSchema: { type: 'object', properties: { name: { type: 'string', description: 'The backup name.' } }, required: ['name'] },
  };
  const weather: ToolDefinition = {
    name: 'get_forecast',
    description: 'Weather forecast for a city, for the next 30 days.',
    inputSchema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
  };
  const folders: string[] = [];
  // Real temporary folders whose names hold another tool's words, and a random part besides.
  const folder = (prefix: string): string => {
    const dir = mkdtempSync(join(tmpdir(), prefix));
    folders.push(dir);
    return dir;
  };
  afterAll(() => {
    for (const dir of folders) rmSync(dir, { recursive: true, force: true });
  });
  const pick = async (query: string): Promise<string | undefined> =>
    (await createMockModel().complete({ messages: [{ role: 'user', content: query }], tools: [files, remove, weather] })).toolCalls[0]?.name;

  it('picks the same tool whatever a temporary folder is called', async () => {
    const a = folder('toolvet-delete-backup-');
    const b = folder('toolvet-weather-forecast-');
    expect(await pick(`List the files in ${a}`)).toBe('list_directory');
    expect(await pick(`List the files in ${b}`)).toBe('list_directory');
  });

  it('ignores the words of a URL and of numbers, but reads them as arguments', async () => {
    expect(await pick('List the files in https://example.com/backups/delete-forecast')).toBe('list_directory');
    const response = await createMockModel().complete({ messages: [{ role: 'user', content: 'List the files in ./delete-backup-30' }], tools: [files, remove, weather] });
    expect(response.toolCalls[0]).toMatchObject({ name: 'list_directory', arguments: { path: './delete-backup-30' } });
    // The words of the request still vote: the same words outside a path pick the other tool.
    expect(await pick('Delete the backup archive from last week')).toBe('delete_backup');
  });
});
