import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { clearSecrets, redactSecrets } from '../../safety/secrets.ts';
import { resolvePrContext } from './context.ts';

const dir = mkdtempSync(join(tmpdir(), 'toolvet-pr-context-'));
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
  clearSecrets();
});
let n = 0;
const eventFile = (event: unknown): string => {
  const file = join(dir, `event-${n++}.json`);
  writeFileSync(file, typeof event === 'string' ? event : JSON.stringify(event));
  return file;
};
const pr = (number: unknown, head = 'o/r', base = 'o/r'): object => ({ pull_request: { number, head: { repo: { full_name: head } }, base: { repo: { full_name: base } } } });
const BASE = { GITHUB_TOKEN: 'ghs_contextTestToken', GITHUB_REPOSITORY: 'o/r', GITHUB_EVENT_NAME: 'pull_request' };

describe('resolvePrContext', () => {
  it.each([
    ['the event names the PR', { GITHUB_EVENT_PATH: eventFile(pr(7)) }, undefined, { pr: 7, apiUrl: 'https://api.github.com' }],
    ['--pr wins over the event', { GITHUB_EVENT_PATH: eventFile(pr(7)) }, '9', { pr: 9 }],
    ['--pr without any event', {}, '3', { pr: 3 }],
    ['GitHub Enterprise API, trailing slash dropped', { GITHUB_EVENT_PATH: eventFile(pr(1)), GITHUB_API_URL: 'https://ghe.example.com/api/v3/' }, undefined, { apiUrl: 'https://ghe.example.com/api/v3' }],
    ['http to this machine', { GITHUB_API_URL: 'http://127.0.0.1:8080' }, '1', { apiUrl: 'http://127.0.0.1:8080' }],
    ['a fork under pull_request_target may comment', { GITHUB_EVENT_NAME: 'pull_request_target', GITHUB_EVENT_PATH: eventFile(pr(4, 'fork/r')) }, undefined, { pr: 4 }],
  ])('ready: %s', (_name, env, flag, expected) => {
    const context = resolvePrContext({ ...BASE, ...env }, flag);
    expect(context.kind).toBe('ready');
    if (context.kind === 'ready') expect(context.target).toMatchObject({ owner: 'o', repo: 'r', token: BASE.GITHUB_TOKEN, ...expected });
  });

  it.each([
    ['no event file and no --pr', { GITHUB_EVENT_PATH: '' }, undefined, 'no pull request: $GITHUB_EVENT_PATH is not set'],
    ['a push event', { GITHUB_EVENT_NAME: 'push', GITHUB_EVENT_PATH: eventFile({ ref: 'refs/heads/main' }) }, undefined, 'no pull request: push is not a pull request event'],
    ['pull_request.number is not a number', { GITHUB_EVENT_PATH: eventFile(pr('7')) }, undefined, 'is not a pull request event'],
    ['a fork under pull_request', { GITHUB_EVENT_PATH: eventFile(pr(5, 'fork/r')) }, undefined, 'pull request #5 comes from a fork (fork/r)'],
    ['no token', { GITHUB_TOKEN: '' }, '2', 'no token: $GITHUB_TOKEN is not set, so pull request #2'],
    ['no repository', { GITHUB_REPOSITORY: undefined }, '2', 'no repository: $GITHUB_REPOSITORY (owner/name) is not set'],
  ])('none: %s', (_name, env, flag, reason) => {
    const context = resolvePrContext({ ...BASE, ...env }, flag);
    expect(context.kind).toBe('none');
    if (context.kind === 'none') expect(context.reason).toContain(reason);
  });

  it.each([
    ['--pr 0', {}, '0', 'E_USAGE', '--pr must be a pull request number'],
    ['--pr 1.5', {}, '1.5', 'E_USAGE', '--pr must be a pull request number'],
    ['repository without a slash', { GITHUB_REPOSITORY: 'octo' }, '1', 'E_USAGE', '$GITHUB_REPOSITORY must be owner/name'],
    ['plain http to another host', { GITHUB_API_URL: 'http://api.example.com' }, '1', 'E_USAGE', 'must be https'],
    ['credentials in the API URL', { GITHUB_API_URL: 'https://u:p@api.example.com' }, '1', 'E_USAGE', 'plain base address'],
    ['not a URL', { GITHUB_API_URL: 'api.github.com' }, '1', 'E_USAGE', 'is not a URL'],
    ['an event file that is not JSON', { GITHUB_EVENT_PATH: eventFile('{oops') }, undefined, 'E_FILE_PARSE', 'is not JSON'],
    ['an event file that is not there', { GITHUB_EVENT_PATH: join(dir, 'absent.json') }, undefined, 'E_FILE_UNREADABLE', 'cannot read the event file'],
  ])('error: %s', (_name, env, flag, code, message) => {
    expect(() => resolvePrContext({ ...BASE, ...env }, flag)).toThrow(expect.objectContaining({ code, message: expect.stringContaining(message) }));
  });

  it('registers the token as a secret even when there is nothing to post to', () => {
    clearSecrets();
    resolvePrContext({ GITHUB_TOKEN: 'ghs_registeredEvenIfUnused' });
    expect(redactSecrets('token ghs_registeredEvenIfUnused')).toBe('token ***');
  });
});
