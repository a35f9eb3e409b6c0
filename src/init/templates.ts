/**
 * The files `toolproof init` writes besides the query sets, as text: a vitest suite that uses only the
 * public API (`toolproof/vitest`), `vitest.config.ts` with the Toolproof reporter, and a GitHub Actions
 * workflow (install, `vitest run --shard` matrix, `toolproof report --merge`, the HTML report uploaded,
 * the Markdown summary in the job summary).
 */

export const SHARDS = 2;

/** The suite: one test per server, its starter query set against the live server, mock model by default. */
export function suiteFile(configFromSuite: string, servers: readonly string[]): string {
  return `/**
 * Written by \`toolproof init\`: each server's starter query set (toolproof/queries/<server>.yaml)
 * against the live server. The model is Toolproof's offline mock unless TOOLPROOF_BASE_URL and
 * TOOLPROOF_MODEL_NAME name an OpenAI-compatible endpoint (e.g. http://127.0.0.1:11434/v1, qwen3:8b).
 * The cases are drafts (draft: true): review them, then raise MIN_ACCURACY.
 */
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { evalSelection, recordResult, type SelectionEvalOptions } from 'toolproof/vitest';

const CONFIG = fileURLToPath(new URL(${JSON.stringify(configFromSuite)}, import.meta.url));
const SERVERS = ${JSON.stringify(servers)};
const MIN_ACCURACY = 0.5;

const model: SelectionEvalOptions['model'] =
  process.env.TOOLPROOF_BASE_URL && process.env.TOOLPROOF_MODEL_NAME
    ? { kind: 'openai', baseUrl: process.env.TOOLPROOF_BASE_URL, modelName: process.env.TOOLPROOF_MODEL_NAME }
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

// Written by \`toolproof init\`: the Toolproof suites, and the Toolproof reporter beside vitest's own
// (toolproof-report/: JSON, Markdown, HTML; one file per shard under --shard, merged by toolproof report).
export default defineConfig({
  test: {
    include: ['toolproof/**/*.test.ts'],
    testTimeout: 600_000,
    reporters: ['default', ['toolproof/reporter', { outputDir: 'toolproof-report', formats: ['json', 'markdown', 'html'] }]],
  },
});
`;

export const WORKFLOW = `# Written by \`toolproof init\`: the Toolproof suites in ${SHARDS} shards, then one merged report:
# HTML uploaded as an artifact, Markdown in the job summary.
name: toolproof
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
          name: toolproof-shard-\${{ matrix.shard }}
          path: toolproof-report/
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
          pattern: toolproof-shard-*
          path: toolproof-report
          merge-multiple: true
      - run: npx toolproof report --merge toolproof-report --format html,markdown --out-dir toolproof-merged
      - run: cat toolproof-merged/toolproof.md >> "$GITHUB_STEP_SUMMARY"
      - uses: actions/upload-artifact@v4
        with:
          name: toolproof-report
          path: toolproof-merged/
      - run: npx toolproof report --merge toolproof-report --gate --format text
`;
