/**
 * Every file Toolvet writes is contained and atomic (src/safety/write-file.ts), through the CLI:
 * `improve --write` once followed a skill folder linked out of the project and rewrote the SKILL.md
 * there; a write cut short (a full disk, here a file-size limit on the child) once left the user's
 * file truncated; a read-only `--json` folder was found only after the whole run (E_INTERNAL, exit 2,
 * the gate's exit code lost).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BIN, fixture, ROOT, runCli } from '../cli/testing.ts';
import { ToolvetError } from '../errors.ts';
import { resolveInside, writeFileAtomic, writeFileInside } from './write-file.ts';

const dir = mkdtempSync(join(tmpdir(), 'toolvet-writes-'));
const frozen: string[] = [];
afterAll(() => {
  for (const f of frozen) spawnSync('chattr', ['-i', f]);
  rmSync(dir, { recursive: true, force: true });
});

const thrown = (fn: () => unknown): ToolvetError => {
  try {
    fn();
  } catch (error) {
    if (error instanceof ToolvetError) return error;
    throw error;
  }
  throw new Error('expected a ToolvetError');
};

/** A folder no one can create files in, root included (chattr +i), or undefined where that cannot be made. */
function readOnlyFolder(name: string): string | undefined {
  const at = join(dir, name);
  mkdirSync(at);
  execFileSync('chmod', ['555', at]);
  if (process.getuid?.() === 0 && spawnSync('chattr', ['+i', at]).status === 0) frozen.push(at);
  try {
    writeFileSync(join(at, 'probe'), '');
    rmSync(join(at, 'probe'));
    return undefined;
  } catch {
    return at;
  }
}

describe('writeFileInside', () => {
  it('writes inside the folder, making folders on the way', () => {
    const root = join(dir, 'inside');
    writeFileInside(root, 'a/b/c.txt', 'x');
    expect(readFileSync(join(root, 'a', 'b', 'c.txt'), 'utf8')).toBe('x');
  });

  it('refuses a name that climbs out, a folder linked out, and a target that is a link', () => {
    const root = join(dir, 'contained');
    const outside = join(dir, 'outside');
    mkdirSync(root);
    mkdirSync(outside);
    symlinkSync(outside, join(root, 'linked'));
    writeFileSync(join(outside, 'victim.txt'), 'old');
    symlinkSync(join(outside, 'victim.txt'), join(root, 'file-link.txt'));
    expect(thrown(() => writeFileInside(root, '../../../../x', 'y')).message).toContain('the name "../../../../x" leaves');
    const linked = thrown(() => writeFileInside(root, 'linked/victim.txt', 'y'));
    expect(linked.code).toBe('E_OUTPUT_UNWRITABLE');
    expect(linked.message).toContain(`${join(root, 'linked')} is a link to ${outside}, outside`);
    expect(thrown(() => writeFileInside(root, 'linked/new/deeper.txt', 'y')).message).toContain('is a link to');
    expect(thrown(() => writeFileInside(root, 'file-link.txt', 'y')).message).toContain(`is a symbolic link to ${join(outside, 'victim.txt')}`);
    expect(readFileSync(join(outside, 'victim.txt'), 'utf8')).toBe('old');
    expect(existsSync(join(outside, 'new'))).toBe(false);
    expect(resolveInside(root, 'ok.txt')).toBe(join(root, 'ok.txt'));
  });

  it('keeps the permission bits of the file it replaces and leaves no temporary file', () => {
    const file = join(dir, 'script.sh');
    writeFileSync(file, 'old', { mode: 0o750 });
    writeFileAtomic(file, 'new');
    expect(readFileSync(file, 'utf8')).toBe('new');
    expect(spawnSync('stat', ['-c', '%a', file]).stdout.toString().trim()).toBe('750');
    expect(readdirSync(dir).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });
});

describe('through the CLI', () => {
  it('improve --write refuses a skill folder linked out of the --skills folder, naming both; the file there is untouched', async () => {
    const project = join(dir, 'project', 'skills');
    const elsewhere = join(dir, 'elsewhere');
    mkdirSync(project, { recursive: true });
    cpSync(fixture('skills-improve/invoice-drafting'), join(project, 'invoice-drafting'), { recursive: true });
    cpSync(fixture('skills-improve/travel-planning'), join(project, 'travel-planning'), { recursive: true });
    cpSync(fixture('skills-improve/expense-reports'), join(elsewhere, 'expense-reports'), { recursive: true });
    symlinkSync(join(elsewhere, 'expense-reports'), join(project, 'expense-reports'));
    const before = readFileSync(join(elsewhere, 'expense-reports', 'SKILL.md'), 'utf8');
    const run = await runCli(['improve', '--skills', project, '--skill', 'expense-reports', '--write'], { timeoutMs: 240_000 });
    expect(run.code).toBe(3);
    expect(run.stderr).toContain('E_OUTPUT_UNWRITABLE');
    expect(run.stderr).toContain(`cannot write ${join(project, 'expense-reports', 'SKILL.md')}: ${join(project, 'expense-reports')} is a link to ${join(elsewhere, 'expense-reports')}`);
    expect(readFileSync(join(elsewhere, 'expense-reports', 'SKILL.md'), 'utf8')).toBe(before);
  }, 300_000);

  it('a write cut short (file-size limit: EFBIG, as a full disk gives ENOSPC) leaves the old file whole', async () => {
    const input = join(dir, 'eval.json');
    expect((await runCli(['eval', '--tools', fixture('tools/refman.json'), '--queries', fixture('queries/refman.yaml'), '--json', input])).code).toBe(0);
    const out = join(dir, 'report.md');
    const old = `# my own notes\n${'keep me\n'.repeat(50)}`;
    writeFileSync(out, old);
    // bash's `ulimit -f 2`: no write past 2 KB in any file; the report is larger.
    const run = spawnSync('bash', ['-c', `ulimit -f 2; exec "${process.execPath}" "${BIN}" report "${input}" --format markdown --out "${out}"`], { cwd: ROOT, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
    expect(run.stderr).toContain('E_OUTPUT_UNWRITABLE');
    expect(run.stderr).toContain('(EFBIG); the previous file is left as it was');
    expect(run.status).toBe(3);
    expect(readFileSync(out, 'utf8')).toBe(old);
    expect(readdirSync(dir).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  }, 60_000);

  it('a --json folder that cannot be written fails at start (E_OUTPUT_UNWRITABLE, exit 3), before any server starts', async (ctx) => {
    const ro = readOnlyFolder('read-only');
    if (!ro) return ctx.skip();
    const marker = join(dir, 'server-started');
    const host = join(dir, 'marker-host.json');
    // A server that leaves a marker when it starts, then serves echo.
    writeFileSync(host, JSON.stringify({ mcpServers: { echo: { command: process.execPath, args: ['-e', `require('fs').writeFileSync(${JSON.stringify(marker)}, 'started'); import(${JSON.stringify(fixture('servers/echo.mjs'))})`] } } }));
    const run = await runCli(['eval', '--config', host, '--queries', fixture('queries/echo.yaml'), '--min-accuracy', '0.5', '--json', join(ro, 'out.json')], { timeoutMs: 60_000 });
    expect(run.code).toBe(3);
    expect(run.stderr).toContain(`E_OUTPUT_UNWRITABLE: --json ${join(ro, 'out.json')}: cannot create files in ${ro}`);
    expect(existsSync(marker)).toBe(false);
  }, 90_000);

  it('an output that is a link is refused at start, and the file it points to is untouched', async () => {
    const target = join(dir, 'precious.txt');
    writeFileSync(target, 'precious');
    const link = join(dir, 'out-link.json');
    symlinkSync(target, link);
    const run = await runCli(['lint', '--tools', fixture('tools/refman.json'), '--format', 'json', '--output', link]);
    expect(run.code).toBe(3);
    expect(run.stderr).toContain(`cannot write ${link}: it is a symbolic link to ${target}`);
    expect(readFileSync(target, 'utf8')).toBe('precious');
  }, 60_000);
});
