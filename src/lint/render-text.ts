/**
 * The text form of tool lint: findings grouped by tool set, then by tool, then a one-line summary.
 * Every line is built by the `text` template (src/report/text-kit.ts), so a set name, tool, path,
 * message or error from a server stays on its line.
 */
import { isAbsolute, relative } from 'node:path';
import pc from 'picocolors';
import type { Finding } from './framework.ts';
import type { ToolLintResult } from './lint-tools.ts';
import { joinText, styled, text, type Text } from '../report/text-kit.ts';

const MARK: Record<Finding['severity'], (s: string) => string> = { error: pc.red, warn: pc.yellow, info: pc.cyan };

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

export function renderLintText(result: ToolLintResult): string {
  const lines: Text[] = [];
  for (const set of result.sets) {
    const findings = result.findings.filter((f) => (set.kind === 'server' ? f.server === set.name : set.kind === 'file' ? f.file === set.name : true));
    const shown = set.kind === 'file' && isAbsolute(set.name) && !relative(process.cwd(), set.name).startsWith('..') ? relative(process.cwd(), set.name) : set.name;
    const more = [set.prompts !== undefined ? plural(set.prompts, 'prompt') : '', set.resources !== undefined ? plural(set.resources, 'resource') : ''].filter(Boolean).map((s) => `, ${s}`).join('');
    lines.push(text`${styled(pc.bold, shown)}${styled(pc.dim, ` (${set.kind}, ${plural(set.tools, 'tool')}${more}, ~${set.tokenEstimate} tokens)`)}`);
    if (set.error) {
      lines.push(text`  ${styled(pc.red, 'could not lint')}: ${set.error.code} ${set.error.message}`);
      continue;
    }
    if (findings.length === 0) {
      lines.push(text`  ${styled(pc.green, 'no findings')}`);
      continue;
    }
    const byTarget = new Map<string, Finding[]>();
    for (const f of findings) {
      const key = f.target ?? '(tool set)';
      byTarget.set(key, [...(byTarget.get(key) ?? []), f]);
    }
    for (const [target, group] of byTarget) {
      lines.push(text`  ${target}`);
      for (const f of group) lines.push(text`    ${styled(MARK[f.severity], f.severity.padEnd(5))}  ${f.ruleId.padEnd(30)} ${styled(pc.dim, f.path)}\n           ${f.message}`);
    }
  }
  const s = result.summary;
  // No pass line when a server was not reached: what was not linted cannot pass.
  const unreached = result.sets.filter((set) => set.error).map((set) => set.name);
  const incomplete = unreached.length > 0 ? styled(pc.red, `incomplete: ${plural(unreached.length, 'server')} not reached (${unreached.join(', ')})`) : undefined;
  const failing = result.failed ? styled(pc.red, `fails at --fail-on ${result.failOn}`) : undefined;
  const verdict = result.failed ? joinText([failing, incomplete], '; ') : incomplete ?? styled(pc.green, `passes at --fail-on ${result.failOn}`);
  lines.push(text``, text`${plural(s.error, 'error')}, ${plural(s.warn, 'warning')}, ${s.info} info (profile ${result.profile}); ${verdict}`);
  return joinText(lines).text;
}
