/**
 * The files `toolvet init` writes besides the query sets, as text: one vitest test file per server
 * (vitest shards by file, so each shard gets whole servers), using only the public API
 * (`toolvet/vitest`); `vitest.config.ts` with the Toolvet reporter; and a GitHub Actions workflow
 * (install, `vitest run --shard` matrix, `toolvet report --merge`, the HTML report uploaded, the
 * Markdown summary in the job summary). Server names are untrusted: they reach these files only as
 * JSON string literals, and file names only through encodeFileName.
 */

/** At most this many shards; fewer when init writes fewer test files (see shardCount). */
export const MAX_SHARDS = 4;

/**
 * Shards for this many test files: never more shards than files, so no shard is left with nothing
 * (vitest spreads files evenly: with files >= shards every shard gets at least one).
 */
export function shardCount(files: number): number {
  return Math.max(1, Math.min(MAX_SHARDS, files));
}

/**
 * One server's test: its query set against the live server, with the mock model unless
 * TOOLVET_BASE_URL names an endpoint. The gate is the query set's own `gate.minAccuracy`, which
 * init set to the accuracy it measured with the mock: the test fails when accuracy drops below it.
 */
export function serverTestFile(server: string, configFromTest: string, queryFile: string): string {
  return `/**
 * Written by \`toolvet init\`: the starter query set of one server (SERVER below) against the live
 * server. The model is Toolvet's offline mock unless TOOLVET_BASE_URL and TOOLVET_MODEL_NAME name an
 * OpenAI-compatible endpoint (e.g. http://127.0.0.1:11434/v1, qwen3:8b). The gate is the query set's
 * gate.minAccuracy: the accuracy init measured on the drafts. Review the drafts, then raise it.
 */
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { evalSelection, recordResult, type SelectionEvalOptions } from 'toolvet/vitest';

const HERE = dirname(fileURLToPath(import.meta.url));
const CONFIG = resolve(HERE, ${JSON.stringify(configFromTest)});
const SERVER = ${JSON.stringify(server)};
const QUERIES = resolve(HERE, '..', 'queries', ${JSON.stringify(queryFile)});

const model: SelectionEvalOptions['model'] =
  process.env.TOOLVET_BASE_URL && process.env.TOOLVET_MODEL_NAME
    ? { kind: 'openai', baseUrl: process.env.TOOLVET_BASE_URL, modelName: process.env.TOOLVET_MODEL_NAME }
    : { kind: 'mock' };

it(\`\${SERVER}: the model picks the right tool\`, { timeout: 600_000 }, async ({ task }) => {
  const result = await evalSelection({ config: CONFIG, servers: [SERVER], queries: [QUERIES], model });
  recordResult(task, result);
  // pass: accuracy at or above the query set's gate.minAccuracy, and no errors.
  expect(result.verdict.status, result.verdict.reasons.join('\\n')).toBe('pass');
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

/** The workflow for `files` test files: shardCount(files) shards, then one merged report. */
export function workflow(files: number): string {
  const shards = shardCount(files);
  return `# Written by \`toolvet init\`: the Toolvet suites in ${shards} shard(s), one per group of test files
# (vitest shards by file; init wrote ${files}), then one merged report: HTML uploaded as an artifact,
# Markdown in the job summary and in one pull-request comment, updated in place on every push.
name: toolvet
on:
  push:
  pull_request:
permissions:
  contents: read
  pull-requests: write
jobs:
  eval:
    runs-on: ubuntu-latest
    strategy:
      fail-fast: false
      matrix:
        shard: [${Array.from({ length: shards }, (_, i) => i + 1).join(', ')}]
    steps:
      - uses: actions/checkout@v4
      - uses: actions/setup-node@v4
        with:
          node-version: 22
          cache: npm
      - run: npm ci
      - run: npx vitest run --shard=\${{ matrix.shard }}/${shards} --passWithNoTests
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
      # One comment per pull request, found again by its hidden marker and updated (exits 0 on a push).
      - run: npx toolvet report --merge toolvet-report --pr-comment
        env:
          GITHUB_TOKEN: \${{ github.token }}
      - run: npx toolvet report --merge toolvet-report --gate --format text
`;
}
