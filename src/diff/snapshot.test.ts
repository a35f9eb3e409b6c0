/** Snapshots of the live fixture servers: byte-identical twice, readable by `--tools`, equal to the committed ones. */
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadToolFile } from '../config/tool-file.ts';
import { ToolvetError } from '../errors.ts';
import { createSnapshot, serializeSnapshot, writeSnapshots } from './snapshot.ts';
import { tempDir } from '../testing/temp-dir.ts';

const fixtures = (p: string): string => fileURLToPath(new URL(`../../fixtures/${p}`, import.meta.url));
const temp = (): string => tempDir('toolvet-snapshot-');

describe('snapshot', () => {
  it('gives byte-identical files when the same servers are snapshotted twice', async () => {
    const [a, b] = [temp(), temp()];
    await writeSnapshots({ config: fixtures('hosts/example.json'), outDir: a });
    await writeSnapshots({ config: fixtures('hosts/example.json'), outDir: b });
    const files = readdirSync(a).sort();
    expect(files).toEqual(['echo.json', 'notebook.json', 'refman.json']);
    for (const f of files) expect(readFileSync(join(b, f))).toEqual(readFileSync(join(a, f)));
    // ... and equal to the committed fixture snapshots, which suites diff against.
    for (const f of files) expect(readFileSync(join(a, f), 'utf8')).toBe(readFileSync(fixtures(`snapshots/${f}`), 'utf8'));
  });

  it('writes the documented format: sorted tools and keys, 2 spaces, final newline, loadable with --tools', async () => {
    const out = temp();
    await writeSnapshots({ config: fixtures('hosts/example.json'), servers: ['refman'], outDir: out });
    const text = readFileSync(join(out, 'refman.json'), 'utf8');
    expect(text.endsWith('}\n')).toBe(true);
    const data = JSON.parse(text);
    expect(Object.keys(data)).toEqual(['capabilities', 'protocolVersion', 'server', 'tools', 'toolvetSnapshot']);
    expect(data.capabilities).toEqual({ tools: {} });
    expect(data.toolvetSnapshot).toBe(1);
    expect(data.server).toEqual({ name: 'refman', version: expect.any(String) });
    const names = data.tools.map((t: { name: string }) => t.name);
    expect(names).toEqual([...names].sort());
    expect(text).toBe(`${JSON.stringify(data, null, 2)}\n`);
    const loaded = loadToolFile(join(out, 'refman.json'));
    expect(loaded.tools.map((t) => t.name)).toEqual(names);
  });

  it('does not depend on the order the server lists tools or keys in', () => {
    const tool = (name: string) => ({ name, inputSchema: { type: 'object', properties: { b: { type: 'string' }, a: { type: 'integer' } } }, description: name });
    const one = serializeSnapshot(createSnapshot({ name: 's', version: '1' }, '2025-06-18', [tool('b'), tool('a')]));
    const reversed = [tool('a'), tool('b')].map((t) => ({ description: t.description, inputSchema: { properties: { a: t.inputSchema.properties.a, b: t.inputSchema.properties.b }, type: 'object' }, name: t.name }));
    expect(serializeSnapshot(createSnapshot({ name: 's', version: '1' }, '2025-06-18', reversed))).toBe(one);
  });

  it('records resources, templates, prompts, capabilities and instructions sorted, and reads them back', () => {
    const surface = {
      prompts: [{ name: 'b_prompt', arguments: [{ name: 'z', required: true }, { name: 'a' }] }, { name: 'a_prompt', description: 'A.' }],
      resources: [{ uri: 'x://2', name: 'two' }, { uri: 'x://1', name: 'one', size: 3 }],
      resourceTemplates: [{ uriTemplate: 'x://{id}', name: 'item' }],
      capabilities: { tools: {}, prompts: { listChanged: true } },
      instructions: 'Search first.',
    };
    const text = serializeSnapshot(createSnapshot({ name: 's' }, '2025-11-25', [], surface));
    const data = JSON.parse(text);
    expect(Object.keys(data)).toEqual(['capabilities', 'instructions', 'prompts', 'protocolVersion', 'resourceTemplates', 'resources', 'server', 'tools', 'toolvetSnapshot']);
    expect(data.prompts.map((p: { name: string }) => p.name)).toEqual(['a_prompt', 'b_prompt']);
    // Argument order is the server's (clients show them in that order); only keys are sorted.
    expect(data.prompts[1].arguments.map((a: { name: string }) => a.name)).toEqual(['z', 'a']);
    expect(data.resources.map((r: { uri: string }) => r.uri)).toEqual(['x://1', 'x://2']);
    const file = join(temp(), 's.json');
    writeFileSync(file, text);
    expect(loadToolFile(file).surface).toEqual({ ...surface, prompts: data.prompts, resources: data.resources, capabilities: { prompts: { listChanged: true }, tools: {} } });
  });

  it('reads a snapshot without surface fields (written before they existed) as tools only', () => {
    const { capabilities: _c, ...old } = JSON.parse(readFileSync(fixtures('snapshots/refman.json'), 'utf8'));
    const file = join(temp(), 'refman.json');
    writeFileSync(file, JSON.stringify(old));
    const loaded = loadToolFile(file);
    expect(loaded.surface).toBeUndefined();
    expect(loaded.tools).toHaveLength(6);
  });

  it('refuses an unknown key in a prompt and a prompt listed twice, naming the path', () => {
    const dir = temp();
    const bad = (name: string, extra: object): string => {
      const file = join(dir, name);
      writeFileSync(file, JSON.stringify({ toolvetSnapshot: 1, server: { name: 's' }, tools: [], ...extra }));
      return file;
    };
    const unknown = (() => { try { loadToolFile(bad('a.json', { prompts: [{ name: 'p', arguments: [{ name: 'x', optional: true }] }] })); } catch (e) { return e; } })() as ToolvetError;
    expect(unknown).toBeInstanceOf(ToolvetError);
    expect(unknown.code).toBe('E_FILE_INVALID');
    expect(unknown.message).toContain('$.prompts[0].arguments[0].optional');
    const twice = (() => { try { loadToolFile(bad('b.json', { prompts: [{ name: 'p' }, { name: 'p' }] })); } catch (e) { return e; } })() as ToolvetError;
    expect(twice.path).toBe('$.prompts[1].name');
  });

  it('records a server that declares resources but does not answer resources/templates/list, leaving templates unrecorded', async () => {
    const out = temp();
    const [written] = await writeSnapshots({ config: fixtures('hosts/resources-only.json'), outDir: out });
    expect(written).toMatchObject({ server: 'resources-only', tools: 0, resources: 1 });
    const data = JSON.parse(readFileSync(join(out, 'resources-only.json'), 'utf8'));
    expect(data.resources.map((r: { uri: string }) => r.uri)).toEqual(['notes://readme']);
    expect(data).not.toHaveProperty('resourceTemplates');
  });

  it('fails with a coded error naming the server when one cannot start', async () => {
    const dir = temp();
    const config = join(dir, 'host.json');
    writeFileSync(config, JSON.stringify({ mcpServers: { broken: { command: process.execPath, args: [join(dir, 'missing.mjs')] } } }));
    const error = await writeSnapshots({ config, outDir: join(dir, 'out'), timeouts: { startMs: 5000 } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ToolvetError);
    expect((error as ToolvetError).server).toBe('broken');
  });
});
