/** The text form of tool lint: findings grouped by tool set, then by tool, then a one-line summary. */
import { isAbsolute, relative } from 'node:path';
import pc from 'picocolors';
import type { Finding } from './framework.ts';
import type { ToolLintResult } from './lint-tools.ts';
import { sanitizeLine as one } from '../safety/terminal.ts';

const MARK: Record<Finding['severity'], (s: string) => string> = { error: pc.red, warn: pc.yellow, info: pc.cyan };

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

export function renderLintText(result: ToolLintResult): string {
  const lines: string[] = [];
  for (const set of result.sets) {
    const findings = result.findings.filter((f) => (set.kind === 'server' ? f.server === set.name : set.kind === 'file' ? f.file === set.name : true));
    const shown = set.kind === 'file' && isAbsolute(set.name) && !relative(process.cwd(), set.name).startsWith('..') ? relative(process.cwd(), set.name) : set.name;
    const more = [set.prompts !== undefined ? plural(set.prompts, 'prompt') : '', set.resources !== undefined ? plural(set.resources, 'resource') : ''].filter(Boolean).map((s) => `, ${s}`).join('');
    lines.push(pc.bold(shown) + pc.dim(` (${set.kind}, ${plural(set.tools, 'tool')}${more}, ~${set.tokenEstimate} tokens)`));
    if (set.error) {
      lines.push(`  ${pc.red('could not lint')}: ${set.error.code} ${set.error.message}`);
      continue;
    }
    if (findings.length === 0) {
      lines.push(`  ${pc.green('no findings')}`);
      continue;
    }
    const byTarget = new Map<string, Finding[]>();
    for (const f of findings) {
      const key = f.target ?? '(tool set)';
      byTarget.set(key, [...(byTarget.get(key) ?? []), f]);
    }
    for (const [target, group] of byTarget) {
      lines.push(`  ${one(target)}`);
      for (const f of group) lines.push(`    ${MARK[f.severity](f.severity.padEnd(5))}  ${f.ruleId.padEnd(30)} ${pc.dim(one(f.path))}\n           ${one(f.message)}`);
    }
  }
  const s = result.summary;
  // No pass line when a server was not reached: what was not linted cannot pass.
  const unreached = result.sets.filter((set) => set.error).map((set) => set.name);
  const incomplete = unreached.length > 0 ? pc.red(`incomplete: ${plural(unreached.length, 'server')} not reached (${unreached.join(', ')})`) : '';
  const verdict = result.failed ? [pc.red(`fails at --fail-on ${result.failOn}`), incomplete].filter(Boolean).join('; ') : incomplete || pc.green(`passes at --fail-on ${result.failOn}`);
  lines.push('', `${plural(s.error, 'error')}, ${plural(s.warn, 'warning')}, ${s.info} info (profile ${result.profile}); ${verdict}`);
  return lines.join('\n');
}
