/**
 * Reading one SKILL.md (spec 2.2): the front matter between `---` lines, parsed with gray-matter, and
 * the body. Content problems are recorded, not thrown, so that lint can report every one of them with
 * its line; `requireUsableSkill` is the strict gate the evals use.
 */
import { basename } from 'node:path';
import type matterType from 'gray-matter';
import { lazyRequire } from '../lazy-require.ts';
import { ToolvetError } from '../errors.ts';
import { readSkillText } from './skill-read-guard.ts';

const matter = lazyRequire<typeof matterType>('gray-matter');

export type SkillScope = 'user' | 'project';

export interface FrontMatter {
  /** The file opens with a `---` line. */
  present: boolean;
  /** A second `---` line ends it. */
  closed: boolean;
  data: Record<string, unknown>;
  /** A YAML error, with its 1-based line in SKILL.md. */
  error?: { message: string; line?: number };
  /** 1-based line of each top-level key, for findings. */
  keyLines: Record<string, number>;
}

export interface SkillDoc {
  /** The skill's name: the front-matter `name` when it is a safe identifier, else the folder name. */
  name: string;
  folderName: string;
  folder: string;
  file: string;
  scope: SkillScope;
  /** The cloned collection folder the skill sits in (spec 11), if any. */
  collection?: string;
  /** The hidden folder on the way from the root (e.g. `.curated`), if any. */
  hidden?: string;
  /** The plugin or marketplace manifest naming the skill, if any. */
  manifest?: string;
  /** The Claude Code plugin the skill belongs to; hosts namespace it `plugin:name`. */
  plugin?: string;
  /** `plugin:name`, set by discovery when another discovered skill has the same bare name (see skillId). */
  qualifiedName?: string;
  /** The file could not be read at all (empty, binary, a FIFO, ...). */
  readError?: string;
  /** The error code of `readError`, e.g. E_FILE_SPECIAL for a FIFO or a device. */
  readErrorCode?: string;
  frontMatter: FrontMatter;
  body: string;
  /** 1-based line in SKILL.md where the body starts. */
  bodyLine: number;
  lineCount: number;
}

/** The name findings, results and the trigger eval use: `plugin:name` where the bare name is shared, else the name. */
export function skillId(skill: Pick<SkillDoc, 'name' | 'qualifiedName'>): string {
  return skill.qualifiedName ?? skill.name;
}

/** lowercase words joined by single hyphens, 1-64 characters (spec 2.2). */
export const SKILL_NAME_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const MAX_NAME_LENGTH = 64;

export function isSafeSkillName(value: unknown): value is string {
  return typeof value === 'string' && value.length <= MAX_NAME_LENGTH && SKILL_NAME_PATTERN.test(value);
}

interface Location {
  folder: string;
  file: string;
  scope: SkillScope;
  collection?: string;
  hidden?: string;
  manifest?: string;
  plugin?: string;
}

export function readSkill(location: Location): SkillDoc {
  const base = { folderName: basename(location.folder), ...location };
  let text: string;
  try {
    // Refuses a FIFO, a device or a symlink leaving the skill folder before reading; reads at most 4 MB.
    text = readSkillText(location.file, location.folder, 'SKILL.md');
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const code = error instanceof ToolvetError ? error.code : 'E_FILE_UNREADABLE';
    const empty: FrontMatter = { present: false, closed: false, data: Object.create(null) as Record<string, unknown>, keyLines: Object.create(null) as Record<string, number> };
    return { ...base, name: base.folderName, readError: message, readErrorCode: code, frontMatter: empty, body: '', bodyLine: 1, lineCount: 0 };
  }
  return parseSkill(text, base);
}

export function parseSkill(text: string, base: Omit<SkillDoc, 'name' | 'frontMatter' | 'body' | 'bodyLine' | 'lineCount'>): SkillDoc {
  const lines = text.replace(/\r\n/g, '\n').split('\n');
  const lineCount = lines.length - (lines.at(-1) === '' ? 1 : 0);
  // Null-prototype maps: a front-matter key such as `constructor` or `__proto__` is a key like any other.
  const frontMatter: FrontMatter = { present: false, closed: false, data: Object.create(null) as Record<string, unknown>, keyLines: Object.create(null) as Record<string, number> };
  let bodyStart = 0;
  if (lines[0]?.trim() === '---') {
    frontMatter.present = true;
    const close = lines.findIndex((line, i) => i > 0 && line.trim() === '---');
    if (close > 0) {
      frontMatter.closed = true;
      bodyStart = close + 1;
      for (let i = 1; i < close; i++) {
        const key = /^([^\s:#][^:]*):/.exec(lines[i]);
        if (key && frontMatter.keyLines[key[1].trim()] === undefined) frontMatter.keyLines[key[1].trim()] = i + 1;
      }
      try {
        // Options object given on purpose: gray-matter caches by content only when none are passed.
        const parsed = matter()(lines.slice(0, close + 1).join('\n'), {});
        if (parsed.data && typeof parsed.data === 'object' && !Array.isArray(parsed.data)) frontMatter.data = Object.assign(Object.create(null) as Record<string, unknown>, parsed.data);
        else frontMatter.error = { message: 'front matter is not a map of keys', line: 2 };
      } catch (error) {
        const e = error as { reason?: string; message?: string; mark?: { line?: number } };
        // The YAML buffer starts right after the opening `---`, so its line 0 is SKILL.md line 1.
        const line = typeof e.mark?.line === 'number' ? e.mark.line + 1 : undefined;
        frontMatter.error = { message: e.reason ?? e.message?.split('\n')[0] ?? String(error), ...(line ? { line } : {}) };
      }
    }
  }
  const name = isSafeSkillName(frontMatter.data.name) ? frontMatter.data.name : base.folderName;
  return { ...base, name, frontMatter, body: lines.slice(bodyStart).join('\n'), bodyLine: bodyStart + 1, lineCount };
}

/** The description as the host would show it, or '' when absent. */
export function descriptionOf(skill: SkillDoc): string {
  const value = skill.frontMatter.data.description;
  return typeof value === 'string' ? value.trim() : '';
}

/** The evals need a skill a host would load: readable, front matter parsed, a safe name, a description. */
export function requireUsableSkill(skill: SkillDoc): void {
  const fail = (message: string, line?: number): never => {
    throw new ToolvetError('E_FILE_INVALID', `SKILL.md ${skill.file}${line ? ` (line ${line})` : ''}: ${message}`, {
      file: skill.file,
      hint: 'run `toolvet skills lint` on this folder and fix the errors it lists',
    });
  };
  if (skill.readError) fail(skill.readError);
  if (!skill.frontMatter.present || !skill.frontMatter.closed) fail('no front matter between `---` lines');
  if (skill.frontMatter.error) fail(`front matter YAML: ${skill.frontMatter.error.message}`, skill.frontMatter.error.line);
  if (!isSafeSkillName(skill.frontMatter.data.name)) fail('`name` is missing or not lowercase words joined by hyphens', skill.frontMatter.keyLines.name);
  if (!descriptionOf(skill)) fail('`description` is missing', skill.frontMatter.keyLines.description);
}
