/**
 * Example suite: tool-selection evals against the bundled fixture servers, with the mock model.
 * The thresholds are the assertions, so `vitest run`'s exit code is the gate.
 */
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { evalSelection, recordResult } from 'toolvet/vitest';

const fixtures = (path: string): string => fileURLToPath(new URL(`../fixtures/${path}`, import.meta.url));

describe('reference manager server', () => {
  it('picks the right tool for typical requests', async ({ task }) => {
    const result = await evalSelection({ config: fixtures('hosts/example.json'), servers: ['refman'], queries: [fixtures('queries/refman.yaml')] });
    recordResult(task, result);
    expect(result).toHaveAccuracyAtLeast(0.6);
    expect(result).toHaveToolRecallAtLeast('list_collections', 0.75);
  });
});

describe('notebook server', () => {
  it('picks the right tool for typical requests', async ({ task }) => {
    const result = await evalSelection({ config: fixtures('hosts/example.json'), servers: ['notebook'], queries: [fixtures('queries/notebook.yaml')] });
    recordResult(task, result);
    expect(result).toHaveAccuracyAtLeast(0.6);
  });
});

describe('echo server (spec 4.1.5)', () => {
  it('is chosen for echo requests and left alone otherwise', async ({ task }) => {
    const result = await evalSelection({ config: fixtures('hosts/example.json'), servers: ['echo'], queries: [fixtures('queries/echo.yaml')] });
    recordResult(task, result);
    expect(result).toHaveAccuracyAtLeast(1);
  });
});
