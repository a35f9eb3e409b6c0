/**
 * Skill discovery (spec 2.1, 11): skill roots at the user level and the project level (a host's
 * default folders, or folders the user names), each walked for SKILL.md folders in the layouts of
 * discover-walk.ts. A project skill shadows a user skill of the same name; names are kept in a Map,
 * so a skill called `__proto__` or `constructor` is a name like any other.
 */
import { statSync } from 'node:fs';
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { ToolvetError } from '../errors.ts';
import { SKILL_FILE, walkRoot, type NestedSkillFile, type WalkOptions } from './discover-walk.ts';
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
  /** Skills found below a hidden folder (`skills/.curated/x`): a host scanning one level would not see them. */
  hidden: HiddenSkill[];
  /** Roots where the walk stopped at MAX_FOLDERS. */
  truncated: string[];
  /** SKILL.md files inside another skill's folder: not loaded by hosts, reported as W_SKILL_NESTED. */
  nested: NestedSkillFile[];
}

export interface HiddenSkill {
  name: string;
  file: string;
  /** The hidden folder on the way, e.g. `.curated`. */
  folder: string;
}

/** Where a host looks for skills, with the page that says so (docs/skills.md, "Host folders"). */
export interface HostSkillDirs {
  user: string[];
  project: string[];
  source: string;
}

/** Skills folders of common hosts; `toolvet skills --host NAME` picks one. */
export const HOST_SKILL_DIRS: Readonly<Record<string, HostSkillDirs>> = {
  claude: { user: ['~/.claude/skills'], project: ['.claude/skills'], source: 'https://code.claude.com/docs/en/skills' },
  codex: { user: ['~/.agents/skills', '~/.codex/skills'], project: ['.agents/skills'], source: 'https://developers.openai.com/codex/skills' },
  cursor: {
    user: ['~/.cursor/skills', '~/.claude/skills', '~/.codex/skills'],
    project: ['.agents/skills', '.cursor/skills', '.claude/skills', '.codex/skills'],
    source: 'https://cursor.com/docs/context/skills',
  },
  agents: { user: ['~/.agents/skills'], project: ['.agents/skills'], source: 'https://agentskills.io/specification' },
};

/** Expands `~/` and resolves against `cwd`. */
export function expandDir(dir: string, cwd = process.cwd()): string {
  return dir === '~' || dir.startsWith('~/') ? join(homedir(), dir.slice(1)) : resolve(cwd, dir);
}

export function hostRoots(host: string, cwd = process.cwd()): SkillRoot[] {
  const dirs = Object.hasOwn(HOST_SKILL_DIRS, host) ? HOST_SKILL_DIRS[host] : undefined;
  if (!dirs) {
    throw new ToolvetError('E_USAGE', `unknown host "${host}" for skill folders`, {
      hint: `use one of ${Object.keys(HOST_SKILL_DIRS).join(', ')}, or name folders with --user-dir / --project-dir`,
    });
  }
  return [
    ...dirs.user.map((dir): SkillRoot => ({ dir: expandDir(dir, cwd), scope: 'user', explicit: false })),
    ...dirs.project.map((dir): SkillRoot => ({ dir: expandDir(dir, cwd), scope: 'project', explicit: false })),
  ];
}

interface Found {
  skills: SkillDoc[];
  nested: NestedSkillFile[];
  missing: NotASkill[];
  truncated: boolean;
}

function scanRoot(root: SkillRoot, options: DiscoverOptions): Found {
  const walked = walkRoot(root.dir, options);
  const skills = walked.skills.map((f) => {
    // A skill two or more folders down sits in a collection: the first folder below the root.
    const first = f.rel.split('/')[0];
    const collection = f.rel.includes('/') && first ? join(root.dir, first) : undefined;
    return readSkill({
      folder: f.folder,
      file: join(f.folder, SKILL_FILE),
      scope: root.scope,
      ...(collection ? { collection } : {}),
      ...(f.hidden ? { hidden: f.hidden } : {}),
      ...(f.manifest ? { manifest: f.manifest } : {}),
      ...(f.plugin ? { plugin: f.plugin } : {}),
    });
  });
  return { skills, nested: walked.nested, missing: walked.missing, truncated: walked.truncated };
}

export type DiscoverOptions = WalkOptions & {
  /** Skills served by MCP servers (mcp-skills.ts), listed after the folders' skills. */
  served?: readonly SkillDoc[];
};

function isDir(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

export function discoverSkills(roots: readonly SkillRoot[], options: DiscoverOptions = {}): Discovery {
  const discovery: Discovery = { roots: [], skills: [], shadowed: [], missing: [], hidden: [], truncated: [], nested: [] };
  const byName = new Map<string, SkillDoc>();
  // Project roots first, so a project skill is the one kept when a user skill has the same name.
  const ordered = [...roots.filter((r) => r.scope === 'project'), ...roots.filter((r) => r.scope === 'user')];
  for (const root of ordered) {
    const exists = isDir(root.dir);
    discovery.roots.push({ ...root, exists });
    if (!exists) {
      if (root.explicit) {
        throw new ToolvetError('E_FILE_MISSING', `skills folder ${root.dir} does not exist or is not a folder`, {
          file: root.dir,
          hint: 'pass a folder holding skill folders, a cloned collection, or one skill folder with SKILL.md',
        });
      }
      continue;
    }
    const found = scanRoot(root, options);
    discovery.missing.push(...found.missing);
    discovery.nested.push(...found.nested);
    if (found.truncated) discovery.truncated.push(root.dir);
    for (const skill of found.skills) {
      // Plugin skills are namespaced (`plugin:skill`): two plugins may each have an `access` skill.
      const key = skill.plugin ? `${skill.plugin}:${skill.name}` : skill.name;
      const first = byName.get(key);
      if (first) {
        const why = first.scope === 'project' && skill.scope === 'user' ? 'project-shadows-user' : 'duplicate-name';
        discovery.shadowed.push({ name: key, kept: first.file, hidden: skill.file, why });
        continue;
      }
      byName.set(key, skill);
      discovery.skills.push(skill);
      if (skill.hidden) discovery.hidden.push({ name: skill.name, file: skill.file, folder: skill.hidden });
    }
  }
  // Served skills come after every folder: a folder skill of the same name is the one kept.
  for (const skill of options.served ?? []) {
    const first = byName.get(skill.name);
    if (first) {
      discovery.shadowed.push({ name: skill.name, kept: first.file, hidden: skill.file, why: 'duplicate-name' });
      continue;
    }
    byName.set(skill.name, skill);
    discovery.skills.push(skill);
  }
  qualifySharedNames(discovery.skills);
  return discovery;
}

/**
 * Where two discovered skills share a bare name, the plugin ones are called `plugin:name` (the form
 * Claude Code shows), so lint findings and the trigger eval tell them apart.
 */
function qualifySharedNames(skills: SkillDoc[]): void {
  const count = new Map<string, number>();
  for (const s of skills) count.set(s.name, (count.get(s.name) ?? 0) + 1);
  for (const s of skills) if (s.plugin && (count.get(s.name) ?? 0) > 1) s.qualifiedName = `${s.plugin}:${s.name}`;
}
