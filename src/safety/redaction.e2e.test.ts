/**
 * Secrets through the CLI in the forms they take on the way out, and at the edge of a clip: a header
 * value with CR LF inside (refused by fetch, whose message quotes it, and JSON-escaped in the result
 * file), and a secret a server prints where the stderr tail cuts its line. Nothing of either secret,
 * not even a prefix, may reach stdout, stderr or the `--output` file.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixture, runCli } from '../cli/testing.ts';

let dir = '';
beforeAll(() => void (dir = mkdtempSync(join(tmpdir(), 'toolvet-redaction-'))));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Every 8-character piece of `secret`, so a clipped prefix or a partial echo is caught too. */
function expectNoPieceOf(secret: string, where: string, text: string): void {
  for (let at = 0; at + 8 <= secret.length; at++) expect(text.includes(secret.slice(at, at + 8)) ? `${where} holds "${secret.slice(at, at + 8)}"` : '').toBe('');
}

describe('redaction before escaping and before clipping', () => {
  it('a header value with CR LF inside appears nowhere, raw or JSON-escaped', async () => {
    const value = 'Bearer tok-4b1d9e7f\r\nX-Injected: crlf-secret-5e8a2c';
    const config = join(dir, 'crlf.json');
    writeFileSync(config, JSON.stringify({ mcpServers: { web: { type: 'http', url: 'http://127.0.0.1:9/mcp', headers: { Authorization: '${CRLF_TOKEN}' } } } }));
    const out = join(dir, 'crlf-lint.json');
    const run = await runCli(['lint', '--config', config, '--format', 'json', '--output', out], { cwd: dir, env: { CRLF_TOKEN: value } });
    expect(run.code).toBe(2);
    const written = readFileSync(out, 'utf8');
    expect(written).toContain('***');
    for (const [where, text] of [['stdout', run.stdout], ['stderr', run.stderr], ['--output', written]]) {
      expectNoPieceOf('crlf-secret-5e8a2c', where, text);
      expectNoPieceOf('tok-4b1d9e7f', where, text);
    }
  });

  it('a secret a server prints where the stderr tail cuts its line is redacted, not clipped into a prefix', async () => {
    const secret = 'planted-clip-secret-93f1c2ab';
    const config = join(dir, 'clip.json');
    // The line is cut at 500 characters: the secret starts at 480 and would lose its last 8.
    writeFileSync(config, JSON.stringify({ mcpServers: { leaky: { command: process.execPath, args: [fixture('servers/faults/secret-at-clip.mjs')], env: { PLANTED: '${PLANTED_TOKEN}', PAD: '480' } } } }));
    const out = join(dir, 'clip-lint.json');
    const run = await runCli(['lint', '--config', config, '--format', 'json', '--output', out], { cwd: dir, env: { PLANTED_TOKEN: secret } });
    expect(run.code).toBe(2);
    const written = readFileSync(out, 'utf8');
    expect(written).toMatch(/x{400}\*\*\*/);
    for (const [where, text] of [['stdout', run.stdout], ['stderr', run.stderr], ['--output', written]]) expectNoPieceOf(secret, where, text);
  });
});
