/**
 * `toolvet probe` reports which tools ask for input and whether each request is well formed, on our
 * v2-SDK front desk in both eras (2026-07-28 `input_required` read raw; 2025-11-25 `elicitation/create`
 * through the SDK's handler) and on the hand-written modern-bad server (a malformed form, a deprecated
 * sampling request). Text, JSON and Markdown say the same.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixture, runCli, type CliRun } from '../cli/testing.ts';
import type { ToolvetResult } from '../report/model.ts';
import { probeSection as markdownProbe } from '../report/markdown-sections.ts';
import type { ServerProbe } from './types.ts';

describe('toolvet probe: tools that ask for input', () => {
  const dir = mkdtempSync(join(tmpdir(), 'toolvet-probe-input-'));
  let text: CliRun;
  let result: ToolvetResult;
  const server = (name: string): ServerProbe => result.probe!.servers.find((s) => s.server === name)!;
  beforeAll(async () => {
    const out = join(dir, 'probe.json');
    [text] = await Promise.all([runCli(['probe', '--config', fixture('hosts/modern-era.json')]), runCli(['probe', '--config', fixture('hosts/modern-era.json'), '--format', 'json', '--output', out])]);
    result = JSON.parse(readFileSync(out, 'utf8')) as ToolvetResult;
  }, 180_000);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it.each([
    ['front-desk', '2026-07-28'],
    ['front-desk-legacy', '2025-11-25'],
  ])('%s (%s): find_booking asks which date, well formed; the other read-only tools answer without asking', (name, protocol) => {
    const s = server(name);
    expect(s.protocolVersion).toBe(protocol);
    // rebuild_index may write (not read-only): not called with valid arguments.
    expect(s.inputRequests).toMatchObject({ called: 3, notCalled: ['rebuild_index'] });
    expect(s.inputRequests!.asked).toHaveLength(1);
    const asked = s.inputRequests!.asked[0];
    expect(asked).toMatchObject({ tool: 'find_booking', arguments: { guest: 'ada' }, status: 'pass' });
    // The server asks again after a cancel; the report keeps each distinct question once.
    expect(asked.requests).toEqual([{ ...(protocol === '2026-07-28' ? { key: 'date' } : {}), method: 'elicitation/create', message: 'ada has 2 bookings. Which date?', mode: 'form', fields: ['date'], problems: [] }]);
  });

  it('modern-bad: a malformed form fails naming what is wrong, a sampling request warns as deprecated; a tool that may write is not called', () => {
    const input = server('modern-bad').inputRequests!;
    expect(input.notCalled).toEqual(['export_all']);
    const byTool = Object.fromEntries(input.asked.map((a) => [a.tool, a]));
    expect(Object.keys(byTool).sort()).toEqual(['pick_color', 'summarise_notes']);
    expect(byTool.pick_color.status).toBe('fail');
    expect(byTool.pick_color.requests[0].problems).toEqual(['no message: the user would see a form without being told what it is for', 'property "color" is a nested object; a form takes only primitive properties']);
    expect(byTool.summarise_notes).toMatchObject({ status: 'warn', requests: [{ key: 'summary', method: 'sampling/createMessage', deprecated: true }] });
    expect(server('modern-bad').status).toBe('fail');
  });

  it('text and Markdown list every tool that asks', () => {
    expect(text.code).toBe(1);
    expect(text.stdout).toMatch(/input requests\s+1 of 3 tool\(s\) called ask for input; 1 not called/);
    expect(text.stdout).toMatch(/pick_color\s+fail\s+a malformed input request \("color"\): no message/);
    expect(text.stdout).toMatch(/summarise_notes\s+warn\s+asks the client for a model completion \(sampling\)/);
    const markdown = markdownProbe(result)!.text;
    expect(markdown).toContain('Tools that ask for input (4)');
    expect(markdown).toMatch(/\| front-desk \| find_booking \| ada has 2 bookings\. Which date\? \| date \| pass \|/);
    expect(markdown).toMatch(/\| modern-bad \| pick_color \|/);
  });
});
