/**
 * The mock as a baseline on the bundled query sets, scored by the real loader and scorer. The
 * figures are printed; the assertions are floors well below them, so a change to the algorithm that
 * makes it worse fails here, while the sets themselves are never tuned to the mock.
 */
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { checkQuerySetTools, loadQuerySet } from '../config/query-set.ts';
import { loadToolFile } from '../config/tool-file.ts';
import { expectedTools, scoreAttempt } from '../scoring/score-attempt.ts';
import { createMockModel } from './mock.ts';

const fixture = (path: string): string => fileURLToPath(new URL(`../../fixtures/${path}`, import.meta.url));

interface SetFigures {
  cases: number;
  passed: number;
  rightTool: number;
  noToolCases: number;
  noToolRight: number;
  tools: number;
}

async function evaluate(name: string): Promise<SetFigures> {
  const set = loadQuerySet(fixture(`queries/${name}.yaml`));
  const { tools } = loadToolFile(fixture(`tools/${name}.json`));
  const byName = new Map(tools.map((tool) => [tool.name, tool]));
  checkQuerySetTools(set, new Set(byName.keys()));
  const model = createMockModel();
  const figures: SetFigures = { cases: set.cases.length, passed: 0, rightTool: 0, noToolCases: 0, noToolRight: 0, tools: tools.length };
  const misses: string[] = [];
  for (const c of set.cases) {
    const response = await model.complete({ messages: [{ role: 'user', content: c.query }], tools });
    const attempt = scoreAttempt(c, response, byName, 0);
    const expected = expectedTools(c);
    const chosen = response.toolCalls[0]?.name ?? null;
    const right = expected.length === 0 ? chosen === null : chosen !== null && expected.includes(chosen) && !c.expect.notTools?.includes(chosen);
    if (attempt.state === 'passed') figures.passed++;
    else misses.push(`  ${c.id}: ${attempt.reason}`);
    if (right) figures.rightTool++;
    if (expected.length === 0) {
      figures.noToolCases++;
      if (right) figures.noToolRight++;
    }
  }
  const pct = (n: number, d: number): string => `${((100 * n) / d).toFixed(1)}%`;
  console.log(
    `[mock baseline] ${name}: ${figures.passed}/${figures.cases} passed (${pct(figures.passed, figures.cases)}), ` +
      `right tool ${pct(figures.rightTool, figures.cases)}, no-tool ${figures.noToolRight}/${figures.noToolCases}, ` +
      `chance ${pct(1, figures.tools + 1)}\n${misses.join('\n')}`,
  );
  return figures;
}

describe('mock baseline on the bundled query sets', () => {
  it.each([
    // Floors sit about ten points under the measured figures (see the report); chance is 1/(tools+1).
    ['refman', 0.6, 0.65],
    ['notebook', 0.6, 0.7],
    ['echo', 0.8, 0.8],
  ])('%s', async (name, minPassed, minRightTool) => {
    const figures = await evaluate(name);
    expect(figures.cases).toBeGreaterThanOrEqual(name === 'echo' ? 6 : 30);
    expect(figures.noToolCases).toBeGreaterThan(0);
    expect(figures.passed / figures.cases).toBeGreaterThanOrEqual(minPassed);
    expect(figures.rightTool / figures.cases).toBeGreaterThanOrEqual(minRightTool);
    expect(figures.rightTool / figures.cases).toBeGreaterThan(1 / (figures.tools + 1));
  });
});
