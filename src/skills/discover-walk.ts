/**
 * Finding SKILL.md folders under one root, in the layouts people publish (docs/skills.md, "Layouts"):
 * a skill folder, a folder of skills, a repository cloned into a skills folder that keeps its skills
 * under `skills/`, hidden group folders (`skills/.curated/<skill>`), Claude Code plugins
 * (`plugins/<plugin>/skills/<skill>`, a `.claude-plugin/plugin.json` naming its skills folders) and
 * marketplace repositories (`.claude-plugin/marketplace.json` listing plugins and their skills).
 *
 * The walk goes down at most `maxDepth` folders, never into `.git` or `node_modules`, never twice into
 * one real folder (symlink loops), and never below a skill folder. Manifests add folders the walk
 * would not reach; a path in a manifest that leaves the root is ignored.
 */
import { existsSync, lstatSync, readdirSync, realpathSync, statSync } from 'node:fs';
import { basename, dirname, join, relative, resolve, sep } from 'node:path';
import { isInside, readSkillText } from './skill-read-guard.ts';

export const SKILL_FILE = 'SKILL.md';
/** Default folder depth below a root at which SKILL.md is looked for (a marketplace cloned into a skills folder needs 5). */
export const DEFAULT_MAX_DEPTH = 5;
/** Folders visited per root before the walk stops (a home folder named by mistake). */
export const MAX_FOLDERS = 20_000;
/** Sub-folders the skill layout uses; a folder holding one of them but no SKILL.md is a broken skill. */
const SKILL_PARTS = ['evals', 'scripts', 'references', 'assets'];
const NEVER_ENTER = new Set(['.git', 'node_modules', '.hg', '.svn']);

export interface FoundSkill {
  folder: string;
  /** Folder path relative to the root, `/`-separated ('' for the root itself). */
  rel: string;
  /** The first hidden folder on the way (e.g. `.curated`), when there is one. */
  hidden?: string;
  /** The manifest that names the skill, when one does. */
  manifest?: string;
  /** The Claude Code plugin (a folder with `.claude-plugin/`) the skill belongs to: its skills are namespaced `plugin:skill`. */
  plugin?: string;
}

export interface Lookalike {
  folder: string;
  reason: string;
}

export interface WalkOptions {
  maxDepth?: number;
  /** A glob over skill folder paths relative to the root (`*` one name, `**` any depth), e.g. `plugins/*\/skills/*`. */
  pattern?: string;
}

/** A SKILL.md below another skill's folder (`pdf/references/forms/SKILL.md`). */
export interface NestedSkillFile {
  /** The SKILL.md. */
  file: string;
  /** The skill folder it sits in. */
  parent: string;
}

/** How far below a skill folder nested SKILL.md files are looked for. */
const NESTED_DEPTH = 4;

export interface WalkResult {
  skills: FoundSkill[];
  /**
   * SKILL.md files inside another skill's folder. Hosts load only a skill folder's own SKILL.md
   * (Claude Code: anthropics/claude-code#28266, #18192), so these are never offered as skills; they
   * are listed so that discovery can say so (W_SKILL_NESTED) instead of skipping them silently.
   */
  nested: NestedSkillFile[];
  missing: Lookalike[];
  /** True when MAX_FOLDERS stopped the walk. */
  truncated: boolean;
}

/** `*` matches within one name, `**` across names, `?` one character. */
export function globToRegExp(glob: string): RegExp {
  const trimmed = glob.replace(/^\.\//, '').replace(/\/+$/, '');
  let out = '';
  for (let i = 0; i < trimmed.length; i++) {
    const c = trimmed[i];
    if (c === '*' && trimmed[i + 1] === '*') {
      out += trimmed[i + 2] === '/' ? '(?:.*/)?' : '.*';
      i += trimmed[i + 2] === '/' ? 2 : 1;
    } else if (c === '*') out += '[^/]*';
    else if (c === '?') out += '[^/]';
    else out += c.replace(/[.+^${}()|[\]\\]/g, '\\$&');
  }
  return new RegExp(`^${out}$`);
}

function isDir(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

function realOf(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return resolve(path);
  }
}

function hasEntry(folder: string, name: string): boolean {
  try {
    lstatSync(join(folder, name));
    return true;
  } catch {
    return false;
  }
}

/** Parts a repository's own top-level folders have too (`tests/scripts/`, `site/assets/`): no sign of a skill there. */
const TOOLING_PARTS = new Set(['scripts', 'assets']);

/**
 * Why a folder without SKILL.md looks like a skill, or undefined when it does not. Never a folder named
 * `_lib`/`_shared` (a helper the skills share, by the underscore convention) or `<skill>-workspace` (the
 * results folder skill-creator writes beside a skill, with its own evals/). With `strict` (a folder at
 * the top of a root that holds no skill itself, i.e. a repository), `scripts/` or `assets/` alone is not
 * enough.
 */
export function lookalike(folder: string, strict = false): string | undefined {
  const name = basename(folder);
  if (name.startsWith('_') || name.endsWith('-workspace')) return undefined;
  let entries: string[];
  try {
    entries = readdirSync(folder);
  } catch {
    return undefined;
  }
  if (entries.includes('.claude-plugin')) return undefined;
  const wrongCase = entries.find((e) => e.toLowerCase() === 'skill.md' && e !== SKILL_FILE);
  if (wrongCase) return `holds ${wrongCase}; hosts look for ${SKILL_FILE} exactly`;
  const part = SKILL_PARTS.find((p) => entries.includes(p) && !(strict && TOOLING_PARTS.has(p)));
  if (part) return `has a ${part}/ folder but no ${SKILL_FILE}`;
  return undefined;
}

/** Sub-folders (and symlinks to folders), sorted by name, without the ones never entered. */
function subfolders(dir: string): string[] {
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return [];
  }
  return entries
    .filter((e) => !NEVER_ENTER.has(e.name) && (e.isDirectory() || (e.isSymbolicLink() && isDir(join(dir, e.name)))))
    .map((e) => e.name)
    .sort();
}

/** A folder that holds skills: a plugin, a `skills/` folder, or a sub-folder with SKILL.md. */
function looksLikeCollection(dir: string): boolean {
  return hasEntry(dir, '.claude-plugin') || isDir(join(dir, 'skills')) || subfolders(dir).some((sub) => hasEntry(join(dir, sub), SKILL_FILE));
}

function readJson(file: string, root: string): unknown {
  try {
    return JSON.parse(readSkillText(file, root, 'plugin manifest'));
  } catch {
    return undefined; // a broken manifest leaves the folder walk to find what it can
  }
}

const asList = (value: unknown): string[] => (typeof value === 'string' ? [value] : Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : []);

/**
 * Folders named by Claude Code manifests under `folder`: `.claude-plugin/plugin.json` `skills` (a path
 * or a list; a skill folder or a folder of skills), and `.claude-plugin/marketplace.json` plugins
 * (`source` relative to the repository, or to `metadata.pluginRoot`, each with optional `skills`).
 */
interface ManifestFolders {
  folders: Array<{ dir: string; manifest: string }>;
  /** Plugin folders a marketplace lists, with the entry's `name` (the plugin's name when it has no plugin.json). */
  plugins: Array<{ dir: string; name: string }>;
}

function manifestFolders(folder: string, root: string): ManifestFolders {
  const out: Array<{ dir: string; manifest: string }> = [];
  const plugins: Array<{ dir: string; name: string }> = [];
  const pluginFolders = (pluginDir: string): void => {
    const pluginFile = join(pluginDir, '.claude-plugin', 'plugin.json');
    if (!existsSync(pluginFile)) return;
    const plugin = readJson(pluginFile, root) as { skills?: unknown } | undefined;
    for (const p of asList(plugin?.skills)) out.push({ dir: resolve(pluginDir, p), manifest: pluginFile });
  };
  pluginFolders(folder);
  const marketFile = join(folder, '.claude-plugin', 'marketplace.json');
  if (existsSync(marketFile)) {
    const market = readJson(marketFile, root) as { plugins?: unknown; metadata?: { pluginRoot?: unknown } } | undefined;
    const pluginRoot = typeof market?.metadata?.pluginRoot === 'string' ? resolve(folder, market.metadata.pluginRoot) : folder;
    for (const entry of Array.isArray(market?.plugins) ? market.plugins : []) {
      if (!entry || typeof entry !== 'object') continue;
      const { source, skills, name } = entry as { source?: unknown; skills?: unknown; name?: unknown };
      if (typeof source !== 'string') continue; // a git or URL source is not on this machine
      const pluginDir = resolve(source.startsWith('./') || source.startsWith('../') ? folder : pluginRoot, source);
      if (typeof name === 'string' && name.trim() !== '') plugins.push({ dir: pluginDir, name: name.trim() });
      for (const p of asList(skills)) out.push({ dir: resolve(pluginDir, p), manifest: marketFile });
      out.push({ dir: join(pluginDir, 'skills'), manifest: marketFile });
      if (pluginDir !== folder) pluginFolders(pluginDir);
    }
  }
  return { folders: out, plugins };
}

/** A plugin's name as Claude Code takes it: plugin.json `name`, else the folder name. */
function pluginJsonName(pluginDir: string, root: string): string {
  const data = readJson(join(pluginDir, '.claude-plugin', 'plugin.json'), root) as { name?: unknown } | undefined;
  return typeof data?.name === 'string' && data.name.trim() !== '' ? data.name.trim() : basename(pluginDir);
}

export function walkRoot(root: string, options: WalkOptions = {}): WalkResult {
  const pattern = options.pattern ? globToRegExp(options.pattern) : undefined;
  const patternDepth = options.pattern && !options.pattern.includes('**') ? options.pattern.replace(/^\.\//, '').split('/').filter(Boolean).length : undefined;
  const maxDepth = options.maxDepth ?? patternDepth ?? DEFAULT_MAX_DEPTH;
  const result: WalkResult = { skills: [], nested: [], missing: [], truncated: false };
  const seenSkill = new Set<string>();
  const visited = new Set<string>();
  // Plugin folders (real paths) a marketplace lists, with the entry's name.
  const marketPlugins = new Map<string, string>();
  // The nearest plugin folder between the skill and the root: one with `.claude-plugin/plugin.json`
  // (named by it), or one a marketplace lists without a manifest (named by the marketplace entry, as
  // the host does; without it same-named skills of two such plugins would look like duplicates).
  const pluginOf = (folder: string): string | undefined => {
    for (let dir = dirname(folder); isInside(root, dir); dir = dirname(dir)) {
      if (existsSync(join(dir, '.claude-plugin', 'plugin.json'))) return pluginJsonName(dir, root);
      const listed = marketPlugins.get(realOf(dir));
      if (listed) return listed;
      if (hasEntry(dir, '.claude-plugin')) return undefined;
      if (dir === root || dirname(dir) === dir) break;
    }
    return undefined;
  };
  const realRoot = realOf(root);
  const relOf = (dir: string) => relative(root, dir).split(sep).join('/');
  const hiddenOf = (rel: string) => rel.split('/').find((s) => s.startsWith('.') && s !== '.' && s !== '..');

  const addSkill = (folder: string, manifest?: string): void => {
    const real = realOf(folder);
    if (seenSkill.has(real)) return;
    const rel = relOf(folder);
    if (pattern && !pattern.test(rel)) return;
    seenSkill.add(real);
    const hidden = hiddenOf(rel);
    const plugin = pluginOf(folder);
    result.skills.push({ folder, rel, ...(hidden ? { hidden } : {}), ...(manifest ? { manifest } : {}), ...(plugin ? { plugin } : {}) });
  };

  /** SKILL.md files below a skill folder, which the walk does not enter as skills. */
  const findNested = (skill: string, dir: string, depth: number): void => {
    if (depth >= NESTED_DEPTH || result.nested.length >= MAX_FOLDERS) return;
    for (const name of subfolders(dir)) {
      const child = join(dir, name);
      if (!isInside(realOf(skill), realOf(child))) continue; // a link out of the skill is skill-symlink-escape's
      if (hasEntry(child, SKILL_FILE)) result.nested.push({ file: join(child, SKILL_FILE), parent: skill });
      findNested(skill, child, depth + 1);
    }
  };

  /** Returns true when a skill was found at or below `dir`. */
  const walk = (dir: string, depth: number): boolean => {
    const real = realOf(dir);
    if (visited.has(real)) return false;
    if (visited.size >= MAX_FOLDERS) {
      result.truncated = true;
      return false;
    }
    visited.add(real);
    if (hasEntry(dir, SKILL_FILE)) {
      addSkill(dir);
      findNested(dir, dir, 0);
      return true;
    }
    // Linked-in skill folders and collections from elsewhere are common (link-skills scripts, a clone kept
    // in ~/code); a link to any other folder outside the root is not walked, so a link to `/` or to a home
    // folder cannot send the walk there.
    if (depth > 0 && !isInside(realRoot, real) && !looksLikeCollection(dir)) return false;
    let found = false;
    const manifests = manifestFolders(dir, root);
    for (const p of manifests.plugins) if (!marketPlugins.has(realOf(p.dir))) marketPlugins.set(realOf(p.dir), p.name);
    for (const m of manifests.folders) {
      if (!isInside(realOf(root), realOf(m.dir)) || !isDir(m.dir)) continue;
      if (hasEntry(m.dir, SKILL_FILE)) {
        addSkill(m.dir, m.manifest);
        found = true;
      } else {
        for (const sub of subfolders(m.dir)) {
          if (hasEntry(join(m.dir, sub), SKILL_FILE)) {
            addSkill(join(m.dir, sub), m.manifest);
            found = true;
          }
        }
      }
    }
    if (depth >= maxDepth) return found;
    const children = subfolders(dir);
    const empty: string[] = [];
    let directSkill = false;
    for (const name of children) {
      const child = join(dir, name);
      const below = walk(child, depth + 1);
      if (below && hasEntry(child, SKILL_FILE)) directSkill = true;
      if (below) found = true;
      // Hidden folders (.github, .vscode) hold tooling, not skills: never called a broken skill.
      else if (!name.startsWith('.')) empty.push(child);
    }
    // Look-alikes: folders without SKILL.md next to skills, or straight under the root.
    if (directSkill || depth === 0) {
      for (const child of empty) {
        const why = lookalike(child, !directSkill);
        if (why) result.missing.push({ folder: child, reason: why });
      }
    }
    return found;
  };

  walk(root, 0);
  return result;
}
