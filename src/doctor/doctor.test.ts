/**
 * `toolvet doctor` against real things: a closed port, the mock model served over HTTP, a runner that
 * ignores tools (the fault endpoint), real fixture servers (one broken), skills folders, and a stand-in
 * reference manager on a local port. The two headline diagnoses also run through the CLI.
 */
import http from 'node:http';
import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { fixture, runCli } from '../faults/cli.ts';
import { createMockModel } from '../models/mock.ts';
import { startMockServer } from '../models/mock-server.ts';
import { startFaultEndpoint } from '../models/testing/fault-endpoint.ts';
import * as reply from '../models/testing/replies.ts';
import { runDoctor } from './run-doctor.ts';
import type { DoctorCheck } from './types.ts';

const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
});

async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

async function httpOn(handler: http.RequestListener): Promise<number> {
  const server = http.createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closers.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return (server.address() as net.AddressInfo).port;
}

const byId = (checks: DoctorCheck[]) => Object.fromEntries(checks.map((c) => [c.id, c]));

describe('doctor', () => {
  it('a stopped endpoint: says no runner is running and how to start Ollama or llama-server', async () => {
    const report = await runDoctor({ baseUrl: `http://127.0.0.1:${await closedPort()}/v1`, modelName: 'qwen3:8b' });
    const endpoint = byId(report.checks).endpoint;
    expect(endpoint).toMatchObject({ status: 'fail', summary: expect.stringContaining('connection refused') });
    expect(endpoint.next).toContain('ollama serve');
    expect(endpoint.next).toContain('llama-server');
    expect(report.healthy).toBe(false);
    // Nothing further is tried against an endpoint that is not there.
    expect(report.checks.map((c) => c.id)).toEqual(['endpoint']);
  });

  it('a working endpoint: the model is listed and a tools request gets a tool call', async () => {
    const server = await startMockServer({ driver: createMockModel(), modelName: 'toolvet-mock' });
    closers.push(() => server.close());
    const report = await runDoctor({ baseUrl: server.url, modelName: 'toolvet-mock' });
    expect(report.checks.map((c) => [c.id, c.status])).toEqual([['endpoint', 'ok'], ['model', 'ok'], ['tool-calling', 'ok']]);
    expect(byId(report.checks)['tool-calling'].summary).toContain('get_weather');
    expect(report.healthy).toBe(true);
  });

  it('a model that is not listed, and a runner that ignores tools', async () => {
    const server = await startMockServer({ driver: createMockModel(), modelName: 'toolvet-mock' });
    closers.push(() => server.close());
    const missing = byId((await runDoctor({ baseUrl: server.url, modelName: 'qwen3:8b' })).checks);
    expect(missing.model).toMatchObject({ status: 'fail', summary: expect.stringContaining('toolvet-mock'), next: expect.stringContaining('ollama pull qwen3:8b') });
    expect(missing['tool-calling']).toBeUndefined();
    const ignoring = await startFaultEndpoint(reply.toolsIgnored());
    closers.push(() => ignoring.close());
    const ignored = byId((await runDoctor({ baseUrl: ignoring.url, modelName: 'fault-model' })).checks)['tool-calling'];
    expect(ignored).toMatchObject({ status: 'warn', next: expect.stringContaining('--jinja') });
  });

  it('a broken server: its error with its stderr and the command to run; the healthy one is ok; relative paths flagged', async () => {
    const report = await runDoctor({ config: fixture('servers/faults/hosts/broken-servers.json'), servers: ['echo', 'exit-at-start'] });
    const checks = byId(report.checks);
    expect(checks['server:echo']).toMatchObject({ status: 'ok', summary: expect.stringContaining('1 tool(s)') });
    expect(checks['server:exit-at-start'].status).toBe('fail');
    expect(checks['server:exit-at-start'].details?.join('\n')).toContain('| refman-local: cannot open database');
    expect(checks['server:exit-at-start'].next).toContain('exit-at-start.mjs');
    expect(checks['script-paths']).toMatchObject({ status: 'warn', next: expect.stringContaining('absolute') });
    expect(checks['script-paths'].details).toHaveLength(2);
  });

  it('skills folders with a count; a missing folder fails', async () => {
    const checks = byId((await runDoctor({ skills: [fixture('skills/project'), fixture('no-such-skills')] })).checks);
    expect(checks[`skills:${fixture('skills/project')}`]).toMatchObject({ status: 'ok', summary: expect.stringMatching(/: \d+ skill\(s\)/) });
    expect(checks[`skills:${fixture('no-such-skills')}`].status).toBe('fail');
  });

  it('the reference manager: ok when its local interface answers; else says to enable its local server setting', async () => {
    const on = await httpOn((_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end('{}'));
    expect(byId((await runDoctor({ refmanPort: on })).checks).refman.status).toBe('ok');
    const disabled = await httpOn((_req, res) => res.writeHead(403).end('Local API is not enabled'));
    const off = byId((await runDoctor({ refmanPort: disabled })).checks).refman;
    expect(off).toMatchObject({ status: 'fail', summary: expect.stringContaining('HTTP 403'), next: expect.stringContaining('local server setting') });
    const stopped = byId((await runDoctor({ refmanPort: await closedPort() })).checks).refman;
    expect(stopped.next).toContain('spec 4.3');
  });

  it('through the CLI: a stopped endpoint and a broken server print both diagnoses and exit 1', async () => {
    const run = await runCli([
      'doctor', '--base-url', `http://127.0.0.1:${await closedPort()}/v1`, '--model-name', 'qwen3:8b',
      '--config', fixture('servers/faults/hosts/broken-servers.json'), '--server', 'exit-at-start',
    ]);
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(/FAIL .*connection refused, so no local runner is running there\n\s+next: start the local runner: `ollama serve`/);
    expect(run.stdout).toMatch(/FAIL server "exit-at-start": E_SERVER_START[\s\S]*\| refman-local: cannot open database[\s\S]*next: run it directly in a terminal/);
    expect(run.stdout).toContain('problems found');
  });

  it('a config that does not load is bad input: exit 3 naming the file', async () => {
    const run = await runCli(['doctor', '--config', fixture('bad-inputs/hosts/wrong-type-command.json')]);
    expect(run.code).toBe(3);
    expect(run.stderr).toContain('$.mcpServers.echo.command');
  });
});
