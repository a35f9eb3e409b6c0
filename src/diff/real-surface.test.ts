/**
 * Real parts: the prompts, resources, capabilities and instructions of two published
 * server-everything releases (`everything-old` = 2025.11.25, current = 2026.8.31), snapshotted live
 * and diffed through the CLI. Every expectation was read against the two lists: 2025.11.25 lists
 * prompts simple_prompt, complex_prompt (temperature required, style) and resource_prompt (resourceId
 * required), 100 resources test://static/resource/1..100 over ten pages and one template
 * test://static/resource/{id}; 2026.8.31 lists simple-prompt, args-prompt, completable-prompt and
 * resource-prompt (resourceType and resourceId required), seven demo://resource/static/document/*.md
 * resources and two demo://resource/dynamic/{text,blob}/{resourceId} templates.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../cli/testing.ts';
import type { ToolvetResult } from '../report/model.ts';
import { SURFACE_CHECKS } from './checks/surface-index.ts';
import { writeSnapshots } from './snapshot.ts';
import { tempDir } from '../testing/temp-dir.ts';

const root = fileURLToPath(new URL('../../', import.meta.url));
const dir = tempDir('toolvet-surface-');
const config = join(dir, 'host.json');
writeFileSync(
  config,
  JSON.stringify({
    mcpServers: {
      'everything-old': { command: process.execPath, args: [join(root, 'node_modules/everything-old/dist/index.js'), 'stdio'] },
      everything: { command: process.execPath, args: [join(root, 'node_modules/@modelcontextprotocol/server-everything/dist/index.js'), 'stdio'] },
    },
  }),
);

describe('prompts and resources of two real server-everything releases (2025.11.25 -> 2026.8.31)', () => {
  let result: ToolvetResult;
  let surface: Array<{ key: string; level: string; path: string; message: string }>;
  beforeAll(async () => {
    const written = await writeSnapshots({ config, outDir: join(dir, 'snap') });
    expect(written.map((w) => [w.server, w.prompts, w.resources, w.resourceTemplates])).toEqual([
      ['everything', 4, 7, 2],
      ['everything-old', 3, 100, 1],
    ]);
    const out = join(dir, 'diff.json');
    const cli = await runCli(['diff', join(dir, 'snap/everything-old.json'), join(dir, 'snap/everything.json'), '--format', 'json', '--out', out]);
    expect(cli.code).toBe(1);
    result = JSON.parse(readFileSync(out, 'utf8')) as ToolvetResult;
    surface = result.diff!.changes.filter((c) => c.check in SURFACE_CHECKS).map((c) => ({ key: `${c.tool}:${c.check}`, level: c.level, path: c.path, message: c.message }));
  });

  it('classifies every prompt change as read against the two lists', () => {
    const prompts = surface.filter((c) => c.key.startsWith('prompt:')).map((c) => `${c.level} ${c.key}${c.path.startsWith('arguments') ? ` ${c.path}` : ''}`).sort();
    expect(prompts).toEqual([
      'breaking prompt:complex_prompt:prompt-removed',
      'breaking prompt:resource-prompt:prompt-renamed',
      'breaking prompt:resource-prompt:prompt-required-argument-added arguments.resourceType',
      'breaking prompt:simple-prompt:prompt-renamed',
      'retest prompt:resource-prompt:prompt-description-changed arguments.resourceId.description',
      'retest prompt:simple-prompt:prompt-description-changed',
      'safe prompt:args-prompt:prompt-added',
      'safe prompt:completable-prompt:prompt-added',
      'safe prompt:resource-prompt:surface-title-changed',
      'safe prompt:simple-prompt:surface-title-changed',
    ]);
    expect(surface.find((c) => c.key === 'prompt:simple-prompt:prompt-renamed')!.message).toContain('"simple_prompt" is now "simple-prompt"');
  });

  it('reports the 100 paginated static resources and the old template as removed, the new ones as added', () => {
    const removed = surface.filter((c) => c.key.endsWith(':resource-removed')).map((c) => c.key);
    expect(removed).toHaveLength(101);
    expect(removed).toContain('resource:test://static/resource/100:resource-removed');
    expect(removed).toContain('template:test://static/resource/{id}:resource-removed');
    const added = surface.filter((c) => c.key.endsWith(':resource-added')).map((c) => c.key.replace(/:resource-added$/, '')).sort();
    expect(added).toEqual([
      'resource:demo://resource/static/document/architecture.md',
      'resource:demo://resource/static/document/extension.md',
      'resource:demo://resource/static/document/features.md',
      'resource:demo://resource/static/document/how-it-works.md',
      'resource:demo://resource/static/document/instructions.md',
      'resource:demo://resource/static/document/startup.md',
      'resource:demo://resource/static/document/structure.md',
      'template:demo://resource/dynamic/blob/{resourceId}',
      'template:demo://resource/dynamic/text/{resourceId}',
    ]);
  });

  it('sees the new capabilities (list-changed notifications, tasks) and the rewritten instructions; nothing was withdrawn', () => {
    expect(surface.filter((c) => c.key.startsWith('capabilities')).map((c) => `${c.level} ${c.path}`)).toEqual([
      'safe capabilities.prompts.listChanged',
      'safe capabilities.resources.listChanged',
      'safe capabilities.tasks',
      'safe capabilities.tools.listChanged',
    ]);
    expect(surface.filter((c) => c.key.startsWith('instructions'))).toMatchObject([{ level: 'retest', key: 'instructions:instructions-changed' }]);
  });
});
