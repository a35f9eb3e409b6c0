/**
 * Skill discovery (spec 2.1, 11): skill folders at the user level and the project level, a folder
 * holding SKILL.md directly, and collections cloned into a skills folder, where each SKILL.md sits two
 * levels below the skills folder. A project skill shadows a user skill of the same name.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { ToolproofError } from '../errors.ts';
import { readSkill, type SkillDoc, type SkillScope } from './skill-file.ts';

export interface SkillRoot {
  dir: string;
  scope: SkillScope;
  /** A root the user named must exist; a host default may be absent. */
  explicit: boolean;
}

export interface ShadowedSkill {
  name: string;
  /** SKILL.md that wins. */
  kept: string;
  /** SKILL.md the host never sees. */
  hidden: string;
  why: 'project-shadows-user' | 'duplicate-name';
}

export interface NotASkill {
  folder: string;
  reason: string;
}

export interface Discovery {
  roots: Array<SkillRoot & { exists: boolean }>;
  /** The skills a host would load, project ones first, each name once. */
  skills: SkillDoc[];
  shadowed: ShadowedSkill[];
  /** Folders that look like skills but lack SKILL.md. */
  missing: NotASkill[];
}

/** Skills folders of common hosts; `toolproof skills --host NAME` picks one pair. */
export const HOST_SKILL_DIRS: Readonly<Record<string, { user: string; project: string }>> = {
  claude: { user: '~/.claude/skills', project: '.claude/skills' },
  agents: { user: '~/.agents/skills', project: '.agents/skills' },
  cursor: { user: '~/.cursor/skills', project: '.cursor/skills' },
};

/** Expands `~/` and resolves against `cwd`. */
export function expandDir(dir: string, cwd = process.cwd()): string {
  return dir === '~' || dir.startsWith('~/') ? join(homedir(), dir.slice(1)) : resolve(cwd, dir);
}

export function hostRoots(host: string, cwd = process.cwd()): SkillRoot[] {
  const dirs = HOST_SKILL_DIRS[host];
  if (!dirs) {
    throw new ToolproofError('E_USAGE', `unknown host "${host}" for skill folders`, {
      hint: `use one of ${Object.keys(HOST_SKILL_DIRS).join(', ')}, or name folders with --user-dir / --project-dir`,
    });
  }
  return [
    { dir: expandDir(dirs.user, cwd), scope: 'user', explicit: false },
    { dir: expandDir(dirs.project, cwd), scope: 'project', explicit: false },
  ];
}

const SKILL_FILE = 'SKILL.md';
/** Sub-folders that the skill layout uses; a folder holding one of them but no SKILL.md is a broken skill. */
const SKILL_PARTS = ['evals', 'scripts', 'references', 'assets'];
const IGNORED = new Set(['node_modules']);

function isDir(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

function subfolders(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .filter((e) => !e.name.startsWith('.') && !IGNORED.has(e.name) && (e.isDirectory() || (e.isSymbolicLink() && isDir(join(dir, e.name)))))
    .map((e) => e.name)
    .sort();
}

/** Why a folder without SKILL.md looks like a skill, or undefined when it does not. */
function lookalike(folder: string): string | undefined {
  const entries = readdirSync(folder);
  const wrongCase = entries.find((e) => e.toLowerCase() === 'skill.md' && e !== SKILL_FILE);
  if (wrongCase) return `holds ${wrongCase}; hosts look for ${SKILL_FILE} exactly`;
  const part = SKILL_PARTS.find((p) => entries.includes(p));
  if (part) return `has a ${part}/ folder but no ${SKILL_FILE}`;
  return undefined;
}

interface Found {
  skills: SkillDoc[];
  missing: NotASkill[];
}

function scanRoot(root: SkillRoot): Found {
  const found: Found = { skills: [], missing: [] };
  const at = (folder: string, collection?: string) =>
    readSkill({ folder, file: join(folder, SKILL_FILE), scope: root.scope, ...(collection ? { collection } : {}) });
  // A skill folder named directly is one skill.
  if (existsSync(join(root.dir, SKILL_FILE))) {
    found.skills.push(at(root.dir));
    return found;
  }
  for (const name of subfolders(root.dir)) {
    const folder = join(root.dir, name);
    if (existsSync(join(folder, SKILL_FILE))) {
      found.skills.push(at(folder));
      continue;
    }
    const inner = subfolders(folder);
    if (inner.some((sub) => existsSync(join(folder, sub, SKILL_FILE)))) {
      // A cloned collection: its sub-folders are the skills (checked first: a clone may have assets/ too).
      for (const sub of inner) {
        const innerFolder = join(folder, sub);
        if (existsSync(join(innerFolder, SKILL_FILE))) found.skills.push(at(innerFolder, folder));
        else {
          const innerWhy = lookalike(innerFolder);
          if (innerWhy) found.missing.push({ folder: innerFolder, reason: innerWhy });
        }
      }
      continue;
    }
    const why = lookalike(folder);
    if (why) found.missing.push({ folder, reason: why });
  }
  return found;
}

export function discoverSkills(roots: readonly SkillRoot[]): Discovery {
  const discovery: Discovery = { roots: [], skills: [], shadowed: [], missing: [] };
  const byName = new Map<string, SkillDoc>();
  // Project roots first, so a project skill is the one kept when a user skill has the same name.
  const ordered = [...roots.filter((r) => r.scope === 'project'), ...roots.filter((r) => r.scope === 'user')];
  for (const root of ordered) {
    const exists = isDir(root.dir);
    discovery.roots.push({ ...root, exists });
    if (!exists) {
      if (root.explicit) {
        throw new ToolproofError('E_FILE_MISSING', `skills folder ${root.dir} does not exist or is not a folder`, {
          file: root.dir,
          hint: 'pass a folder holding skill folders, a cloned collection, or one skill folder with SKILL.md',
        });
      }
      continue;
    }
    const found = scanRoot(root);
    discovery.missing.push(...found.missing);
    for (const skill of found.skills) {
      const first = byName.get(skill.name);
      if (first) {
        const why = first.scope === 'project' && skill.scope === 'user' ? 'project-shadows-user' : 'duplicate-name';
        discovery.shadowed.push({ name: skill.name, kept: first.file, hidden: skill.file, why });
        continue;
      }
      byName.set(skill.name, skill);
      discovery.skills.push(skill);
    }
  }
  return discovery;
}
