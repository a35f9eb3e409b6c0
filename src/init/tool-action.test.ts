import { describe, expect, it } from 'vitest';
import type { ToolDefinition } from '../types.ts';
import { firstSentence, toolAction } from './tool-action.ts';

const tool = (name: string, description?: string): ToolDefinition => ({ name, ...(description !== undefined ? { description } : {}), inputSchema: { type: 'object' } });

describe('toolAction: the verb and object a description states', () => {
  it.each([
    ['read_text_file', 'Read the complete contents of a file from the file system as text. Handles encodings.', 'read', 'the complete contents of a file from the file system as text'],
    ['get-sum', 'Returns the sum of two numbers', 'get', 'the sum of two numbers'],
    ['kubectl_get', 'Get or list Kubernetes resources by resource type, name, and optionally namespace', 'get', 'Kubernetes resources'],
    ['browser_tabs', 'List, create, close, or select a browser tab.', 'list', 'a browser tab'],
    ['upload', 'Upload one or multiple files', 'upload', 'one or multiple files'],
    ['list_allowed_directories', 'Returns the list of directories that this server is allowed to access.', 'get', 'the list of directories that this server is allowed'],
    ['simulate', 'Simulates a deep research operation that gathers, analyzes, and synthesizes information.', 'simulate', 'a deep research operation'],
    ['toggle', 'Toggles simulated, random-leveled logging on or off.', 'toggle', 'simulated random-leveled logging'],
    ['API-get-user', 'Notion | Retrieve a user Error Responses: 400: 400', 'get', 'a user'],
    ['kubectl_patch', 'Update field(s) of a resource using strategic merge patch', 'update', 'fields of a resource'],
    // Nothing but function words after the verb: the name says more.
    ['get-resource-links', 'Returns up to ten resource links that reference different types of resources', 'get', 'resource links'],
    ['get_file_info', undefined, 'get', 'file info'],
  ])('%s', (name, description, verb, object) => {
    expect(toolAction(tool(name, description))).toEqual({ verb, object });
  });

  it.each([
    ['thing', 'Widgets and gadgets.'],
    ['widget_catalogue', 'Catalogue of the shop, in stock.'],
  ])('%s states no action', (name, description) => {
    expect(toolAction(tool(name, description))).toBeUndefined();
  });

  it('reads the first sentence past "e.g." and drops generated error lists', () => {
    expect(firstSentence('Find papers, e.g. reviews. Then more.')).toBe('Find papers, e.g. reviews');
    expect(firstSentence('Notion | Create a page Error Responses: 400: Bad request')).toBe('Notion | Create a page');
  });
});
