import { describe, expect, it } from 'vitest';
import { toFile, toTerminal } from './boundary.ts';
import { decodeFileName, encodeFileName, MAX_FILE_NAME } from './file-name.ts';
import { defuseWorkflowCommands, OWN_LINE } from './github.ts';
import { markdownCell, markdownCode, markdownText } from './markdown.ts';
import { clearSecrets, redactSecrets, registerSecret } from './secrets.ts';
import { sanitizeLine, sanitizeTerminal } from './terminal.ts';

const ESC = '\u001b';

describe('terminal medium', () => {
  it.each([
    ['window title (OSC 0)', `${ESC}]0;pwned\u0007`],
    ['clipboard write (OSC 52)', `${ESC}]52;c;ZWNobyBoaQ==\u0007`],
    ['hyperlink (OSC 8)', `${ESC}]8;;https://evil.example${ESC}\\click${ESC}]8;;${ESC}\\`],
    ['screen clear', `${ESC}[2J${ESC}[H`],
    ['conceal (SGR 8)', `${ESC}[8msecret`],
    ['8-bit CSI', '\u009b2J'],
    ['bare carriage return', 'ok\rFAKE'],
    ['bidi override', 'abc\u202edcba'],
  ])('%s is made inert', (_name, payload) => {
    const out = sanitizeTerminal(`before ${payload} after`);
    // eslint-disable-next-line no-control-regex -- the test looks for control characters that survived
    expect(out).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e]/);
    expect(out).toContain('before');
    expect(out).toContain('after');
  });

  // Each bidi control by itself, the isolates' range ends included: a class one short at either end
  // would let U+2066 or U+2069 through.
  it.each([
    ['\u061c', '<U+061C>'],
    ['\u200e', '<U+200E>'],
    ['\u200f', '<U+200F>'],
    ['\u202a', '<U+202A>'],
    ['\u202e', '<U+202E>'],
    ['\u2066', '<U+2066>'],
    ['\u2067', '<U+2067>'],
    ['\u2068', '<U+2068>'],
    ['\u2069', '<U+2069>'],
  ])('bidi control %j reaches the terminal only as %s', (ch, name) => {
    expect(sanitizeTerminal(`a${ch}b`)).toBe(`a${name}b`);
    expect(toTerminal(`a${ch}b`)).toBe(`a${name}b`);
  });

  it('keeps palette colours, newlines and tabs', () => {
    const text = `${ESC}[31mred${ESC}[39m\n\t${ESC}[1;36mbold cyan${ESC}[0m`;
    expect(sanitizeTerminal(text)).toBe(text);
  });

  it('one-line fields cannot start a new line', () => {
    expect(sanitizeLine('1.0\n::error::fake')).toBe('1.0\u23ce::error::fake');
  });
});

describe('GitHub workflow medium', () => {
  it.each([
    '::error title=x::fake failure',
    '  ::stop-commands::token',
    '::add-mask::x',
    'text ##[error]legacy',
  ])('an untrusted line %j starts no command', (line) => {
    const out = defuseWorkflowCommands(`ok\n${line}\n`);
    for (const l of out.split('\n')) {
      expect(l.trimStart().startsWith('::')).toBe(false);
      expect(l).not.toContain('##[');
    }
  });

  it('our own marked annotation passes unchanged', () => {
    expect(defuseWorkflowCommands(`${OWN_LINE}::error title=t::m\n::warning::x`)).toBe('::error title=t::m\n:\u200b:warning::x');
  });
});

describe('Markdown medium', () => {
  it.each([
    ['remote image', '![x](https://tracker.example/p.png)', /!\[/],
    ['html image', '<img src=https://tracker.example/p.png>', /<img/],
    ['mention', 'ping @octocat now', /@octocat/],
    ['team mention', '@org/team', /@org/],
    ['bare CR', 'a\rb', /\r/],
  ])('%s stays text', (_name, payload, forbidden) => {
    expect(markdownText(payload)).not.toMatch(forbidden);
    expect(markdownCell(payload)).not.toMatch(forbidden);
  });

  it('table cells stay one cell', () => {
    expect(markdownCell('a | b\nc')).toBe('a \\| b⏎c');
  });

  it('inline code cannot be closed by backticks inside', () => {
    expect(markdownCode('a`b')).toBe('``a`b``');
    expect(markdownCode('`x')).toBe('`` `x ``');
  });
});

describe('file names', () => {
  it.each([['sub/dir'], ['sub_dir'], ['..'], ['.'], [''], ['名前'], ['a%2Fb'], ['__proto__'], ['CON'], ['x'.repeat(20)]])('%j round-trips', (name) => {
    const encoded = encodeFileName(name);
    expect(encoded).toMatch(/^[A-Za-z0-9_%-]+$/);
    expect(decodeFileName(encoded)).toBe(name);
  });

  it('never collides', () => {
    const names = ['sub/dir', 'sub_dir', 'sub%2Fdir', 'sub dir', 'sub.dir', 'a'.repeat(300), `${'a'.repeat(300)}b`];
    expect(new Set(names.map(encodeFileName)).size).toBe(names.length);
  });

  it('caps the length with a hash', () => {
    const long = 'tool_'.repeat(100);
    const encoded = encodeFileName(long);
    expect(encoded.length).toBeLessThanOrEqual(MAX_FILE_NAME);
    expect(decodeFileName(encoded)).toBeUndefined();
    expect(encodeFileName('/'.repeat(300)).length).toBeLessThanOrEqual(MAX_FILE_NAME);
  });
});

describe('known secrets', () => {
  it('are redacted in terminal and file output, also URL-encoded', () => {
    clearSecrets();
    registerSecret('sk-live+key/123');
    expect(toTerminal('key sk-live+key/123 and sk-live%2Bkey%2F123')).toBe('key *** and ***');
    expect(toFile(`x ${ESC}[31msk-live+key/123${ESC}[39m`)).toBe('x ***');
    clearSecrets();
    expect(redactSecrets('sk-live+key/123')).toBe('sk-live+key/123');
  });

  it('ignores values too short to redact safely', () => {
    clearSecrets();
    registerSecret('abc');
    expect(redactSecrets('abc')).toBe('abc');
  });
});
