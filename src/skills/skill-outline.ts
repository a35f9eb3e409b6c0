/**
 * An outline of a SKILL.md body in the forms published skills use (measured on public collections,
 * docs/skills.md "Measured precision"): the title, the context statement, the steps (numbered lists,
 * `## Step N` / `### 1. …` headings, `**1. …**` and `Step 1:` paragraphs, in several languages), the
 * procedure steps one-action checks apply to, the "Don't" list (Don't / Avoid / Anti-patterns /
 * Pitfalls / Common mistakes / Red flags / **NEVER:** / ❌ items and tables), and the file references
 * (Markdown links and inline code paths) with their kind.
 */
import type { SkillDoc } from './skill-file.ts';

export interface OutlineLine {
  text: string;
  line: number;
  /** Steps only: a numbered section heading (`## 1. Purpose`), which may head a section rather than a step. */
  numberedHeading?: boolean;
}

export interface OutlineRef extends OutlineLine {
  /** `link`: a Markdown link target; `code`: an inline-code path. */
  kind: 'link' | 'code';
  /** The whole line the reference is on, for rules that read its wording ("e.g. /Users/jesse/x"). */
  source: string;
}

export interface BodyOutline {
  title?: OutlineLine;
  /** The first prose paragraph after the title. */
  context?: OutlineLine;
  /** Every step in any of the recognised forms, in order. */
  steps: OutlineLine[];
  /** Numbered list items under a procedure heading (Steps, Workflow, Process, Step N, …): what one-action checks read. */
  procedureSteps: OutlineLine[];
  /** The heading (or first item) of a "Don't" list, when there is one. */
  donts?: OutlineLine;
  /** Markdown link targets and inline-code paths, with their lines. */
  links: OutlineRef[];
  /** Non-empty body lines outside code fences. */
  contentLines: number;
}

/** Headings over a list of mistakes to avoid, in the wordings seen in published skills. */
const DONT_HEADING =
  /^#{1,6}\s+.*(?:\b(?:don['’]?t'?s?|do not|avoid(?:ing)?|anti-?patterns?|pitfalls?|(?:common\s+)?mistakes|red\s+flags?|never|gotchas?|caveats?|what not to|rationali[sz]ations?|warnings?|bad (?:practices|patterns)|must not(?: do)?|must never|should not|shouldn['’]t)\b|不要|禁止|避免|注意事[项項]|常[见見][错錯][误誤]|やってはいけない|しないこと|してはいけない|禁止事項|よくある(?:間違い|ミス)|アンチパターン|\bnicht\b|\bevitar\b|\bà éviter\b|\bno hacer\b)/i;
/**
 * A section that states the situation before the steps as a list: "## When to Use This Skill", "## Overview",
 * "## 何时使用". Its items are the context statement, in list form.
 */
const CONTEXT_HEADING = /^#{2,6}\s+(?:when to (?:use|invoke|apply)|use (?:this skill )?when|overview|purpose|context|background|about|introduction|scope|何时使用|何時使用|使用场景|使用場景|概要|目的|いつ使う|使うとき)(?!\w)/i;
/** A bold lead-in for a list of don'ts: `**NEVER:**`, `**Don't**`, `**Avoid:**`, `**Anti-patterns**`. */
const DONT_LEAD = /^\*\*\s*(?:never|don['’]?t|do not|avoid|anti-?patterns?|pitfalls?|common mistakes|red flags?|must not)\b[^*]*\*\*/i;
/** A list item or table row that is itself a don't. */
const DONT_ITEM = /^\s*(?:(?:[-*+]|\d+[.)])\s+(?:\[[ x]\]\s+)?(?:\*\*|__)?\s*(?:❌|⛔|🚫|✗|(?:don['’]t|do not|never|avoid|must not|not)\b)|\|.*(?:❌|⛔|🚫|\bdon['’]t\b|\bavoid\b|\bnever\b|\bmistake\b|\banti-?pattern\b|\bred flag\b).*\|)/i;
/** A table header naming mistakes: `| Mistake | Fix |`, `| Don't | Do |`, `| Rationalization | Reality |`. */
const DONT_TABLE = /^\|.*\b(?:mistakes?|excuses?|don['’]?t|avoid|anti-?patterns?|bad|wrong|rationali[sz]ations?|red flags?|pitfalls?)\b.*\|/i;

const LIST_ITEM = /^\s*(?:[-*+]|\d+[.)])\s+\S/;
/** A numbered list item at the top level (at most 3 spaces in). */
const NUMBERED = /^ {0,3}(\d+)[.)]\s+(\S.*)$/;
/** `## Step 2: …`, `### 1. …`, `## Phase 1`, `## 第1步`, `### ステップ1`, `## Schritt 1`, `## Paso 1`, `## Étape 1`. */
const STEP_HEADING = /^#{2,6}\s+(?:(?:step|phase|stage|schritt|paso|étape|etapa)\s*\d+|\d+[.)]\s+\S|第\s*[\d一二三四五六七八九十]+\s*步|步骤\s*[\d一二三四五六七八九十]+|ステップ\s*[\d０-９]+|手順\s*[\d０-９]+)/i;
/** `**1. Do it**`, `**Step 1:** …`, `Step 1: …`, `1️⃣`, `**第1步**`. */
const STEP_PARAGRAPH = /^(?:\*\*|__)?\s*(?:\d+[.)]\s+\S|(?:step|phase|schritt|paso|étape)\s*\d+\s*[:.)—-]|第\s*\d+\s*步|ステップ\s*\d+)|^\d\uFE0F?\u20E3/i;
/** Headings over a procedure: the numbered items below them are steps one action each. */
const PROCEDURE_HEADING =
  /^#{1,6}\s+.*(?:\b(?:steps?|workflow|process|procedure|instructions?|how to|checklist|phases?|quick ?start|getting started|usage|run(?:ning)?|execution|setup|set up|install(?:ation)?)\b|步骤|流程|手順|ワークフロー)/i;

const LINK = /\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g;
const INLINE_CODE = /`([^`\n]+)`/g;
/** An inline-code span that looks like a path: relative (`./`, `../`), absolute, home (`~/`) or a skill sub-folder. */
const CODE_PATH = /^(?:\.{1,2}\/|\/|~\/|(?:references|scripts|assets|evals|templates|examples)\/)[^\s`]*$/;

export function outlineBody(skill: Pick<SkillDoc, 'body' | 'bodyLine'>): BodyOutline {
  const outline: BodyOutline = { steps: [], procedureSteps: [], links: [], contentLines: 0 };
  const lines = skill.body.split('\n');
  let fence: string | undefined;
  let plainFence = false;
  let dontSection: OutlineLine | undefined;
  let procedure = false;
  let contextSection: OutlineLine | undefined;
  let inProse = false;
  for (let i = 0; i < lines.length; i++) {
    const raw = lines[i];
    const line = skill.bodyLine + i;
    const text = raw.trim();
    const marker = /^(`{3,}|~{3,})\s*([\w+-]*)/.exec(text);
    if (marker && (!fence || (marker[1][0] === fence[0] && marker[1].length >= fence.length && text === marker[1]))) {
      // A plain (or text/markdown) fence is prose set apart: its numbered lines are steps; a code fence's are not.
      plainFence = !fence && /^(?:|text|txt|markdown|md|plain)$/i.test(marker[2]);
      fence = fence ? undefined : marker[1];
      inProse = false;
      continue;
    }
    if (fence && plainFence && !dontSection) {
      const numberedInFence = NUMBERED.exec(raw);
      if (numberedInFence) outline.steps.push({ text: numberedInFence[2], line });
    }
    if (fence || text === '') {
      inProse = false;
      continue;
    }
    outline.contentLines += 1;
    // Link syntax shown inside inline code (`[x](../y.md)`) is an example, not a link; a path given as a
    // link and as code on one line is one reference.
    const prose = raw.replace(INLINE_CODE, (m) => ' '.repeat(m.length));
    const seen = new Set<string>();
    const add = (target: string, kind: OutlineRef['kind']): void => {
      if (seen.has(target)) return;
      seen.add(target);
      outline.links.push({ text: target, line, kind, source: raw });
    };
    for (const m of prose.matchAll(LINK)) add(m[1], 'link');
    for (const m of raw.matchAll(INLINE_CODE)) if (CODE_PATH.test(m[1].trim())) add(m[1].trim(), 'code');
    if (!outline.title && /^#\s+\S/.test(text)) {
      outline.title = { text: text.replace(/^#\s+/, ''), line };
      continue;
    }
    if (/^#{1,6}\s/.test(text)) {
      dontSection = DONT_HEADING.test(text) ? { text, line } : undefined;
      // A section headed "Don't …" / "Common mistakes" names the mistakes, as a list or as prose.
      if (dontSection && !outline.donts) outline.donts = dontSection;
      procedure = PROCEDURE_HEADING.test(text) || STEP_HEADING.test(text);
      contextSection = CONTEXT_HEADING.test(text) ? { text, line } : undefined;
      if (STEP_HEADING.test(text)) outline.steps.push({ text: text.replace(/^#+\s+/, ''), line, ...(/^#+\s+\d/.test(text) ? { numberedHeading: true } : {}) });
      continue;
    }
    if (DONT_LEAD.test(text) || DONT_TABLE.test(text)) dontSection = { text, line };
    if (!outline.donts && (DONT_ITEM.test(raw) || (dontSection && (LIST_ITEM.test(raw) || text.startsWith('|'))))) outline.donts = dontSection ?? { text, line };
    const numbered = NUMBERED.exec(raw);
    if (numbered && !dontSection) {
      outline.steps.push({ text: numbered[2], line });
      if (procedure) outline.procedureSteps.push({ text: numbered[2], line });
    } else if (!LIST_ITEM.test(raw) && STEP_PARAGRAPH.test(text) && !dontSection) {
      outline.steps.push({ text, line });
    }
    if (contextSection && LIST_ITEM.test(raw) && !outline.context) outline.context = contextSection;
    if (LIST_ITEM.test(raw) || text.startsWith('|')) continue;
    if (!outline.context && !inProse && !/^[>|<]/.test(text)) outline.context = { text, line };
    inProse = true;
  }
  return outline;
}
