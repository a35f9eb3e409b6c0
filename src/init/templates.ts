/**
 * The files `toolvet init` writes besides the query sets, as text: a vitest suite that uses only the
 * public API (`toolvet/vitest`), `vitest.config.ts` with the Toolvet reporter, and a GitHub Actions
 * workflow (install, `vitest run --shard` matrix, `toolvet report --merge`, the HTML report uploaded,
 * the Markdown summary in the job summary).
 */

export const SHARDS = 2;

/** The suite: one test per server, its starter query set against the live server, mock model by default. */
export function suiteFile(configFromSuite: string, servers: readonly string[]): string {
  return `/**
 * Written by \`toolvet init\`: each server's starter query set (toolvet/queries/<server>.yaml)
 * against the live server. The model is Toolvet's offline mock unless TOOLVET_BASE_URL and
 * TOOLVET_MODEL_NAME name an OpenAI-compatible endpoint (e.g. http://127.0.0.1:11434/v1, qwen3:8b).
 * The cases are drafts (draft: true): review them, then raise MIN_ACCURACY.
 */
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { evalSelection, recordResult, type SelectionEvalOptions } from 'toolvet/vitest';

const CONFIG = fileURLToPath(new URL(${JSON.stringify(configFromSuite)}, import.meta.url));
const SERVERS = ${JSON.stringify(servers)};
const MIN_ACCURACY = 0.5;

const model: SelectionEvalOptions['model'] =
  process.env.TOOLVET_BASE_URL && process.env.TOOLVET_MODEL_NAME
    ? { kind: 'openai', baseUrl: process.env.TOOLVET_BASE_URL, modelName: process.env.TOOLVET_MODEL_NAME }
    : { kind: 'mock' };

describe('tool selection', () => {
  for (const server of SERVERS) {
    it(\`\${server}: the model picks the right tool\`, { timeout: 600_000 }, async ({ task }) => {
      const queries = fileURLToPath(new URL(\`./queries/\${server}.yaml\`, import.meta.url));
      const result = await evalSelection({ config: CONFIG, servers: [server], queries: [queries], model });
      recordResult(task, result);
      expect(result).toHaveAccuracyAtLeast(MIN_ACCURACY);
    });
  }
});
`;
}

export const VITEST_CONFIG = `import { defineConfig } from 'vitest/config';

// Written by \`toolvet init\`: the Toolvet suites, and the Toolvet reporter beside vitest's own
// (toolvet-report/: JSON, Markdown, HTML; one file per shard under --shard, merged by toolvet report).
export default defineConfig({
  test: {
    include: ['toolvet/**/*.test.ts'],
    testTimeout: 600_000,
    reporters: ['default', ['toolvet/reporter', { outputDir: 'toolvet-report', formats: ['json', 'markdown', 'html'] }]],
  },
});
`;

export const WORKFLOW = `# Written by \`toolvet init\`: the Toolvet suites in ${SHARDS} shards, then one merged report:
# HTML uploaded as an artifact, Markdown in the job summary.
name: toolvet
on:
  push:
  pull_request:
jobs:
  eval:
    runs-on: ubuntu-latest
    strategy:
      fail-fast: false
      matrix:
        shard: [${Array.from({ length: SHARDS }, (_, i) => i + 1).join(', ')}]
    steps:
      - uses: actions/checkout@v4
      - uses: actions/setup-node@v4
        with:
          node-version: 22
          cache: npm
      - run: npm ci
      - run: npx vitest run --shard=\${{ matrix.shard }}/${SHARDS} --passWithNoTests
      - uses: actions/upload-artifact@v4
        if: always()
        with:
          name: toolvet-shard-\${{ matrix.shard }}
          path: toolvet-report/
  report:
    needs: eval
    if: always()
    runs-on: ubuntu-latest
    steps:
      - uses: actions/checkout@v4
      - uses: actions/setup-node@v4
        with:
          node-version: 22
          cache: npm
      - run: npm ci
      - uses: actions/download-artifact@v4
        with:
          pattern: toolvet-shard-*
          path: toolvet-report
          merge-multiple: true
      - run: npx toolvet report --merge toolvet-report --format html,markdown --out-dir toolvet-merged
      - run: cat toolvet-merged/toolvet.md >> "$GITHUB_STEP_SUMMARY"
      - uses: actions/upload-artifact@v4
        with:
          name: toolvet-report
          path: toolvet-merged/
      - run: npx toolvet report --merge toolvet-report --gate --format text
`;
