import { writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ToolvetError } from '../errors.ts';
import { redactSecrets } from '../safety/secrets.ts';
import { loadHostConfig, selectServers } from './host-config.ts';
import { tempDir } from '../testing/temp-dir.ts';

function tempConfig(content: unknown): { dir: string; file: string } {
  const dir = tempDir('toolvet-host-');
  mkdirSync(join(dir, 'servers'));
  writeFileSync(join(dir, 'servers', 'a.mjs'), '');
  const file = join(dir, 'host.json');
  writeFileSync(file, typeof content === 'string' ? content : JSON.stringify(content));
  return { dir, file };
}

function loadError(content: unknown): ToolvetError {
  const { file } = tempConfig(content);
  try {
    loadHostConfig(file);
  } catch (error) {
    return error as ToolvetError;
  }
  throw new Error('expected the config to be refused');
}

describe('loadHostConfig', () => {
  it('reads Claude Desktop, VS Code and bare shapes alike, resolving relative script paths and reporting them', () => {
    const entry = { command: 'node', args: ['servers/a.mjs', '--flag'] };
    for (const [content, shape] of [
      [{ mcpServers: { a: entry } }, 'mcpServers'],
      [{ servers: { a: { type: 'stdio', ...entry } }, inputs: [] }, 'servers'],
      [{ a: entry }, 'bare'],
    ] as const) {
      const { dir, file } = tempConfig(content);
      const config = loadHostConfig(file);
      expect(config.shape).toBe(shape);
      expect(config.servers.a).toEqual({ command: 'node', args: [join(dir, 'servers', 'a.mjs'), '--flag'] });
      expect(config.resolved).toEqual([{ server: 'a', field: 'args[0]', from: 'servers/a.mjs', to: join(dir, 'servers', 'a.mjs') }]);
    }
  });

  it('reads remote entries in the shapes of Claude Code, VS Code and Cursor', () => {
    const { file } = tempConfig({
      mcpServers: {
        claude: { type: 'http', url: 'https://example.com/mcp', headers: { Authorization: 'Bearer abc-123-token' } },
        legacy: { type: 'sse', url: 'https://example.com/sse' },
        cursor: { url: 'https://example.com/mcp', headers: { 'X-Api-Key': 'key-456789' } },
        cursorSse: { url: 'https://example.com/v1/sse' },
        off: { type: 'http', url: 'https://example.com/mcp', disabled: true },
      },
    });
    const config = loadHostConfig(file);
    expect(config.servers.claude).toEqual({ transport: 'http', url: 'https://example.com/mcp', headers: { Authorization: 'Bearer abc-123-token' } });
    expect(config.servers.legacy).toEqual({ transport: 'sse', url: 'https://example.com/sse' });
    expect(config.servers.cursor).toEqual({ transport: 'http', url: 'https://example.com/mcp', headers: { 'X-Api-Key': 'key-456789' } });
    expect(config.servers.cursorSse).toMatchObject({ transport: 'sse' });
    expect(() => selectServers(config, ['off'])).toThrow(/disabled/);
    // VS Code's shape, with its type key.
    const vscode = loadHostConfig(tempConfig({ servers: { web: { type: 'http', url: 'http://127.0.0.1:9/mcp' } }, inputs: [] }).file);
    expect(vscode.servers.web).toEqual({ transport: 'http', url: 'http://127.0.0.1:9/mcp' });
    // Header values are secrets from now on: everything Toolvet writes redacts them.
    expect(redactSecrets('sent Bearer abc-123-token and key-456789')).toBe('sent *** and ***');
  });

  it('expands ${VAR}, ${env:VAR} and ${VAR:-default} in url, headers, env and args', () => {
    process.env.TP_TEST_TOKEN = 'tok-expanded-991';
    process.env.TP_TEST_HOST = '127.0.0.1:8123';
    try {
      const { file } = tempConfig({
        mcpServers: {
          web: { type: 'http', url: 'http://${TP_TEST_HOST}/mcp', headers: { Authorization: 'Bearer ${env:TP_TEST_TOKEN}' } },
          local: { command: 'node', args: ['--port=${TP_TEST_PORT:-4000}'], env: { TOKEN: '${TP_TEST_TOKEN}' } },
        },
      });
      const config = loadHostConfig(file);
      expect(config.servers.web).toEqual({ transport: 'http', url: 'http://127.0.0.1:8123/mcp', headers: { Authorization: 'Bearer tok-expanded-991' } });
      expect(config.servers.local).toEqual({ command: 'node', args: ['--port=4000'], env: { TOKEN: 'tok-expanded-991' } });
      expect(redactSecrets('tok-expanded-991')).toBe('***');
    } finally {
      delete process.env.TP_TEST_TOKEN;
      delete process.env.TP_TEST_HOST;
    }
  });

  it('refuses a missing variable naming it, the file and the field', () => {
    delete process.env.TP_TEST_MISSING;
    const error = loadError({ mcpServers: { web: { type: 'http', url: 'https://example.com/mcp', headers: { Authorization: 'Bearer ${TP_TEST_MISSING}' } } } });
    expect(error.code).toBe('E_ENV_MISSING');
    expect(error.message).toContain('TP_TEST_MISSING');
    expect(error.message).toContain('host.json');
    expect(error.path).toBe('$.mcpServers.web.headers.Authorization');
    expect(error.server).toBe('web');
    expect(error.hint).toContain('export TP_TEST_MISSING=');
    expect(loadError({ servers: { web: { type: 'http', url: 'https://example.com/mcp', headers: { Authorization: '${input:token}' } } } }).code).toBe('E_ENV_MISSING');
  });

  it('refuses a remote entry without a url, with a non-HTTP url, or with credentials in it', () => {
    expect(loadError({ mcpServers: { web: { type: 'http' } } })).toMatchObject({ code: 'E_FILE_INVALID', path: '$.mcpServers.web.url' });
    expect(loadError({ mcpServers: { web: { url: 'ftp://example.com/mcp' } } })).toMatchObject({ code: 'E_FILE_INVALID', path: '$.mcpServers.web.url' });
    const withPassword = loadError({ mcpServers: { web: { url: 'https://user:pa55word-secret@example.com/mcp' } } });
    expect(withPassword).toMatchObject({ code: 'E_FILE_INVALID', path: '$.mcpServers.web.url' });
    expect(withPassword.message).not.toContain('pa55word-secret');
  });

  it('refuses an OAuth issuer that is not an HTTP(S) URL, naming the field (it pins where the client secret may go)', () => {
    const oauth = (issuer: string): unknown => ({ mcpServers: { web: { url: 'https://example.com/mcp', oauth: { clientId: 'ci', clientSecret: 'client-secret-value', issuer } } } });
    expect(loadError(oauth('auth.example.com'))).toMatchObject({ code: 'E_FILE_INVALID', path: '$.mcpServers.web.oauth.issuer' });
    expect(loadError(oauth('file:///etc/passwd'))).toMatchObject({ code: 'E_FILE_INVALID', path: '$.mcpServers.web.oauth.issuer' });
  });

  it('reads the login fields of oauth, and refuses each wrong combination naming its field', () => {
    const web = (oauth: unknown): unknown => ({ mcpServers: { web: { url: 'https://example.com/mcp', oauth } } });
    const { file } = tempConfig(web({ clientMetadataUrl: 'https://example.com/toolvet/client.json', clientId: 'pre', accessTokenEnv: 'WEB_TOKEN', refreshTokenEnv: 'WEB_REFRESH' }));
    expect(loadHostConfig(file).servers.web).toMatchObject({ oauth: { clientMetadataUrl: 'https://example.com/toolvet/client.json', clientId: 'pre', accessTokenEnv: 'WEB_TOKEN' } });
    const rows: Array<[unknown, string]> = [
      [{}, '$.mcpServers.web.oauth'],
      [{ scope: 'read' }, '$.mcpServers.web.oauth'],
      [{ dynamicRegistration: false }, '$.mcpServers.web.oauth'],
      [{ clientSecret: 'client-secret-value' }, '$.mcpServers.web.oauth.clientId'],
      [{ clientId: 'ci', clientSecret: 'client-secret-value', clientMetadataUrl: 'https://example.com/c.json' }, '$.mcpServers.web.oauth.clientMetadataUrl'],
      [{ clientId: 'ci', clientSecret: 'client-secret-value', accessTokenEnv: 'T' }, '$.mcpServers.web.oauth.accessTokenEnv'],
      [{ clientMetadataUrl: 'http://example.com/client.json' }, '$.mcpServers.web.oauth.clientMetadataUrl'],
      [{ clientMetadataUrl: 'https://example.com/' }, '$.mcpServers.web.oauth.clientMetadataUrl'],
      // A token pasted where a variable's name goes is refused by its shape.
      [{ clientId: 'pre', accessTokenEnv: 'eyJhbGciOi.J9-x' }, '$.mcpServers.web.oauth.accessTokenEnv'],
      [{ clientId: 'pre', refreshTokenEnv: '${REFRESH}' }, '$.mcpServers.web.oauth.refreshTokenEnv'],
    ];
    for (const [oauth, path] of rows) expect(loadError(web(oauth)), JSON.stringify(oauth)).toMatchObject({ code: 'E_FILE_INVALID', path });
  });

  it('names the file, the JSON path and the fix for a wrong type', () => {
    const error = loadError({ mcpServers: { a: { command: 'node', args: 'server.js' } } });
    expect(error.code).toBe('E_FILE_INVALID');
    expect(error.path).toBe('$.mcpServers.a.args');
    expect(error.message).toContain('host.json');
    expect(error.hint).toMatch(/"command"/);
  });

  it('names an unknown key', () => {
    const error = loadError({ mcpServers: { a: { command: 'node', argv: [] } } });
    expect(error.code).toBe('E_FILE_INVALID');
    expect(error.path).toBe('$.mcpServers.a.argv');
    expect(error.message).toContain('unknown key "argv"');
  });

  it('gives the line of a JSON syntax error', () => {
    const error = loadError('{\n  "mcpServers": {\n    "a": { "command": "node", }\n  }\n}');
    expect(error.code).toBe('E_FILE_PARSE');
    expect(error.message).toMatch(/line 3/);
  });

  it('refuses an empty file, a folder and a missing file with distinct codes', () => {
    expect(loadError('').code).toBe('E_FILE_PARSE');
    const { dir } = tempConfig({});
    expect(() => loadHostConfig(dir)).toThrow(expect.objectContaining({ code: 'E_FILE_UNREADABLE' }));
    expect(() => loadHostConfig(join(dir, 'nope.json'))).toThrow(expect.objectContaining({ code: 'E_FILE_MISSING' }));
  });

  it('lists the known servers when a name is unknown', () => {
    const { file } = tempConfig({ mcpServers: { alpha: { command: 'node' }, beta: { command: 'node' } } });
    const config = loadHostConfig(file);
    expect(() => selectServers(config, ['gamma'])).toThrow(expect.objectContaining({ code: 'E_UNKNOWN_SERVER', hint: 'known servers: alpha, beta' }));
  });
});
