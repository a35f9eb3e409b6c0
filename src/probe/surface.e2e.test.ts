/**
 * `toolvet probe` through the CLI on structured results, resources and prompts: the forecast fixture
 * (fixtures/servers/structured.mjs) breaks its outputSchema at a known path, the modern warehouse fixture
 * gets everything right, and the real server-everything 2025.11.25 accepts a prompt without its
 * required argument.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { fixture, ROOT, runCli, type CliRun } from '../cli/testing.ts';
import type { ToolvetResult } from '../report/model.ts';
import { probeSection as htmlProbe } from '../report/html/sections.ts';
import { sectionSuites } from '../report/junit-sections.ts';
import { probeSection as markdownProbe } from '../report/markdown-sections.ts';
import { runProbe } from './probe-run.ts';
import type { ServerProbe } from './types.ts';
import { tempDir } from '../testing/temp-dir.ts';

describe('toolvet probe: structured results, resources and prompts', () => {
  let text: CliRun;
  let servers: ServerProbe[];
  let result: ToolvetResult;
  beforeAll(async () => {
    const out = join(tempDir('toolvet-probe-surface-'), 'probe.json');
    text = await runCli(['probe', '--config', fixture('hosts/structured.json')]);
    const json = await runCli(['probe', '--config', fixture('hosts/structured.json'), '--format', 'json', '--output', out]);
    expect(json.code).toBe(1);
    result = JSON.parse(readFileSync(out, 'utf8')) as ToolvetResult;
    servers = result.probe!.servers;
  }, 120_000);

  it('fails on structuredContent that breaks the outputSchema, naming the tool and the JSON path', () => {
    expect(text.code).toBe(1);
    expect(text.stdout).toContain('get_forecast');
    expect(text.stdout).toContain('breaks its outputSchema at $.days[1].high: must be number');
    const forecast = servers.find((s) => s.server === 'structured')!;
    const byTool = Object.fromEntries(forecast.structuredResults!.map((r) => [r.tool, r]));
    expect(byTool.get_forecast).toMatchObject({ status: 'fail', path: '$.days[1].high', arguments: { city: 'Oslo' } });
    expect(byTool.get_humidity).toMatchObject({ status: 'fail', path: '$' });
    expect(byTool.get_temperature).toMatchObject({ status: 'warn', path: '$.celsius' });
    expect(byTool.get_station).toMatchObject({ status: 'warn', jsonText: true });
    // An array at the root of outputSchema and structuredContent is valid under 2026-07-28.
    expect(byTool.list_cities).toMatchObject({ status: 'pass' });
    expect(forecast.protocolVersion).toBe('2026-07-28');
  });

  it('shows the failure in the JUnit, Markdown and HTML reports too, so CI sees it', () => {
    const probeSuite = sectionSuites(result).find((s) => s.name === 'probe')!;
    const failed = probeSuite.cases.filter((c) => c.failure).map((c) => c.name);
    expect(failed).toEqual(['structured/structured result: get_forecast', 'structured/structured result: get_humidity']);
    expect(markdownProbe(result)?.text).toContain('$.days\\[1\\].high'); // Markdown escapes the brackets
    expect(htmlProbe(result)).toContain('$.days[1].high');
  });

  it('reads every resource and gets every prompt of a server that does it right; the missing argument is named', () => {
    const modern = servers.find((s) => s.server === 'modern')!;
    expect(modern.resourceReads).toEqual([{ uri: 'warehouse://list', status: 'pass', detail: expect.stringContaining('1 content item(s)') }]);
    expect(modern.promptGets!.map((p) => [p.kind, p.status])).toEqual([['get', 'pass'], ['missing-required', 'pass']]);
    expect(modern.promptGets![1]).toMatchObject({ argument: 'sku', detail: expect.stringContaining('"sku"') });
    expect(modern.structuredResults).toEqual([expect.objectContaining({ tool: 'get_stock', status: 'pass' })]);
  });

  it('catches the real server-everything 2025.11.25 accepting complex_prompt without "temperature"', async () => {
    const dir = tempDir('toolvet-probe-old-');
    writeFileSync(join(dir, 'host.json'), JSON.stringify({ mcpServers: { old: { command: process.execPath, args: [join(ROOT, 'node_modules/everything-old/dist/index.js'), 'stdio'] } } }));
    await runCli(['probe', '--config', join(dir, 'host.json'), '--format', 'json', '--output', join(dir, 'probe.json')], { timeoutMs: 120_000 });
    const [old] = (JSON.parse(readFileSync(join(dir, 'probe.json'), 'utf8')) as ToolvetResult).probe!.servers;
    expect(old.resourceReads).toHaveLength(100);
    expect(old.resourceReads!.every((r) => r.status === 'pass')).toBe(true);
    expect(old.promptGets!.filter((p) => p.status !== 'pass')).toEqual([
      expect.objectContaining({ prompt: 'complex_prompt', kind: 'missing-required', argument: 'temperature', status: 'fail' }),
    ]);
  }, 120_000);

  it('makes valid calls only to read-only tools, even with --allow-destructive (reserve_stock writes and is never called validly)', async () => {
    const result = await runProbe({ config: fixture('hosts/structured.json'), servers: ['modern'], allowDestructive: true });
    const [modern] = result.probe!.servers;
    expect(modern.structuredResults!.map((r) => r.tool)).toEqual(['get_stock']);
    // reserve_stock got the bad-argument probes only.
    expect(modern.toolProbes.find((t) => t.tool === 'reserve_stock')!.probes.map((p) => p.kind)).toEqual(['missing-required', 'wrong-type']);
  }, 120_000);
});
