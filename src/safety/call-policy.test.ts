/** The call policy by table: which annotations and allow entries make a call runnable, and probe's looser rule. */
import { describe, expect, it } from 'vitest';
import type { ToolAnnotations, ToolDefinition } from '../types.ts';
import { decideCall, mayProbeWithBadArguments, type OfferedTool } from './call-policy.ts';

const definition = (annotations?: ToolAnnotations): ToolDefinition => ({ name: 'delete_items', server: 'shop', inputSchema: { type: 'object' }, ...(annotations ? { annotations } : {}) });
const bare = (annotations?: ToolAnnotations): OfferedTool => ({ definition: definition(annotations), offered: 'delete_items', qualified: 'shop__delete_items' });
/** As offered when a second selected server lists delete_items too. */
const qualified = (annotations?: ToolAnnotations): OfferedTool => ({ definition: definition(annotations), offered: 'shop__delete_items', qualified: 'shop__delete_items' });
const SOURCE = '--allow-tools';

describe('decideCall', () => {
  const rows: Array<[string, OfferedTool, string[], 'read-only' | 'allowed' | 'held']> = [
    ['no annotations', bare(), [], 'held'],
    ['annotations: {}', bare({}), [], 'held'],
    ['only destructiveHint: false', bare({ destructiveHint: false }), [], 'held'],
    ['readOnlyHint: false, destructiveHint: false', bare({ readOnlyHint: false, destructiveHint: false }), [], 'held'],
    ['readOnlyHint: false', bare({ readOnlyHint: false }), [], 'held'],
    ['idempotentHint and openWorldHint alone', bare({ idempotentHint: true, openWorldHint: false }), [], 'held'],
    ['readOnlyHint: true', bare({ readOnlyHint: true }), [], 'read-only'],
    // The spec: destructiveHint is meaningful only when readOnlyHint is false.
    ['readOnlyHint: true and destructiveHint: true', bare({ readOnlyHint: true, destructiveHint: true }), [], 'read-only'],
    ['allowed by name', bare(), ['delete_items'], 'allowed'],
    ['allowed by its qualified name although offered bare', bare(), ['shop__delete_items'], 'allowed'],
    ['offered qualified, allowed qualified', qualified(), ['shop__delete_items'], 'allowed'],
    // A bare entry never reaches a tool offered qualified: the other server lists the name too.
    ['offered qualified, allowed by the bare name', qualified(), ['delete_items'], 'held'],
    ['allowed under another server', bare(), ['other__delete_items'], 'held'],
    ['allowed: another tool', bare({ destructiveHint: false }), ['delete_item', 'Delete_items', ''], 'held'],
  ];

  it.each(rows)('%s', (_label, tool, names, expected) => {
    const decision = decideCall(tool, { names, source: SOURCE });
    expect(decision.run ? decision.by : 'held').toBe(expected);
  });

  it('says why a call is held back, and where to allow it', () => {
    expect(decideCall(bare(), { names: [], source: SOURCE })).toEqual({ run: false, why: 'may delete or overwrite data: not annotated readOnlyHint: true, and not in --allow-tools' });
    expect(decideCall(bare({ destructiveHint: false }), { names: [], source: "the scenario's allow list" })).toEqual({
      run: false,
      why: "may change data: not annotated readOnlyHint: true, and not in the scenario's allow list",
    });
  });
});

describe('mayProbeWithBadArguments (probe, its own looser rule)', () => {
  const rows: Array<[string, ToolAnnotations | undefined, boolean, boolean]> = [
    ['no annotations', undefined, false, false],
    ['annotations: {}', {}, false, false],
    ['destructiveHint: true', { destructiveHint: true }, false, false],
    ['only destructiveHint: false', { destructiveHint: false }, false, true],
    ['readOnlyHint: true', { readOnlyHint: true }, false, true],
    ['no annotations with --allow-destructive', undefined, true, true],
  ];
  it.each(rows)('%s', (_label, annotations, allowDestructive, expected) => {
    expect(mayProbeWithBadArguments(definition(annotations), allowDestructive)).toBe(expected);
  });
});
