/**
 * The skills behaviour eval follows the scenarios' safety rule: a tool that may write or delete runs
 * only when --allow-tools names it. Through the CLI against the live to-do fixture, whose own log says
 * which calls reached it: a model asking to clear the list never clears it, unless allowed.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { fixture, runCli } from '../cli/testing.ts';

const dir = mkdtempSync(path.join(os.tmpdir(), 'toolvet-behaviour-safety-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function setup(): { skills: string; host: string; log: string } {
  const skills = path.join(dir, 'skills');
  const skill = path.join(skills, 'list-keeper');
  mkdirSync(path.join(skill, 'evals'), { recursive: true });
  writeFileSync(
    path.join(skill, 'SKILL.md'),
    "---\nname: list-keeper\ndescription: Keeps the user's to-do list tidy. Use when the user says 'clear my to-do list' or 'empty my list'. Do NOT use for calendars.\n---\n# List keeper\n\nKeeps the list short.\n\n1. Clear the list when asked.\n\n## Don't\n\n- Don't add items.\n",
  );
  writeFileSync(path.join(skill, 'evals', 'evals.json'), JSON.stringify({ evals: [{ input: 'Clear my whole to-do list, remove every item', expected_behavior: ['Calls clear_todos'] }] }));
  const log = path.join(dir, 'todo.log');
  const host = path.join(dir, 'host.json');
  writeFileSync(host, JSON.stringify({ mcpServers: { todo: { command: process.execPath, args: [fixture('servers/todo.mjs')], env: { TODO_LOG: log } } } }));
  return { skills, host, log };
}

const reached = (log: string): string[] => (existsSync(log) ? readFileSync(log, 'utf8').trim().split('\n').filter(Boolean).map((l) => (JSON.parse(l) as { tool: string }).tool) : []);

describe('skills eval --behaviour on a server with destructive tools', () => {
  it('holds back clear_todos unless --allow-tools names it', async () => {
    const { skills, host, log } = setup();
    const args = ['skills', 'eval', skills, '--config', host, '--no-trigger', '--no-baseline', '--max-turns', '2'];
    const held = await runCli(args, { timeoutMs: 240_000 });
    expect([0, 1], held.stderr).toContain(held.code);
    // The model did ask for it (the behaviour "Calls clear_todos" is about the request), but it never ran.
    expect(reached(log)).not.toContain('clear_todos');
    const allowed = await runCli([...args, '--allow-tools', 'clear_todos'], { timeoutMs: 240_000 });
    expect([0, 1], allowed.stderr).toContain(allowed.code);
    expect(reached(log)).toContain('clear_todos');
  }, 300_000);
});
