/**
 * What a stdio server gets of the parent's environment: the SDK's safe defaults, the temporary-folder
 * variables (so a server writes its temporary files where the user or CI chose, not to /tmp), and the
 * entry's own env; never another variable of the parent's, such as a key.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { ServerConnection } from './server-connection.ts';
import { defaultEnvironment, STDIO_MAX_LINE_BYTES } from './spawn-env.ts';
import { tempDir } from '../testing/temp-dir.ts';

const script = fileURLToPath(new URL('../../fixtures/faults/report-env.mjs', import.meta.url));
const saved = { TMPDIR: process.env.TMPDIR, secret: process.env.TOOLVET_TEST_PARENT_SECRET };

afterEach(() => {
  for (const [key, value] of [['TMPDIR', saved.TMPDIR], ['TOOLVET_TEST_PARENT_SECRET', saved.secret]] as const) {
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
});

describe('the environment of a spawned server', () => {
  it('passes TMPDIR on, and no other variable of the parent', async () => {
    const dir = tempDir('toolvet-server-env-');
    const chosen = tempDir('toolvet-chosen-tmp-');
    const report = join(dir, 'env.json');
    process.env.TMPDIR = chosen;
    process.env.TOOLVET_TEST_PARENT_SECRET = 'sk-parent-only-value';
    const connection = await ServerConnection.start('report-env', { command: process.execPath, args: [script], env: { REPORT_FILE: report } });
    try {
      expect((await connection.listTools()).map((t) => t.name)).toEqual(['get_status']);
      expect(JSON.parse(readFileSync(report, 'utf8'))).toEqual({ tmpdir: chosen, secret: null });
    } finally {
      await connection.close();
    }
  }, 60_000);

  it('is the SDK\'s default environment, known without loading the SDK (spawn-env.ts)', async () => {
    const { getDefaultEnvironment } = await import('@modelcontextprotocol/client/stdio');
    const { STDIO_DEFAULT_MAX_BUFFER_SIZE } = await import('@modelcontextprotocol/client');
    const saved = { ...process.env };
    try {
      // A shell function is never passed on; an unset variable is left out; the rest as they are.
      Object.assign(process.env, { SHELL: '() { :; }; echo pwned', TERM: 'xterm-256color', LOGNAME: 'ada', TOOLVET_TEST_PARENT_SECRET: 'sk-parent-only-value' });
      delete process.env.USER;
      expect(defaultEnvironment()).toEqual(getDefaultEnvironment());
    } finally {
      for (const key of Object.keys(process.env)) if (!(key in saved)) delete process.env[key];
      Object.assign(process.env, saved);
    }
    expect(STDIO_MAX_LINE_BYTES).toBe(STDIO_DEFAULT_MAX_BUFFER_SIZE);
  });

  it('a command that does not exist fails the start as it did before the process started ahead of the SDK', async () => {
    await expect(ServerConnection.start('ghost', { command: 'toolvet-no-such-command', args: [] })).rejects.toMatchObject({
      code: 'E_SERVER_START',
      message: expect.stringContaining('server "ghost" exited before it finished starting') as unknown as string,
    });
  });
});
