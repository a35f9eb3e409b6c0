/**
 * `toolvet report FILE --pr-comment` as a workflow runs it: the real CLI (bin/toolvet.js) against a
 * fake of GitHub's issue-comment API on 127.0.0.1 that records every request. Run twice, it creates
 * one comment and then updates that same one; it finds ours on a later page; outside a pull request
 * or without a token it says so and exits 0; a 403 is a clear error; the token is never printed.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { fixture, runCli, type CliRun } from '../../cli/testing.ts';
import { MARKER } from './comment-body.ts';
import { startFakeGitHub, type FakeGitHub } from './fake-github-api.ts';

const TOKEN = 'ghs_fakeTokenOnlyForThisTest_4f9a1c';
const REPO = 'octo-org/octo-repo';
const PR = 7;

let dir: string;
let resultFile: string;
let fake: FakeGitHub | undefined;

/** The GitHub Actions environment of a `pull_request` run, every inherited GITHUB_* variable replaced. */
function prEnv(api: string, event: object = { pull_request: { number: PR, head: { repo: { full_name: REPO } }, base: { repo: { full_name: REPO } } } }): Record<string, string> {
  const eventFile = join(dir, `event-${Math.random().toString(36).slice(2)}.json`);
  writeFileSync(eventFile, JSON.stringify(event));
  return {
    GITHUB_ACTIONS: '',
    GITHUB_STEP_SUMMARY: '',
    GITHUB_EVENT_NAME: 'pull_request',
    GITHUB_EVENT_PATH: eventFile,
    GITHUB_REPOSITORY: REPO,
    GITHUB_API_URL: api,
    GITHUB_TOKEN: TOKEN,
  };
}

const comment = (env: Record<string, string | undefined>, ...extra: string[]): Promise<CliRun> => runCli(['report', resultFile, '--pr-comment', ...extra], { env, cwd: dir });

function expectNoToken(run: CliRun): void {
  expect(run.stdout).not.toContain(TOKEN);
  expect(run.stderr).not.toContain(TOKEN);
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'toolvet-pr-comment-'));
  resultFile = join(dir, 'result.json');
  // A real result: the echo fixture server's query set, offline mock model.
  const run = await runCli(['eval', '--config', fixture('hosts/example.json'), '--server', 'echo', '--queries', fixture('queries/echo.yaml'), '--json', resultFile, '--min-accuracy', '0.5'], { cwd: dir });
  expect(run.code, run.stderr).toBe(0);
}, 120_000);

afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('toolvet report --pr-comment', () => {
  it('creates one comment on the first run and updates that same comment on the second', async () => {
    fake = await startFakeGitHub();
    // Someone else's comment, and a reply quoting ours: neither is ours to update.
    fake.seed(PR, 'Looks good to me');
    const quoting = fake.seed(PR, `> ${MARKER}\n> ### toolvet PASS\n\nnice`);

    const first = await comment(prEnv(fake.url));
    expect(first.code, first.stderr).toBe(0);
    expect(first.stdout).toBe('');
    const created = fake.comments.get(PR)!.at(-1)!;
    expect(first.stderr).toContain(`toolvet report --pr-comment: created comment ${created.id} on ${REPO}#${PR}`);

    const second = await comment(prEnv(fake.url));
    expect(second.code, second.stderr).toBe(0);
    expect(second.stderr).toContain(`toolvet report --pr-comment: updated comment ${created.id} on ${REPO}#${PR}`);

    const calls = fake.requests.map((r) => `${r.method} ${r.url}`);
    expect(calls).toEqual([
      `GET /repos/${REPO}/issues/${PR}/comments?per_page=100`,
      `POST /repos/${REPO}/issues/${PR}/comments`,
      `GET /repos/${REPO}/issues/${PR}/comments?per_page=100`,
      `PATCH /repos/${REPO}/issues/comments/${created.id}`,
    ]);
    for (const r of fake.requests) {
      expect(r.headers.authorization).toBe(`Bearer ${TOKEN}`);
      expect(r.headers.accept).toBe('application/vnd.github+json');
      expect(r.headers['x-github-api-version']).toBe('2022-11-28');
    }
    const [posted, patched] = fake.requests.filter((r) => r.method !== 'GET').map((r) => (JSON.parse(r.body) as { body: string }).body);
    expect(posted.startsWith(`${MARKER}\n### ✅ Toolvet PASS · eval · 6 cases`)).toBe(true);
    expect(patched).toBe(posted);
    // One comment of ours; the others untouched.
    expect(fake.comments.get(PR)!.filter((c) => c.body.startsWith(MARKER))).toHaveLength(1);
    expect(fake.comments.get(PR)!.find((c) => c.id === quoting.id)!.body.startsWith('> ')).toBe(true);
    expectNoToken(first);
    expectNoToken(second);
  }, 60_000);

  it('finds our comment on the second page of the list, following the Link header', async () => {
    fake = await startFakeGitHub({ pageSize: 2 });
    for (const text of ['first', 'second', 'third']) fake.seed(PR, text);
    const ours = fake.seed(PR, `${MARKER}\nold report`, 'github-actions[bot]');
    fake.seed(PR, 'after ours');

    const run = await comment(prEnv(fake.url));
    expect(run.code, run.stderr).toBe(0);
    expect(fake.requests.map((r) => `${r.method} ${r.url}`)).toEqual([
      `GET /repos/${REPO}/issues/${PR}/comments?per_page=100`,
      `GET /repos/${REPO}/issues/${PR}/comments?per_page=2&page=2`,
      `PATCH /repos/${REPO}/issues/comments/${ours.id}`,
    ]);
    expect(ours.body).toContain('### ✅ Toolvet PASS');
    expect(fake.comments.get(PR)).toHaveLength(5);
  }, 60_000);

  it('without a pull request or a token it says so on stderr, exits 0 and sends nothing', async () => {
    fake = await startFakeGitHub();
    const noEvent = await comment({ ...prEnv(fake.url), GITHUB_EVENT_PATH: '' });
    expect(noEvent.code).toBe(0);
    expect(noEvent.stderr).toContain('toolvet report --pr-comment: no comment posted: no pull request: $GITHUB_EVENT_PATH is not set');

    const push = await comment({ ...prEnv(fake.url, { ref: 'refs/heads/main' }), GITHUB_EVENT_NAME: 'push' });
    expect(push.code).toBe(0);
    expect(push.stderr).toContain('no comment posted: no pull request: push is not a pull request event');

    const noToken = await comment({ ...prEnv(fake.url), GITHUB_TOKEN: '' }, '--pr', '12');
    expect(noToken.code).toBe(0);
    expect(noToken.stderr).toContain('no comment posted: no token: $GITHUB_TOKEN is not set, so pull request #12 cannot be commented on');

    expect(fake.requests).toEqual([]);
    for (const run of [noEvent, push, noToken]) expect(run.stdout).toBe('');
  }, 60_000);

  it('a 403 is E_GITHUB_API naming the status and the permission the workflow needs; the token stays hidden', async () => {
    // GitHub's message here repeats the token, so printing it unredacted would leak it.
    fake = await startFakeGitHub({ fail: { method: 'POST', status: 403, message: `Resource not accessible by integration (${TOKEN})` } });
    const run = await comment(prEnv(fake.url));
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(`toolvet: E_GITHUB_API: GitHub answered 403 Forbidden to POST ${fake.url}/repos/${REPO}/issues/${PR}/comments: Resource not accessible by integration (***)`);
    expect(run.stderr).toContain('next: the workflow needs `permissions: pull-requests: write`');
    expectNoToken(run);
  }, 60_000);

  it('--pr must be a number, and needs --pr-comment', async () => {
    const bad = await comment({ GITHUB_TOKEN: TOKEN }, '--pr', '7a');
    expect(bad.code).toBe(3);
    expect(bad.stderr).toContain("option '--pr <n>' argument '7a' is invalid. must be a whole number of at least 1");
    const alone = await runCli(['report', resultFile, '--pr', '7'], { cwd: dir });
    expect(alone.code).toBe(3);
    expect(alone.stderr).toContain('E_USAGE: --pr names the pull request for --pr-comment, which was not given');
  }, 60_000);
});
