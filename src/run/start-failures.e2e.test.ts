/**
 * A server that cannot start (its command does not exist) leaves the query sets that use it without a
 * fair run: every case of those sets is errored with the start error, through the vitest helper and the
 * CLI alike, while a set that names only a healthy server runs as usual.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { fixture, runCli } from '../cli/testing.ts';
import type { ToolvetResult } from '../report/model.ts';
import { evalSelection } from '../vitest/index.ts';
import { blockedSets } from './start-failures.ts';
import { ToolvetError } from '../errors.ts';

const dir = mkdtempSync(join(tmpdir(), 'toolvet-start-failures-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const config = join(dir, 'host.json');
writeFileSync(
  config,
  JSON.stringify({
    mcpServers: {
      echo: { command: process.execPath, args: [fixture('servers/echo.mjs')] },
      ghost: { command: join(dir, 'no-such-server-binary'), args: [] },
    },
  }),
);
// No-tool cases only: with no tool offered, each would "pass".
const ghostSet = join(dir, 'ghost.yaml');
writeFileSync(ghostSet, 'servers: [ghost]\ngate: {minAccuracy: 0.5}\ncases:\n  - {id: none-weather, query: "What is the weather like?", expect: {tool: null}}\n  - {id: none-joke, query: "Tell me a joke", expect: {tool: null}}\n');
const bothSet = join(dir, 'both.yaml');
writeFileSync(bothSet, 'cases:\n  - {id: none-greeting, query: "How are you today?", expect: {tool: null}}\n');

function checkErrored(result: ToolvetResult): void {
  const byId = Object.fromEntries(result.cases!.map((c) => [`${c.suite}/${c.id}`, c]));
  for (const id of ['ghost/none-weather', 'ghost/none-joke', 'both/none-greeting']) {
    expect(byId[id].state, id).toBe('errored');
    expect(byId[id].reason).toMatch(/E_SERVER_START: server "ghost" exited before it finished starting$/);
    expect(byId[id].attempts.every((a) => a.state === 'errored' && a.error?.code === 'E_SERVER_START')).toBe(true);
  }
  // The set that names only the healthy server runs as usual.
  expect(result.cases!.filter((c) => c.suite === 'echo').every((c) => c.state === 'passed')).toBe(true);
  expect(result.summary).toMatchObject({ errored: 3 });
  expect(result.verdict.status).toBe('error');
  expect(result.verdict.reasons).toContain('3 case(s) errored: the model could not be evaluated on them');
}

describe('a server that cannot start', () => {
  it('errors every case of the sets that use it (vitest helper)', async () => {
    const result = await evalSelection({ config, queries: [ghostSet, bothSet, fixture('queries/echo.yaml')], repeat: 2 });
    checkErrored(result);
    expect(result).not.toHaveAccuracyAtLeast(0.5);
  });

  it('errors every case of the sets that use it (CLI eval), exit 2', async () => {
    const json = join(dir, 'cli.json');
    const run = await runCli(['eval', '--config', config, '--queries', ghostSet, '--queries', bothSet, '--queries', fixture('queries/echo.yaml'), '--json', json]);
    expect(run.code, run.stderr).toBe(2);
    checkErrored(JSON.parse(readFileSync(json, 'utf8')) as ToolvetResult);
  });
});

describe('blockedSets', () => {
  const ghost = new ToolvetError('E_SERVER_START', 'server "ghost" failed', { server: 'ghost' });
  const slow = new ToolvetError('E_SERVER_TIMEOUT', 'server "slow" timed out', { server: 'slow' });
  const sets = [{ name: 'a', servers: ['echo'] }, { name: 'b' }, { name: 'c', servers: ['echo', 'ghost', 'slow'] }];
  // Set b names no servers: it sees every server of the run, in the run's order (slow, ghost, echo).
  it.each([
    ['no server failed', [], {}],
    ['one failed: the sets that use it', [ghost], { b: 'E_SERVER_START', c: 'E_SERVER_START' }],
    ["two failed: the first in each set's own order", [ghost, slow], { b: 'E_SERVER_TIMEOUT', c: 'E_SERVER_START' }],
  ] as const)('%s', (_name, errors, expected) => {
    const found = blockedSets(sets, ['slow', 'ghost', 'echo'], [...errors]);
    expect(Object.fromEntries([...found].map(([set, e]) => [set, e.code]))).toEqual(expected);
  });
});
