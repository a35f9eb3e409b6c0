/** The one reading of `_meta.ui.visibility` (MCP Apps), and tool routing's use of it. */
import { describe, expect, it } from 'vitest';
import type { ToolDefinition } from '../types.ts';
import { isModelVisible, toolVisibility } from './app-visibility.ts';
import { ToolRoutes } from './tool-routing.ts';

const tool = (name: string, meta?: Record<string, unknown>, server?: string): ToolDefinition => ({ name, inputSchema: { type: 'object' }, ...(meta ? { _meta: meta } : {}), ...(server ? { server } : {}) });

describe('isModelVisible', () => {
  it.each<[string, Record<string, unknown> | undefined, boolean]>([
    ['no _meta', undefined, true],
    ['_meta without ui', { other: 1 }, true],
    ['ui without visibility', { ui: { resourceUri: 'ui://x/app.html' } }, true],
    ['visibility ["model", "app"]', { ui: { visibility: ['model', 'app'] } }, true],
    ['visibility ["model"]', { ui: { visibility: ['model'] } }, true],
    ['visibility ["app"]: app-only', { ui: { visibility: ['app'] } }, false],
    ['visibility []: nobody, so not the model', { ui: { visibility: [] } }, false],
    ['visibility not a list: ignored (lint reports it)', { ui: { visibility: 'app' } }, true],
    ['ui not an object', { ui: 'app' }, true],
  ])('%s', (_name, meta, visible) => {
    expect(isModelVisible(tool('t', meta))).toBe(visible);
  });

  it('reads only string entries of the list', () => {
    expect(toolVisibility(tool('t', { ui: { visibility: ['app', 3, null] } }))).toEqual(['app']);
  });
});

describe('ToolRoutes and app-only tools', () => {
  it('offers and routes only model-visible tools, and keeps the app-only ones aside', () => {
    const routes = ToolRoutes.among([tool('display', { ui: { resourceUri: 'ui://v/app.html' } }, 'pdf'), tool('save', { ui: { visibility: ['app'] } }, 'pdf')]);
    expect(routes.offered().map((t) => t.name)).toEqual(['display']);
    expect(routes.route('save')).toBeUndefined();
    expect(routes.lookup('save', true)).toEqual({ unknown: true });
    expect(routes.appOnly.map((t) => t.name)).toEqual(['save']);
  });

  it('a name one server lists app-only and another lists for the model is offered bare, from the second', () => {
    const routes = ToolRoutes.among([tool('save', { ui: { visibility: ['app'] } }, 'pdf'), tool('save', undefined, 'docs')]);
    expect(routes.offered().map((t) => t.name)).toEqual(['save']);
    expect(routes.route('save')?.server).toBe('docs');
    expect(routes.sharedNames()).toEqual([]);
  });
});
