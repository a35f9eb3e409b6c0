/** Tool routing by table: what the model is offered from which servers, and where each name goes. */
import { describe, expect, it } from 'vitest';
import type { ToolDefinition } from '../types.ts';
import { checkAllowNames, qualifiedName, ToolRoutes } from './tool-routing.ts';

const tool = (name: string, server?: string): ToolDefinition => ({ name, inputSchema: { type: 'object' }, ...(server !== undefined ? { server } : {}) });
const LISTED = [tool('list_items', 'archive'), tool('delete_items', 'archive'), tool('delete_items', 'shop'), tool('restock', 'shop')];

describe('ToolRoutes', () => {
  it('offers a name two selected servers list as server__tool, and routes each to its own server', () => {
    const routes = ToolRoutes.among(LISTED);
    expect(routes.offered().map((t) => [t.name, t.server])).toEqual([
      ['list_items', 'archive'],
      ['archive__delete_items', 'archive'],
      ['shop__delete_items', 'shop'],
      ['restock', 'shop'],
    ]);
    expect(routes.route('delete_items')).toBeUndefined();
    expect(routes.route('shop__delete_items')).toMatchObject({ server: 'shop', name: 'delete_items' });
    expect(routes.route('archive__delete_items')).toMatchObject({ server: 'archive', name: 'delete_items' });
  });

  it('the same in the other listing order: never routed by list order', () => {
    const routes = ToolRoutes.among([...LISTED].reverse());
    expect(routes.route('archive__delete_items')).toMatchObject({ server: 'archive' });
    expect(routes.route('delete_items')).toBeUndefined();
  });

  it('offers only the selected servers, so a name one of them lists stays bare and goes to it', () => {
    for (const order of [LISTED, [...LISTED].reverse()]) {
      const routes = ToolRoutes.among(order, ['archive']);
      expect(routes.offered().map((t) => t.name).sort()).toEqual(['delete_items', 'list_items']);
      expect(routes.route('delete_items')).toMatchObject({ server: 'archive', offered: 'delete_items', qualified: 'archive__delete_items' });
      expect(routes.route('shop__delete_items')).toBeUndefined();
      expect(routes.route('restock')).toBeUndefined();
    }
  });

  it('looks up names users write: offered names, qualified ones where asked, and ambiguous bare names', () => {
    const routes = ToolRoutes.among(LISTED);
    expect(routes.lookup('restock', false)).toMatchObject({ found: { server: 'shop' } });
    expect(routes.lookup('shop__restock', false)).toEqual({ unknown: true });
    expect(routes.lookup('shop__restock', true)).toMatchObject({ found: { server: 'shop', offered: 'restock' } });
    const ambiguous = routes.lookup('delete_items', true);
    expect('ambiguous' in ambiguous && ambiguous.ambiguous.map((t) => t.server)).toEqual(['archive', 'shop']);
  });

  it('drops a tool file\'s repeat of a name, and a server\'s own repeat', () => {
    const routes = ToolRoutes.among([tool('a', 's'), tool('a', 's'), tool('b', 's'), tool('b'), tool('c', 's'), tool('c', 't'), tool('c')]);
    expect(routes.offered().map((t) => t.name)).toEqual(['a', 'b', 's__c', 't__c']);
    expect(routes.dropped.map((d) => [d.tool.name, d.tool.server ?? 'file', d.keptFrom])).toEqual([
      ['a', 's', 's'],
      ['b', 'file', 's'],
      ['c', 'file', 's'],
    ]);
  });

  it('qualifies with a server name made fit for a function name', () => {
    expect(qualifiedName('my.server v2', 'x')).toBe('my_server_v2__x');
  });
});

describe('checkAllowNames', () => {
  it('refuses a bare name two selected servers list, naming both', () => {
    expect(() => checkAllowNames(['delete_items'], [ToolRoutes.among(LISTED)], '--allow-tools')).toThrow(
      expect.objectContaining({
        code: 'E_AMBIGUOUS_TOOL',
        tool: 'delete_items',
        message: '--allow-tools names tool "delete_items", which servers "archive" and "shop" both list, so the model is offered archive__delete_items and shop__delete_items instead',
      }),
    );
  });

  it('accepts offered and qualified names, and returns the unknown ones', () => {
    expect(checkAllowNames(['shop__delete_items', 'restock', 'archive__list_items', 'nope'], [ToolRoutes.among(LISTED)], '--allow-tools')).toEqual(['nope']);
    // Bare is fine where only one selected server lists it.
    expect(checkAllowNames(['delete_items'], [ToolRoutes.among(LISTED, ['shop'])], '--allow-tools')).toEqual([]);
  });
});
