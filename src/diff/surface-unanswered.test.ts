import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runLint } from '../lint/lint-run.ts';
import { writeSnapshots } from './snapshot.ts';

const config = fileURLToPath(new URL('../../fixtures/hosts/resources-unanswered.json', import.meta.url));

// @hubspot/mcp-server 0.4.0 declares `resources` and answers resources/list with "Method not found":
// snapshot and lint --config failed on it with E_CALL_FAILED, so its 21 tools could not be linted.
describe('a server that declares resources but does not answer resources/list', () => {
  it('is snapshotted with its tools, its resources unrecorded', async () => {
    const out = mkdtempSync(join(tmpdir(), 'toolproof-unanswered-'));
    const [written] = await writeSnapshots({ config, outDir: out });
    expect(written).toMatchObject({ server: 'resources-unanswered', tools: 1 });
    const data = JSON.parse(readFileSync(join(out, 'resources-unanswered.json'), 'utf8'));
    expect(data.tools.map((t: { name: string }) => t.name)).toEqual(['get_property']);
    expect(data).not.toHaveProperty('resources');
    expect(data.prompts).toEqual([]);
  }, 60_000);

  it('is linted live', async () => {
    const result = await runLint({ config });
    expect(result.lint!.sets.map((s) => s.tools)).toEqual([1]);
    expect(result.lint!.findings.some((f) => f.ruleId === 'description-exclusions' && f.target === 'get_property')).toBe(true);
  }, 60_000);
});
