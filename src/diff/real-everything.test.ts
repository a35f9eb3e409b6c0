/**
 * Real parts: two published versions of @modelcontextprotocol/server-everything installed side by
 * side (`everything-old` is the npm alias of 2025.11.25; the current devDependency is 2026.8.31),
 * both started live, their tool lists diffed. The expectations were read against the real
 * definitions: the 2026 release renamed most tools to kebab-case, dropped sampleLLM and zip, added
 * annotations, titles and `execution`, and reshaped two inputs.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ToolvetResult } from '../report/model.ts';
import { SURFACE_CHECKS } from './checks/surface-index.ts';
import { runDiff } from './run-diff.ts';
import { writeSnapshots } from './snapshot.ts';
import { tempDir } from '../testing/temp-dir.ts';

const root = fileURLToPath(new URL('../../', import.meta.url));
const dir = tempDir('toolvet-everything-');
const host = (script: string): string => {
  const file = join(dir, `${script.split('/')[1]}.json`);
  writeFileSync(file, JSON.stringify({ mcpServers: { everything: { command: process.execPath, args: [join(root, 'node_modules', script, 'dist/index.js'), 'stdio'] } } }));
  return file;
};
const oldConfig = host('everything-old');
const newConfig = host('@modelcontextprotocol/server-everything');

// Tool changes only: prompt and resource changes are read in real-surface.test.ts.
const keys = (result: ToolvetResult, level: string): string[] =>
  result.diff!.changes.filter((c) => c.level === level && !(c.check in SURFACE_CHECKS)).map((c) => `${c.tool}:${c.check}`).sort();

describe('diff of two real server-everything releases (2025.11.25 -> 2026.8.31)', () => {
  let live: ToolvetResult;
  beforeAll(async () => {
    live = await runDiff({ old: `live:${oldConfig}`, new: `live:${newConfig}` });
  });

  it('reports the breaking changes the release notes do not: renames, removals, a new enum', () => {
    expect(keys(live, 'breaking')).toEqual([
      'get-annotated-message:tool-renamed',
      'get-env:tool-renamed',
      'get-resource-links:tool-renamed',
      'get-resource-reference:tool-renamed',
      'get-structured-content:enum-added',
      'get-structured-content:tool-renamed',
      'get-sum:tool-renamed',
      'get-tiny-image:tool-renamed',
      'sampleLLM:tool-removed',
      'trigger-long-running-operation:tool-renamed',
      'zip:tool-removed',
    ]);
    expect(live.verdict.status).toBe('fail');
    const sum = live.diff!.changes.find((c) => c.tool === 'get-sum' && c.check === 'tool-renamed')!;
    expect(sum.message).toContain('"add" was probably renamed to "get-sum"');
    const env = live.diff!.changes.find((c) => c.tool === 'get-env' && c.check === 'tool-renamed')!;
    expect(env.message).toContain('"printEnv"');
  });

  it('classifies the reshaped getResourceReference input field by field', () => {
    const ref = live.diff!.changes.filter((c) => c.tool === 'get-resource-reference').map((c) => `${c.check}@${c.path}`).sort();
    expect(ref).toEqual(
      expect.arrayContaining([
        'parameter-became-optional@inputSchema.required',
        'default-changed@inputSchema.properties.resourceId.default',
        'bound-relaxed@inputSchema.properties.resourceId.maximum',
        'bound-relaxed@inputSchema.properties.resourceId.minimum',
        'optional-parameter-added@inputSchema.properties.resourceType',
        'additional-properties-opened@inputSchema.additionalProperties',
      ]),
    );
  });

  it('compares effective values: new annotations are safe, taskSupport "forbidden" equals absent', () => {
    const echo = live.diff!.changes.filter((c) => c.tool === 'echo');
    expect(echo.map((c) => c.check).sort()).toEqual([
      'additional-properties-opened',
      'annotation-hint-changed',
      'annotation-hint-changed',
      'annotation-hint-changed',
      'annotation-hint-changed',
      'description-changed',
      'title-changed',
    ]);
    expect(keys(live, 'retest')).toEqual(expect.arrayContaining(['gzip-file-as-resource:tool-added', 'simulate-research-query:tool-added', 'echo:description-changed']));
  });

  it('gives the same changes from snapshots as from the live servers', async () => {
    const [oldDir, newDir] = [join(dir, 'old'), join(dir, 'new')];
    await writeSnapshots({ config: oldConfig, outDir: oldDir });
    await writeSnapshots({ config: newConfig, outDir: newDir });
    expect(JSON.parse(readFileSync(join(oldDir, 'everything.json'), 'utf8')).server).toEqual({ name: 'example-servers/everything', version: '1.0.0' });
    const fromFiles = await runDiff({ old: oldDir, new: newDir });
    expect(fromFiles.diff!.changes).toEqual(live.diff!.changes);
  });
});
