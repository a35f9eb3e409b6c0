/**
 * `toolvet improve --skills DIR --skill NAME`: a skill's description (the SKILL.md front matter
 * `description`) improved from the trigger evals, by the same loop as tool descriptions (improve.ts):
 * every discovered skill is a "tool" named by the skill with its description; the cases are every
 * skill's trigger evals (a `should_trigger: false` case expects no load of its skill); each run is
 * the trigger eval itself (trigger-eval.ts: the simulated host offering every skill through
 * `load_skill`); candidates are linted with the skill lint rules; `--write` replaces the description
 * in SKILL.md and leaves every other byte of the file as it was.
 */
import { readFileSync } from 'node:fs';
import type matterType from 'gray-matter';
import { lazyRequire } from '../lazy-require.ts';
import { ToolvetError } from '../errors.ts';
import type { SkillRoot, DiscoverOptions } from '../skills/discover.ts';
import type { SkillEvalCase } from '../skills/evals-file.ts';
import { lintDiscovery } from '../skills/lint-skills.ts';
import { prepareSkillsEval } from '../skills/skills-eval-run.ts';
import { descriptionOf, type SkillDoc } from '../skills/skill-file.ts';
import { DEFAULT_TRIGGER_THRESHOLD, runTriggerEval } from '../skills/trigger-eval.ts';
import type { TriggerCaseResult } from '../skills/result-types.ts';
import type { CaseResult, ModelDriver, SelectionCase, ToolDefinition } from '../types.ts';
import { improveDescriptions, type ImproveOptions, type ImproveResult } from './improve.ts';

// Loaded on first use, as in skill-file.ts: importing the package does not load it.
const matter = lazyRequire<typeof matterType>('gray-matter');

export interface ImproveSkillOptions extends Omit<ImproveOptions, 'tools' | 'cases' | 'targets' | 'evaluate' | 'lint' | 'targetOnly'> {
  roots: readonly SkillRoot[];
  skill: string;
  discover?: DiscoverOptions;
  /** Share of attempts that must load the skill for a should-trigger case to pass (default 0.5). */
  threshold?: number;
}

export interface SkillImproveResult {
  result: ImproveResult;
  /** SKILL.md of every skill, by name. */
  files: Record<string, string>;
}

const asTool = (skill: SkillDoc): ToolDefinition => ({ name: skill.name, description: descriptionOf(skill), inputSchema: { type: 'object', properties: {} } });

/** A trigger case's outcome in the shape the improve loop and the A/B read (one attempt per load). */
function asCaseResult(r: TriggerCaseResult, suite: string): CaseResult {
  const chosen = (load: string): string | null => (load === '(none)' ? null : load);
  const attemptPassed = (load: string): boolean => (r.shouldTrigger ? load === r.skill : load !== r.skill);
  return {
    id: r.id,
    suite,
    query: r.query,
    expected: { tool: r.shouldTrigger ? r.skill : null },
    state: r.state,
    pass: r.pass,
    chosen: r.loads[0] === undefined ? undefined : chosen(r.loads[0]),
    reason: r.reason,
    attempts: r.loads.map((load) => ({ state: load === '(error)' ? 'errored' : attemptPassed(load) ? 'passed' : 'failed', chosen: chosen(load), reason: r.reason, latencyMs: 0 })),
    passRate: r.shouldTrigger ? r.triggerRate : 1 - r.triggerRate,
  };
}

export async function improveSkill(options: ImproveSkillOptions): Promise<SkillImproveResult> {
  const prepared = prepareSkillsEval({ roots: options.roots, ...(options.discover ? { discover: options.discover } : {}) });
  const target = prepared.usable.get(options.skill);
  if (!target) {
    throw new ToolvetError('E_USAGE', `--skill ${options.skill}: no usable skill of that name`, { hint: `skills found: ${[...prepared.usable.keys()].join(', ') || 'none'}` });
  }
  const evalCases = [...prepared.evals.values()].flatMap((e) => e.cases);
  if (!evalCases.some((c) => c.skill === options.skill && c.shouldTrigger)) {
    throw new ToolvetError('E_USAGE', `--skill ${options.skill}: its evals/evals.json has no case that should trigger it`, { file: target.file, hint: 'write trigger evals (requests that should load the skill) in evals/evals.json; see docs/skills.md' });
  }
  const byId = new Map<string, SkillEvalCase>(evalCases.map((c) => [c.id, c]));
  const cases: SelectionCase[] = evalCases.map((c) => ({ id: c.id, query: c.query, expect: { tool: c.shouldTrigger ? c.skill : null }, suite: 'skills' }));
  const threshold = options.threshold ?? DEFAULT_TRIGGER_THRESHOLD;
  const model: ModelDriver = options.model;
  const evaluate = async (selected: SelectionCase[], tools: ToolDefinition[], repeat: number): Promise<CaseResult[]> => {
    const run = await runTriggerEval({ skills: tools.map((t) => ({ name: t.name, description: t.description ?? '' })), cases: selected.map((c) => byId.get(c.id)!), model, repeat, threshold, concurrency: 1, temperature: 0 });
    return run.cases.map((r) => asCaseResult(r, 'skills'));
  };
  const lint = (tools: ToolDefinition[], changed: string[]): Array<{ ruleId: string; message: string }> => {
    const skills = prepared.discovery.skills.map((s) => {
      const edited = tools.find((t) => t.name === s.name && changed.includes(s.name));
      return edited ? { ...s, frontMatter: { ...s.frontMatter, data: Object.assign(Object.create(null) as Record<string, unknown>, s.frontMatter.data, { description: edited.description }) } } : s;
    });
    return lintDiscovery({ ...prepared.discovery, skills }).findings.filter((f) => f.severity === 'error' && changed.includes(f.target ?? ''));
  };
  const usable = [...prepared.usable.values()];
  // Only the named skill's description changes: `--write` rewrites its SKILL.md and no other.
  const result = await improveDescriptions({ ...options, tools: usable.map(asTool), cases, targets: [options.skill], targetOnly: true, evaluate, lint });
  return { result, files: Object.fromEntries(usable.map((s) => [s.name, s.file])) };
}

/**
 * SKILL.md with its front matter `description` replaced by `description` and nothing else changed:
 * the description's lines (the key and its indented continuation) are replaced, as a folded block
 * when it was one, else as one double-quoted YAML line; the result is read back with gray-matter,
 * which must find the new description and every other key as before.
 */
export function withDescription(text: string, description: string, file = 'SKILL.md'): string {
  const lines = text.split('\n');
  const close = lines[0]?.trim() === '---' ? lines.findIndex((l, i) => i > 0 && l.trim() === '---') : -1;
  const at = close > 0 ? lines.slice(1, close).findIndex((l) => /^description\s*:/.test(l)) + 1 : 0;
  if (at <= 0) throw new ToolvetError('E_FILE_INVALID', `${file}: no \`description\` in the front matter to replace`, { file, hint: 'add a description line to the front matter' });
  let end = at + 1;
  while (end < close && (/^\s+\S/.test(lines[end]) || lines[end].trim() === '')) end++;
  // A folded block (`>-`) stays one, wrapped near 100 columns; anything else becomes a JSON string (valid YAML).
  const folded = /^description\s*:\s*>-?\s*$/.test(lines[at]) && !/^\s|\s$|\n| {2}/.test(description);
  const entry = folded ? ['description: >-', ...wrap(description, 98).map((l) => `  ${l}`)] : [`description: ${JSON.stringify(description)}`];
  const out = [...lines.slice(0, at), ...entry, ...lines.slice(end)].join('\n');
  const before = matter()(text, {}).data as Record<string, unknown>;
  const after = matter()(out, {}).data as Record<string, unknown>;
  const same = Object.keys(before).every((k) => k === 'description' || JSON.stringify(before[k]) === JSON.stringify(after[k])) && Object.keys(after).length === Object.keys(before).length;
  if (after.description !== description || !same) {
    throw new ToolvetError('E_FILE_INVALID', `${file}: the front matter did not read back the same after replacing the description`, { file, hint: 'write the description as one plain `description:` entry and run again' });
  }
  return out;
}

function wrap(text: string, width: number): string[] {
  const out: string[] = [];
  let line = '';
  for (const word of text.split(/ +/)) {
    if (line && line.length + 1 + word.length > width) {
      out.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) out.push(line);
  return out;
}

/** Rewrites each changed skill's SKILL.md in place; returns the files written. */
export function skillFileEdits(run: SkillImproveResult): Array<{ skill: string; file: string; text: string }> {
  const last = new Map<string, string>();
  for (const step of run.result.steps) for (const c of step.changes) last.set(c.tool, c.new);
  return [...last].map(([skill, description]) => {
    const file = run.files[skill];
    return { skill, file, text: withDescription(readFileSync(file, 'utf8'), description, file) };
  });
}
