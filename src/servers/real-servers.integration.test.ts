/**
 * Real third-party servers from npm, spawned as a user would: list their tools through the server
 * layer and run a selection eval on them with the mock model.
 */
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createMockModel } from '../models/mock.ts';
import { runEval } from '../run/eval-run.ts';
import { realServersHost } from '../testing/real-servers.ts';

const queries = (name: string): string => fileURLToPath(new URL(`../../fixtures/queries/real/${name}.yaml`, import.meta.url));

describe('real npm servers', () => {
  it.each([
    ['everything', ['echo', 'get-sum', 'get-tiny-image'], 0.6],
    ['filesystem', ['read_text_file', 'write_file', 'list_directory', 'move_file'], 0.6],
  ] as const)('%s: lists its tools and runs a selection eval with the mock model', async (server, someTools, floor) => {
    const result = await runEval({ config: realServersHost().config, servers: [server], queries: [queries(server)], model: createMockModel() });
    expect(result.errors).toEqual([]);
    const info = result.servers?.[0];
    expect(info?.name).toBe(server);
    expect(info?.protocolVersion).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(info?.tools).toBeGreaterThanOrEqual(someTools.length);
    expect(result.summary?.cases).toBeGreaterThanOrEqual(8);
    expect(result.summary?.errored).toBe(0);
    // The mock is a lexical baseline; on these real descriptions it must still do clearly better than chance.
    expect(result.summary!.accuracy).toBeGreaterThanOrEqual(floor);
    const failed = result.cases!.filter((c) => !c.pass).map((c) => `${c.id}: ${c.reason}`);
    console.log(`${server}: accuracy ${(result.summary!.accuracy * 100).toFixed(1)}%${failed.length ? `; misses: ${failed.join(' | ')}` : ''}`);
  });
});
