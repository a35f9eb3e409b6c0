/**
 * Docs that cannot drift: every transcript (`$ command` and its output), TypeScript example and
 * configuration example in README.md and docs/*.md is run here, from a scratch folder holding a copy
 * of fixtures/, with `toolvet` on PATH as the package's own bin. A command must exit as the docs
 * imply and print output of the same shape (the shown lines, numbers aside); a TypeScript example runs
 * as a vitest suite importing `toolvet` by its package name; a query set or host configuration
 * example must load. Blocks that cannot run here say why in a `<!-- doc-test: skip REASON -->`.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse as parseYaml } from 'yaml';
import { afterAll, describe, expect, it } from 'vitest';
import { loadHostConfig } from '../config/host-config.ts';
import { loadQuerySet } from '../config/query-set.ts';
import { extractBlocks, shapeMatch, type DocBlock } from './extract.ts';
import { prepareWorkdir, runDocCommand, stopBackground, type Workdir } from './workdir.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const blocks = extractBlocks(ROOT);
// One scratch project per page, so one page's files (a .mcp.json, say) never meet another page's commands.
const workdirs = new Map<string, Workdir>();
const workFor = (page: string): string => {
  let dir = workdirs.get(page);
  if (!dir) workdirs.set(page, (dir = prepareWorkdir(ROOT, blocks.filter((b) => b.file === page))));
  return dir.work;
};
afterAll(() => {
  stopBackground();
  for (const dir of workdirs.values()) dir.cleanup();
});

const title = (b: DocBlock): string => `${b.file}:${b.line} (${b.lang || 'text'})`;

describe('README and docs examples', () => {
  it('every block is found, and every skipped one says why', () => {
    expect(blocks.length).toBeGreaterThan(10);
    for (const b of blocks.filter((x) => x.skip !== undefined)) expect(b.skip!.length, title(b)).toBeGreaterThan(10);
  });

  for (const block of blocks.filter((b) => b.commands.length > 0)) {
    it.skipIf(block.skip !== undefined)(`transcript ${title(block)}${block.skip ? ` (skipped: ${block.skip})` : ''}`, () => {
      try {
        let last = 0;
        for (const { command, output } of block.commands) {
          if (command === 'echo $?') {
            expect(String(last), `${title(block)}: exit code of the previous command`).toBe(output[0]?.trim());
            continue;
          }
          const { code, out } = runDocCommand(workFor(block.file), command);
          last = code;
          const { ratio, missing } = shapeMatch(output, out);
          expect(ratio, `${title(block)}: \`${command}\` printed output of another shape; missing lines:\n${missing.slice(0, 8).join('\n')}\n--- actual ---\n${out.slice(0, 3000)}`).toBeGreaterThanOrEqual(0.5);
        }
      } finally {
        stopBackground();
      }
      // A transcript may run several commands (improve, bench) on a loaded machine.
    }, 600_000);
  }

  for (const block of blocks.filter((b) => (b.lang === 'yaml' || b.lang === 'json') && b.commands.length === 0 && !b.writes)) {
    // Loaded as what it is: a query set, a host configuration, or at least valid JSON or YAML.
    it.skipIf(block.skip !== undefined)(`example ${title(block)} loads`, () => {
      const data = block.lang === 'json' ? JSON.parse(block.body) : parseYaml(block.body);
      const file = path.join(workFor(block.file), `example-${block.line}.${block.lang}`);
      writeFileSync(file, block.body);
      if (data && typeof data === 'object' && ('cases' in data || 'scenarios' in data)) expect(loadQuerySet(file).name).toBeTruthy();
      else if (data && typeof data === 'object' && ('mcpServers' in data || 'servers' in data)) expect(loadHostConfig(file)).toBeTruthy();
    });
  }

  const suites = blocks.filter((b) => b.lang === 'ts' && b.skip === undefined);
  it.skipIf(suites.length === 0)('TypeScript examples run as vitest suites against the package', () => {
    const dir = path.join(ROOT, '.doc-tests');
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir);
    try {
      suites.forEach((b, i) => writeFileSync(path.join(dir, `block-${i}-${path.basename(b.file, '.md')}-${b.line}.test.ts`), b.body));
      writeFileSync(path.join(dir, 'vitest.config.ts'), "import { defineConfig } from 'vitest/config';\nexport default defineConfig({ test: { include: ['*.test.ts'], testTimeout: 120_000, hookTimeout: 120_000 } });\n");
      const result = spawnSync(process.execPath, [path.join(ROOT, 'node_modules', 'vitest', 'vitest.mjs'), 'run', '--config', path.join(dir, 'vitest.config.ts'), '--root', dir], {
        cwd: ROOT,
        encoding: 'utf8',
        timeout: 600_000,
        env: { ...process.env, NO_COLOR: '1' },
      });
      expect(result.status, `${suites.map(title).join(', ')}:\n${result.stdout}\n${result.stderr}`).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 600_000);
});
