/**
 * The package as a user gets it: `npm pack` (prepare builds), a fresh project in a temporary folder,
 * `npm install` of the tarball with vitest and typescript from the registry, and there: the CLI
 * (--version, run, eval, lint, snapshot), `import('toolvet')` from plain Node, a strict NodeNext
 * type-check of a file using the public API (skipLibCheck false), and a vitest suite with the
 * matchers and the reporter (fixtures/consumer/). Slow (an install): generous timeouts.
 */
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { fixture, ROOT } from '../cli/testing.ts';
import { STREAM_ABOVE_BYTES } from '../config/query-set-source.ts';
import { binScript } from '../testing/third-party-servers.ts';
import { createProject, exec, execOk, packInto } from './consumer-project.ts';

const VERSION = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string }).version;
const LONG = 600_000;

let work: string;
let tarball: string;

beforeAll(async () => {
  work = mkdtempSync(join(os.tmpdir(), 'toolvet-consumer-'));
  tarball = await packInto(join(work, 'pack'));
}, 1_800_000);

afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

describe('the packed package in a fresh project', { timeout: LONG }, () => {
  let project: string;
  const toolvet = (args: string[]) => exec('npx', ['--no-install', 'toolvet', ...args], { cwd: project, timeoutMs: LONG });
  const example = (path: string): string => join(project, 'node_modules/toolvet/fixtures', path);

  beforeAll(async () => {
    project = join(work, 'project');
    await createProject(project, tarball);
    cpSync(fixture('consumer'), project, { recursive: true });
  }, 1_800_000);

  it('npm pack lists no test, test helper, CI script, bench harness or TypeScript source', async () => {
    const run = await execOk('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd: ROOT });
    const files = (JSON.parse(run.stdout) as { files: { path: string }[] }[])[0]!.files.map((f) => f.path);
    expect(files).toContain('dist/cli.js');
    expect(files).toContain('dist/types/src/index.d.ts');
    expect(files).toContain('fixtures/hosts/example.json');
    expect(files).toContain('LICENSE');
    const unwanted = files.filter((f) => /\.test\.|(^|\/)testing\/|^\.ci\/|bench\/harness|\.png$|^suites\/|^src\/.*\.ts$|^scripts\//.test(f));
    expect(unwanted).toEqual([]);
  });

  it('toolvet --version prints the version', async () => {
    const run = await toolvet(['--version']);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout.trim()).toBe(VERSION);
  });

  it('toolvet run: the bundled example passes from the installed package', async () => {
    const run = await toolvet(['run']);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/PASS accuracy/);
  });

  it('toolvet eval on the bundled example writes a result', async () => {
    const out = join(project, 'eval.json');
    const run = await toolvet(['eval', '--config', example('hosts/example.json'), '--server', 'echo', '--queries', example('queries/echo.yaml'), '--min-accuracy', '0.5', '--json', out]);
    expect(run.code, run.stderr).toBe(0);
    const result = JSON.parse(readFileSync(out, 'utf8')) as { summary: { cases: number }; verdict: { status: string } };
    expect(result.summary.cases).toBeGreaterThan(0);
    expect(result.verdict.status).toBe('pass');
  });

  it('toolvet eval streams a large JSON query set from the installed package', async () => {
    const base = (parse(readFileSync(example('queries/echo.yaml'), 'utf8')) as { cases: Array<{ id: string }> }).cases;
    const cases = Array.from({ length: 12_000 }, (_, i) => ({ ...base[i % base.length], id: `${base[i % base.length].id}-${i}` }));
    const text = JSON.stringify({ name: 'many', cases });
    // Past the size from which eval streams a JSON set rather than parse it whole.
    expect(text.length).toBeGreaterThan(STREAM_ABOVE_BYTES);
    writeFileSync(join(project, 'many.json'), text);
    const run = await toolvet(['eval', '--tools', example('tools/echo.json'), '--model', 'mock', '--queries', 'many.json', '--results', 'many.jsonl', '--json', 'many-result.json']);
    expect(run.code, run.stderr).toBe(0);
    const result = JSON.parse(readFileSync(join(project, 'many-result.json'), 'utf8')) as { summary: { cases: number }; cases: Array<{ id: string }> };
    expect(result.summary.cases).toBe(12_000);
    expect(result.cases.map((c) => c.id)).toEqual(cases.map((c) => c.id));
    expect(readFileSync(join(project, 'many.jsonl'), 'utf8').trim().split('\n')).toHaveLength(12_001);
  });

  it('toolvet lint on a tool file', async () => {
    const run = await toolvet(['lint', '--tools', example('tools/echo.json'), '--format', 'json']);
    expect(run.code, run.stderr).toBe(0);
    expect((JSON.parse(run.stdout) as { lint: { findings: unknown[] } }).lint.findings).toEqual([]);
  });

  it('toolvet snapshot of a bundled server', async () => {
    const run = await toolvet(['snapshot', '--config', example('hosts/example.json'), '--server', 'echo', '--out', join(project, 'snapshots')]);
    expect(run.code, run.stderr).toBe(0);
    const snapshot = JSON.parse(readFileSync(join(project, 'snapshots/echo.json'), 'utf8')) as { tools: { name: string }[] };
    expect(snapshot.tools.map((t) => t.name)).toEqual(['echo']);
  });

  it('imports toolvet, its reporter and its result schema from plain Node', async () => {
    const script = [
      "const t = await import('toolvet');",
      "const r = await import('toolvet/reporter');",
      "const schema = (await import('toolvet/result.schema.json', { with: { type: 'json' } })).default;",
      "const tools = t.loadToolFile('node_modules/toolvet/fixtures/tools/echo.json').tools;",
      'console.log(JSON.stringify({ runEval: typeof t.runEval, rules: Object.keys(t.TOOL_RULES).length, findings: t.lintTools(tools).findings.length, reporter: typeof r.default, schema: typeof schema.$schema }));',
    ].join('\n');
    const run = await execOk('node', ['--input-type=module', '-e', script], { cwd: project });
    expect(JSON.parse(run.stdout)).toEqual({ runEval: 'function', rules: expect.any(Number), findings: 0, reporter: 'function', schema: 'string' });
  });

  it('type-checks a consumer of the public API under strict NodeNext with skipLibCheck false', async () => {
    const run = await exec('node', ['node_modules/typescript/bin/tsc', '-p', '.'], { cwd: project, timeoutMs: LONG });
    expect(`${run.stdout}${run.stderr}`.trim()).toBe('');
    expect(run.code).toBe(0);
  });

  it('runs a vitest suite with toolvet/vitest matchers and the toolvet/reporter reporter', async () => {
    const run = await exec('npx', ['--no-install', 'vitest', 'run'], { cwd: project, timeoutMs: LONG });
    expect(run.code, `${run.stdout}\n${run.stderr}`).toBe(0);
    expect(run.stdout).toMatch(/2 passed/);
    const report = JSON.parse(readFileSync(join(project, 'toolvet-report/toolvet.json'), 'utf8')) as { verdict: { status: string } };
    expect(report.verdict.status).toBe('pass');
    expect(existsSync(join(project, 'toolvet-report/toolvet.html'))).toBe(true);
  });
});

describe('toolvet init in an empty project, then what it wrote', { timeout: LONG }, () => {
  let project: string;
  const run = (command: string, args: string[]) => exec('npx', ['--no-install', command, ...args], { cwd: project, timeoutMs: LONG });

  beforeAll(async () => {
    project = join(work, 'app');
    await createProject(project, tarball);
    // The project's own host configuration: two servers shipped in the package, by absolute path, and
    // four real npm servers nobody here tuned init on (their installed copies, each in its own state).
    const servers = join(project, 'node_modules/toolvet/fixtures/servers');
    const entry = (file: string) => ({ command: 'node', args: [join(servers, file)] });
    const real = (pkg: string, args: string[] = [], env: Record<string, string> = {}) => ({ command: 'node', args: [binScript(pkg), ...args], env });
    mkdirSync(join(project, 'files'));
    const mcpServers = {
      echo: entry('echo.mjs'),
      refman: entry('refman.mjs'),
      memory: real('@modelcontextprotocol/server-memory', [], { MEMORY_FILE_PATH: join(project, 'memory.jsonl') }),
      filesystem: real('@modelcontextprotocol/server-filesystem', [join(project, 'files')]),
      everything: real('@modelcontextprotocol/server-everything', ['stdio']),
      // HOME in the project: kubernetes looks for ~/.kube/config (none: it lists its tools anyway).
      kubernetes: real('mcp-server-kubernetes', [], { HOME: project }),
    };
    writeFileSync(join(project, '.mcp.json'), JSON.stringify({ mcpServers }, null, 2));
  }, 1_800_000);

  it('init writes the query sets, one test file per server, vitest.config.ts and the workflow', async () => {
    const init = await run('toolvet', ['init']);
    expect(init.code, init.stderr).toBe(0);
    for (const file of ['toolvet/queries/echo.yaml', 'toolvet/queries/refman.yaml', 'toolvet/selection/echo.test.ts', 'toolvet/selection/refman.test.ts', 'vitest.config.ts', '.github/workflows/toolvet.yml']) {
      expect(existsSync(join(project, file)), file).toBe(true);
    }
    // Each real server with three or more tools: two positive drafts and a near miss at least.
    for (const server of ['memory', 'filesystem', 'everything', 'kubernetes']) {
      expect(init.stdout).toMatch(new RegExp(`  ${server}: \\d+ tool\\(s\\), \\d+ draft case\\(s\\): ([2-9]|\\d\\d+) positive, [1-9]\\d* near miss`));
    }
    expect(readFileSync(join(project, 'toolvet/queries/refman.yaml'), 'utf8')).toMatch(/draft: true/);
    const again = await run('toolvet', ['init']);
    expect(again.code).toBe(0);
    expect(again.stdout).toMatch(/kept vitest\.config\.ts \(it exists; --force overwrites it\)/);
  });

  it('npx vitest run is green, and the report reminds of the draft cases', async () => {
    const vitest = await run('vitest', ['run']);
    expect(vitest.code, `${vitest.stdout}\n${vitest.stderr}`).toBe(0);
    expect(vitest.stdout).toMatch(/6 passed/);
    const markdown = readFileSync(join(project, 'toolvet-report/toolvet.md'), 'utf8');
    expect(markdown).toMatch(/W_DRAFT_CASES/);
  });

  it("the workflow's commands work: four shards, then report --merge into HTML and Markdown", async () => {
    rmSync(join(project, 'toolvet-report'), { recursive: true, force: true });
    for (const shard of ['1/4', '2/4', '3/4', '4/4']) {
      const vitest = await run('vitest', ['run', `--shard=${shard}`, '--passWithNoTests']);
      expect(vitest.code, `${vitest.stdout}\n${vitest.stderr}`).toBe(0);
    }
    const merged = await run('toolvet', ['report', '--merge', 'toolvet-report', '--format', 'html,markdown', '--out-dir', 'toolvet-merged']);
    expect(merged.code, merged.stderr).toBe(0);
    expect(readFileSync(join(project, 'toolvet-merged/toolvet.md'), 'utf8')).toMatch(/echo/);
    expect(existsSync(join(project, 'toolvet-merged/toolvet.html'))).toBe(true);
    const workflow = readFileSync(join(project, '.github/workflows/toolvet.yml'), 'utf8');
    expect(workflow).toContain('npx vitest run --shard=${{ matrix.shard }}/4 --passWithNoTests');
    expect(workflow).toContain('npx toolvet report --merge toolvet-report --format html,markdown --out-dir toolvet-merged');
  });
});
