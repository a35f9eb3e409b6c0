/**
 * The token cache on real files in a folder of the test's own: where it lives, what it keeps per
 * server URL and issuer, the folder's permissions, and files it cannot read.
 */
import { chmodSync, mkdirSync, readdirSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ToolvetError } from '../errors.ts';
import { redactSecrets } from '../safety/secrets.ts';
import { tempDir } from '../testing/temp-dir.ts';
import { TokenCache, tokenCacheDir, type CachedLogin } from './token-cache.ts';

const URL_A = 'https://mcp.example.com/mcp';
const login = (issuer: string, access: string, extra: Partial<CachedLogin> = {}): CachedLogin => ({
  serverUrl: URL_A,
  issuer,
  tokens: { access_token: access, token_type: 'Bearer', refresh_token: `${access}-refresh` },
  savedAt: 1,
  ...extra,
});

describe('tokenCacheDir', () => {
  it('follows XDG_CACHE_HOME when absolute, else ~/.cache (a relative XDG_CACHE_HOME is ignored, as the spec says)', () => {
    expect(tokenCacheDir({ XDG_CACHE_HOME: '/x/cache', HOME: '/home/u' })).toBe('/x/cache/toolvet/oauth');
    expect(tokenCacheDir({ XDG_CACHE_HOME: 'rel/cache', HOME: '/home/u' })).toBe('/home/u/.cache/toolvet/oauth');
    expect(tokenCacheDir({ HOME: '/home/u' })).toBe('/home/u/.cache/toolvet/oauth');
  });
});

describe('TokenCache', () => {
  it('keeps one login per issuer in one 0600 file per server URL; reads by issuer or the last saved; forgets one at a time', () => {
    const cache = new TokenCache(join(tempDir('toolvet-cache-'), 'oauth'));
    cache.save(login('https://as-one.example.com', 'access-one-123456'));
    cache.save(login('https://as-two.example.com', 'access-two-123456'));
    expect(readdirSync(cache.dir)).toHaveLength(1);
    expect(statSync(cache.fileFor(URL_A)).mode & 0o777).toBe(0o600);
    expect(statSync(cache.dir).mode & 0o777).toBe(0o700);
    expect(cache.read(URL_A, 'https://as-one.example.com')?.tokens.access_token).toBe('access-one-123456');
    expect(cache.read(URL_A)?.issuer).toBe('https://as-two.example.com');
    expect(cache.read('https://other.example.com/mcp')).toBeUndefined();
    cache.remove(URL_A, 'https://as-two.example.com');
    expect(cache.read(URL_A)?.issuer).toBe('https://as-one.example.com');
    cache.remove(URL_A, 'https://as-one.example.com');
    expect(readdirSync(cache.dir)).toEqual([]);
  });

  it('registers every token it reads or saves as a secret', () => {
    const cache = new TokenCache(join(tempDir('toolvet-cache-'), 'oauth'));
    cache.save(login('https://as.example.com', 'access-registered-9f8e7d'));
    expect(redactSecrets('token access-registered-9f8e7d and access-registered-9f8e7d-refresh')).toBe('token *** and ***');
  });

  it('tightens a folder others could read to 0700; refuses one that is a link', () => {
    const root = tempDir('toolvet-cache-');
    const loose = join(root, 'loose');
    mkdirSync(loose, { mode: 0o755 });
    chmodSync(loose, 0o755);
    new TokenCache(loose).save(login('https://as.example.com', 'access-loose-123456'));
    expect(statSync(loose).mode & 0o777).toBe(0o700);
    const linked = join(root, 'linked');
    symlinkSync(loose, linked);
    let error: unknown;
    try {
      new TokenCache(linked).save(login('https://as.example.com', 'access-link-123456'));
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ToolvetError);
    expect(error).toMatchObject({ code: 'E_OUTPUT_UNWRITABLE', file: linked });
  });

  it('a file that does not parse: reading it names the file and says to delete it; --status lists the rest', () => {
    const cache = new TokenCache(join(tempDir('toolvet-cache-'), 'oauth'));
    cache.save({ ...login('https://as.example.com', 'access-good-123456'), serverUrl: 'https://good.example.com/mcp' });
    writeFileSync(cache.fileFor(URL_A), '{"version": 1, "serverUrl": ');
    expect(() => cache.read(URL_A)).toThrow(expect.objectContaining({ code: 'E_FILE_PARSE', file: cache.fileFor(URL_A), hint: expect.stringContaining('delete that file') }));
    const unreadable: Array<{ file: string; reason: string }> = [];
    expect(cache.list(unreadable).map((l) => l.serverUrl)).toEqual(['https://good.example.com/mcp']);
    expect(unreadable.map((u) => u.file)).toEqual([cache.fileFor(URL_A)]);
  });

  it('a file of another shape (a future version) is no login, not an error', () => {
    const cache = new TokenCache(join(tempDir('toolvet-cache-'), 'oauth'));
    mkdirSync(cache.dir, { recursive: true });
    writeFileSync(cache.fileFor(URL_A), JSON.stringify({ version: 2, serverUrl: URL_A, logins: {} }));
    expect(cache.read(URL_A)).toBeUndefined();
  });
});
