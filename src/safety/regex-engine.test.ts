/**
 * A catastrophic pattern from a server's schema (`^(a+)+$`, default 30 a's and a "b": minutes for a
 * backtracking engine) cannot hang lint, eval or bench: every Ajv that meets server schemas runs
 * patterns on RE2 (re2js). Through the CLI against a live fixture server; the vitest timeout is the
 * bound, far below what the native engine needs.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { fixture, runCli } from '../cli/testing.ts';
import { startFaultEndpoint } from '../models/testing/fault-endpoint.ts';
import * as reply from '../models/testing/replies.ts';
import { linearRegExp, unverifiableReason } from './regex-engine.ts';

const EVIL = `${'a'.repeat(30)}b`;
const dir = mkdtempSync(path.join(os.tmpdir(), 'toolvet-regex-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const host = path.join(dir, 'host.json');
writeFileSync(host, JSON.stringify({ mcpServers: { catastrophic: { command: process.execPath, args: [fixture('servers/faults/catastrophic-pattern.mjs')] } } }));

describe('the linear regex engine', () => {
  it('matches like RegExp, rejects the catastrophic input at once, and bounds patterns RE2 cannot take', () => {
    const started = performance.now();
    expect(linearRegExp('^(a+)+$', 'u').test(EVIL)).toBe(false);
    expect(linearRegExp('^(a+)+$', 'u').test('aaaa')).toBe(true);
    expect(performance.now() - started).toBeLessThan(5_000); // generous: native takes minutes
    expect(linearRegExp('^[A-Z]{2}-\\d{4}$', 'u').test('AB-1234')).toBe(true);
  });

  it('never runs a pattern RE2 refuses on a backtracking engine: it is unverifiable, and its check is skipped', () => {
    // A lookahead put in front of a catastrophic pattern: RE2 refuses it, V8 would take minutes.
    const evil = linearRegExp('^(?=a)(a+)+$', 'u');
    expect(String(evil)).toMatch(/^unverifiable:/);
    expect(evil.test(EVIL)).toBe(true);
    expect(evil.test(`${'a'.repeat(200)}b`)).toBe(true);
    expect(linearRegExp('^(?!tmp).*$', 'u').test('tmpfile')).toBe(true); // skipped, not judged
    expect(unverifiableReason('^(?=a)(a+)+$')).toBeDefined();
    expect(unverifiableReason('^(a)\\1$')).toBeDefined();
    expect(unverifiableReason('^(a+)+$')).toBeUndefined();
  });

  it('through Ajv, each pattern judges its own property (Ajv keys compiled patterns by their string form)', async () => {
    const { checkArguments } = await import('../scoring/schema-check.ts');
    const schema = { type: 'object', properties: { code: { type: 'string', pattern: '^(a+)+$' }, id: { type: 'string', pattern: '^[0-9]+$' } } };
    expect(checkArguments(schema, { code: 'aaa', id: '42' }).valid).toBe(true);
    expect(checkArguments(schema, { code: 'xyz' }).valid).toBe(false);
    expect(checkArguments(schema, { id: 'abc' }).valid).toBe(false);
    expect(checkArguments(schema, { code: EVIL }).valid).toBe(false);
  });
});

describe('a catastrophic pattern through the CLI', () => {
  it('lint notes a lookahead pattern as unverifiable and checks nothing against it, without hanging', async () => {
    // 79 s on 30 characters when RE2-refused patterns fell back to V8 (inputs up to 256 characters).
    const tools = path.join(dir, 'lookahead.json');
    const code = { type: 'string', pattern: '^(?=a)(a+)+$', default: EVIL, description: 'The product code.' };
    writeFileSync(tools, JSON.stringify({ tools: [{ name: 'lookup_code', description: 'Look up a product code. Call when the user asks about a code.', inputSchema: { type: 'object', properties: { code }, required: [] } }] }));
    const run = await runCli(['lint', '--tools', tools, '--format', 'json'], { timeoutMs: 60_000 });
    expect(run.signal).toBeNull();
    const findings = (JSON.parse(run.stdout) as { lint: { findings: Array<{ ruleId: string; path: string; severity: string }> } }).lint.findings;
    expect(findings.filter((f) => f.ruleId === 'pattern-verifiable').map((f) => [f.path, f.severity])).toEqual([['$.inputSchema.properties.code.pattern', 'info']]);
    expect(findings.filter((f) => f.ruleId === 'default-valid')).toEqual([]);
  }, 120_000);

  it('lint reports the default that breaks its pattern, without hanging', async () => {
    const run = await runCli(['lint', '--config', host, '--format', 'json'], { timeoutMs: 60_000 });
    expect(run.signal).toBeNull();
    expect(run.stdout).toContain('default-valid');
  }, 120_000);

  it('eval validates a model call carrying the catastrophic value, without hanging', async () => {
    const endpoint = await startFaultEndpoint(() => reply.toolCall('lookup_code', { code: EVIL }));
    try {
      const queries = path.join(dir, 'q.yaml');
      writeFileSync(queries, 'cases:\n  - id: c1\n    query: "look up code aaab"\n    expect:\n      tool: lookup_code\n');
      const json = path.join(dir, 'eval.json');
      const run = await runCli(['eval', '--config', host, '--queries', queries, '--base-url', endpoint.url, '--model-name', 'm', '--retries', '0', '--json', json], { timeoutMs: 60_000 });
      expect(run.signal).toBeNull();
      const result = JSON.parse(readFileSync(json, 'utf8')) as { cases: Array<{ state: string; reason: string }> };
      // The call's arguments break the tool's own pattern: the case fails on schema validity, promptly.
      expect(result.cases[0].state).toBe('failed');
      expect(result.cases[0].reason).toMatch(/pattern/);
    } finally {
      await endpoint.close();
    }
  }, 120_000);

  it('bench builds and checks arguments from the schema, without hanging', async () => {
    const run = await runCli(['bench', '--config', host, '--starts', '1', '--iterations', '3', '--time', '50', '--task', 'tools-call'], { timeoutMs: 90_000 });
    expect(run.signal).toBeNull();
    expect([0, 1, 2]).toContain(run.code);
  }, 120_000);
});
