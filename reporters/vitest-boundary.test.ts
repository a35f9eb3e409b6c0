/**
 * The vitest path behind the CLI's output boundary, through a real `vitest run` in GitHub Actions
 * mode (fixtures/vitest-verdicts/secrets.check.ts): an OpenAI-compatible endpoint on 127.0.0.1 echoes
 * the API key and names a hostile tool, and a remote MCP server echoes its bearer token in a tool
 * result. The secrets are registered in the test worker; neither may reach any report file, the step
 * summary or stdout, and no line of stdout may start a workflow command that is not ours.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFaultEndpoint, type FaultEndpoint } from '../src/models/testing/fault-endpoint.ts';
import * as reply from '../src/models/testing/replies.ts';
import { FORMATS } from '../src/report/reporters.ts';
import { startModernHttp, type HttpServerHandle } from '../src/testing/http-server.ts';
import { vitestRun, type VitestRun } from '../src/testing/vitest-run.ts';

const API_KEY = 'sk-vitest-path-7c1e9a4b2d6f8e0a';
const HEADER = 'hdr-vitest-path-3f8a1c6e9b2d';
const ESC = '\u001b';
/** A tool name the endpoint "chooses": a window-title escape, then lines that would be workflow commands. */
const HOSTILE = `echo${ESC}]0;pwned${ESC}\\\n::stop-commands::forged-token\n::error file=forged.ts,line=1::forged-annotation ${API_KEY}`;

const dir = mkdtempSync(join(tmpdir(), 'toolvet-vitest-boundary-'));
let endpoint: FaultEndpoint;
let server: HttpServerHandle;
let run: VitestRun;
let summary = '';

beforeAll(async () => {
  endpoint = await startFaultEndpoint((request) => {
    if (request.method === 'GET') return { json: { object: 'list', data: [{ id: 'm', object: 'model' }] } };
    const token = String(request.headers.authorization ?? '').replace(/^Bearer /, '');
    const body = request.body as { messages: Array<{ role: string; content: string }> };
    const query = body.messages.find((m) => m.role === 'user')!.content;
    // Normal answers that quote the key: in a call's arguments, and as the name of the tool chosen.
    return query.startsWith('echo') ? reply.toolCall('echo', { text: `key ${token}` }) : reply.toolCall(HOSTILE, { text: token });
  });
  server = await startModernHttp({ MODERN_TOKEN: HEADER, MODERN_ECHO_HEADERS: '1' });
  const config = join(dir, 'host.json');
  writeFileSync(config, JSON.stringify({ mcpServers: { remote: { type: 'http', url: server.url, headers: { Authorization: 'Bearer ${TP_VITEST_HEADER}' } } } }));
  const queries = join(dir, 'remote.yaml');
  writeFileSync(queries, 'servers: [remote]\nscenarios:\n  - id: headers\n    query: "show the request headers"\n    expect: {calls: {steps: [{tool: show_request_headers}]}}\n');
  const stepSummary = join(dir, 'step-summary.md');
  writeFileSync(stepSummary, '');
  run = await vitestRun(
    'secrets',
    {
      TOOLVET_API_KEY: API_KEY,
      TP_VITEST_HEADER: HEADER,
      TOOLVET_VERDICT_BASE_URL: endpoint.url,
      TOOLVET_VERDICT_CONFIG: config,
      TOOLVET_VERDICT_QUERIES: queries,
      GITHUB_ACTIONS: 'true',
      GITHUB_STEP_SUMMARY: stepSummary,
    },
    FORMATS.join(','),
    // vitest's own json reporter saves task.meta, where recorded results travel.
    ['--reporter=json', '--outputFile.json={dir}/vitest-own.json'],
  );
  summary = readFileSync(stepSummary, 'utf8');
}, 300_000);

afterAll(async () => {
  run?.dispose();
  await endpoint?.close();
  await server?.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe('secrets registered in the test worker', () => {
  it('were in use, and the run reported its failure', () => {
    expect(endpoint.requests.some((r) => r.headers.authorization === `Bearer ${API_KEY}`)).toBe(true);
    expect(run.code, run.stdout.slice(-3000) + run.stderr.slice(-3000)).toBe(1);
    expect(JSON.parse(run.read('toolvet.json')).verdict.status).toBe('fail');
    // The echoed values did reach the reports, with the secrets replaced.
    expect(run.read('toolvet.json')).toContain('request headers');
    expect(run.read('toolvet.json')).toContain('key ***');
  });

  it("appear in no report file (vitest's own json included), nor the step summary, nor stdout or stderr", () => {
    expect(run.files()).toEqual(['toolvet.github.txt', 'toolvet.html', 'toolvet.json', 'toolvet.md', 'toolvet.sarif', 'toolvet.text.txt', 'toolvet.xml', 'vitest-own.json']);
    expect(run.read('vitest-own.json')).toContain('"toolvet"');
    expect(summary).toMatch(/Toolvet FAIL/);
    for (const [name, text] of [...run.files().map((f) => [f, run.read(f)]), ['step summary', summary], ['stdout', run.stdout], ['stderr', run.stderr]]) {
      expect(text, name).not.toContain(API_KEY);
      expect(text, name).not.toContain(HEADER);
    }
  });

  it('leave no file behind in the temporary folder', () => {
    expect(existsSync(run.tmp) ? readdirSync(run.tmp).filter((n) => n.startsWith('toolvet-secrets-')) : []).toEqual([]);
  });
});

describe('hostile text on the vitest path', () => {
  it('starts no workflow command but ours, and no escape sequence reaches the log (stdout and stderr)', () => {
    const log = `${run.stdout}\n${run.stderr}`;
    const lines = log.split('\n');
    const commands = lines.filter((l) => /^\s*::/.test(l));
    // Ours: the verdict and the failed cases, as annotations, unmarked (no private-use marker left).
    expect(commands.some((l) => l.startsWith('::error title=toolvet vitest%3A FAIL'))).toBe(true);
    for (const line of commands) expect(line).toMatch(/^::(error|warning|notice) (file=[^,]*,)?(line=\d+,)?title=toolvet/);
    expect(log).not.toContain('\uE002');
    expect(lines.some((l) => /^\s*::stop-commands::/.test(l) || /^\s*::error file=forged/.test(l))).toBe(false);
    expect(log).not.toContain(`${ESC}]`);
    // The hostile name was printed, defused: vitest's own failure message quotes it.
    expect(run.stderr).toContain('stop-commands::forged-token');
  });
});
