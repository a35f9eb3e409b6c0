/**
 * action.yml run as the GitHub runner runs it (src/package/composite-runner.ts), in a project in a
 * temporary folder whose toolvet is this repository and whose suite runs the fixture servers with
 * the mock model, against a fake of GitHub's comment API on 127.0.0.1. One job with a failing suite:
 * the summary, the HTML report and the comment still come, and the action fails at its gate. Then
 * two shards and a merge job: the merged report updates the same comment, and the action passes.
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync, chmodSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, fixture, ROOT } from '../cli/testing.ts';
import { MARKER } from '../report/pr-comment/comment-body.ts';
import { startFakeGitHub, type FakeGitHub } from '../report/pr-comment/fake-github-api.ts';
import { runComposite, type ActionRun } from './composite-runner.ts';
import { userEnv } from './consumer-project.ts';

const TOKEN = 'ghs_actionRunTestToken_93b1e0';
const REPO = 'octo-org/octo-repo';
const PR = 31;

let dir: string;
let ws: string;
let fake: FakeGitHub;

const suite = (queries: string, min: number): string => `import { expect, it } from 'vitest';
import { evalSelection, recordResult } from 'toolvet/vitest';
it('selection', { timeout: 300_000 }, async ({ task }) => {
  const result = await evalSelection({ config: ${JSON.stringify(fixture('hosts/example.json'))}, servers: [${JSON.stringify(queries)}], queries: [${JSON.stringify(fixture(`queries/${queries}.yaml`))}] });
  recordResult(task, result);
  expect(result).toHaveAccuracyAtLeast(${min});
});
`;

function run(inputs: Record<string, string>): Promise<ActionRun> {
  const event = join(dir, 'event.json');
  writeFileSync(event, JSON.stringify({ pull_request: { number: PR, head: { repo: { full_name: REPO } }, base: { repo: { full_name: REPO } } } }));
  const env = userEnv({ GITHUB_ACTIONS: 'true', CI: 'true', GITHUB_EVENT_NAME: 'pull_request', GITHUB_EVENT_PATH: event, GITHUB_REPOSITORY: REPO, GITHUB_API_URL: fake.url }) as Record<string, string>;
  delete env.GITHUB_TOKEN;
  return runComposite({ actionFile: join(ROOT, 'action.yml'), workspace: ws, store: join(dir, 'artifacts'), inputs, token: TOKEN, env });
}

const status = (r: ActionRun): Record<string, string> => Object.fromEntries(r.steps.map((s) => [s.name, s.status]));
const why = (r: ActionRun): string => r.steps.map((s) => `--- ${s.name}: ${s.status}\n${s.output.slice(-3000)}`).join('\n');

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'toolvet-action-run-'));
  ws = join(dir, 'workspace');
  mkdirSync(join(ws, 'node_modules', '.bin'), { recursive: true });
  mkdirSync(join(ws, 'tests'));
  // The user's project: toolvet (this repository) and vitest installed, as npm would link them.
  symlinkSync(ROOT, join(ws, 'node_modules', 'toolvet'));
  symlinkSync(join(ROOT, 'node_modules', 'vitest'), join(ws, 'node_modules', 'vitest'));
  for (const [bin, target] of [['toolvet', BIN], ['vitest', join(ROOT, 'node_modules', 'vitest', 'vitest.mjs')]]) {
    writeFileSync(join(ws, 'node_modules', '.bin', bin), `#!/bin/sh\nexec "${process.execPath}" "${target}" "$@"\n`);
    chmodSync(join(ws, 'node_modules', '.bin', bin), 0o755);
  }
  writeFileSync(join(ws, 'package.json'), JSON.stringify({ name: 'user-project', private: true, type: 'module' }));
  writeFileSync(join(ws, 'vitest.config.ts'), "import { defineConfig } from 'vitest/config';\nexport default defineConfig({ test: { include: ['tests/*.test.ts'], reporters: ['default', ['toolvet/reporter', { outputDir: 'toolvet-report', formats: ['json', 'markdown', 'html'] }]] } });\n");
  fake = await startFakeGitHub();
});

afterAll(async () => {
  await fake?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('action.yml, run as the runner runs it', () => {
  it('one job, failing suite: summary once, HTML report uploaded, the comment created, then the gate fails', async () => {
    writeFileSync(join(ws, 'tests', 'refman.test.ts'), suite('refman', 0.95));
    const r = await run({});
    expect(status(r), why(r)).toMatchObject({ 'Run the suite': 'success', 'Render the report': 'success', 'Job summary': 'success', 'Upload the HTML report': 'success', 'Pull-request comment': 'success', Gate: 'failure' });
    expect(r.failed).toBe(true);
    expect(r.outputs).toEqual({ verdict: 'fail', 'report-dir': './toolvet-merged' });
    // Once: the vitest reporter's own summary is turned off for the run.
    expect(r.summary.match(/### ❌ Toolvet FAIL/g)).toHaveLength(1);
    expect(existsSync(join(dir, 'artifacts', 'toolvet-report', 'toolvet.html'))).toBe(true);
    const posts = fake.requests.filter((q) => q.method === 'POST');
    expect(posts.map((q) => q.url)).toEqual([`/repos/${REPO}/issues/${PR}/comments`]);
    expect(posts[0].headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect((JSON.parse(posts[0].body) as { body: string }).body.startsWith(`${MARKER}\n### ❌ Toolvet FAIL`)).toBe(true);
    for (const s of r.steps) expect(s.output).not.toContain(TOKEN);
  }, 300_000);

  it('two shards, then a merge job: the merged report updates the same comment and the action passes', async () => {
    rmSync(join(ws, 'tests', 'refman.test.ts'));
    writeFileSync(join(ws, 'tests', 'echo.test.ts'), suite('echo', 0.5));
    writeFileSync(join(ws, 'tests', 'notebook.test.ts'), suite('notebook', 0.5));
    for (const shard of ['1/2', '2/2']) {
      rmSync(join(ws, 'toolvet-report'), { recursive: true, force: true });
      const r = await run({ shard });
      expect(status(r), why(r)).toMatchObject({ 'Run the suite': 'success', "Upload this shard's results": 'success', 'Render the report': 'skipped', 'Pull-request comment': 'skipped', Gate: 'success' });
      expect(r.failed).toBe(false);
      expect(r.summary).toBe('');
    }
    // The merge job starts from a fresh checkout: only the artifacts carry the shards over.
    for (const leftover of ['toolvet-report', 'toolvet-merged']) rmSync(join(ws, leftover), { recursive: true, force: true });
    const before = fake.requests.length;
    const merged = await run({ merge: 'true' });
    expect(status(merged), why(merged)).toMatchObject({ 'Run the suite': 'skipped', "Download the shards' results": 'success', 'Render the report': 'success', 'Pull-request comment': 'success', Gate: 'success' });
    expect(merged.failed).toBe(false);
    expect(merged.outputs.verdict).toBe('pass');
    expect(merged.summary.match(/### ✅ Toolvet PASS · vitest · 38 cases/g)).toHaveLength(1);
    const created = fake.comments.get(PR)!.find((c) => c.body.startsWith(MARKER))!;
    expect(fake.requests.slice(before).map((q) => `${q.method} ${q.url}`)).toEqual([`GET /repos/${REPO}/issues/${PR}/comments?per_page=100`, `PATCH /repos/${REPO}/issues/comments/${created.id}`]);
    expect(created.body).toContain('### ✅ Toolvet PASS');
    expect(fake.comments.get(PR)).toHaveLength(1);
  }, 300_000);
});
