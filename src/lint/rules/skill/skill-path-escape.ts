import { existsSync } from 'node:fs';
import { basename, dirname, isAbsolute, join, relative, resolve } from 'node:path';
import { at, outlineBody, perSkill, type OutlineRef, type SkillRule } from '../../../skills/skill-lint-kit.ts';

/** Inside `folder` once resolved against it. */
function inside(folder: string, path: string): boolean {
  const rel = relative(folder, resolve(folder, path));
  return !(rel === '..' || rel.startsWith('../') || rel.startsWith('..\\') || isAbsolute(rel));
}

/** Placeholder user names in example paths: `/Users/name/…`, `/home/user/…`, `/home/<you>/…`. */
const PLACEHOLDER_USER = /^(?:name|user|username|you|your[-_]?name|me|someone|example|foo|bar|john|jane|alice|bob|runner|me|ubuntu|admin|root)$/i;

/**
 * A path into a personal home folder (`/Users/jesse/notes.md`, `/home/ana/x`): a file on one machine.
 * Placeholders (`/Users/name/…`, `/home/<user>/…`, `/path/to/…`) and system paths (`/dev/random`,
 * `/tmp/x`, `/etc/hosts`) are not files the skill owns either, but they are not references to copy in.
 */
function personalPath(path: string): boolean {
  const m = /^\/(?:Users|home)\/([^/]+)\/./.exec(path);
  return !!m && !PLACEHOLDER_USER.test(m[1]) && !/[<>{}[\]*$]|\.\.\./.test(path);
}

/** Words that present a path as an example. */
const EXAMPLE = /\be\.g\.|\b(?:eg|for example|for instance|such as|example|like)\b/i;

/**
 * Whether a reference leaves the skill folder. Markdown links are relative to SKILL.md, so a relative
 * target that resolves outside escapes. Inline code is only a file reference when it names a file that
 * is there: `../sibling/x.md` that exists outside the folder escapes, while `../testing-handbook` (a
 * folder relative to the working directory), `/v1/files` (a route), `/goal` (a slash command),
 * `/dev/random`, `/fetch.*token/` (a regex) and `~/.claude` (a user's configuration) do not.
 */
export function escapes(folder: string, ref: Pick<OutlineRef, 'text' | 'kind'> & { source?: string }): boolean {
  const path = ref.text.split('#')[0].split('?')[0];
  if (path === '' || /^[a-z][a-z0-9+.-]*:/i.test(path)) return false; // anchors and URLs
  if (path.startsWith('~') || /[<>{}*$|\\]|\.\.\.|\[/.test(path)) return false; // home config, placeholders, globs, regexes
  if (/^(?:\.\.\/?)+$/.test(path)) return false; // a bare `../` in prose names no file
  // Another skill's SKILL.md: a host that loads skills (Gemini CLI) loads it as a skill, not a file to
  // copy. A link to one is followed: fine when it reaches a SKILL.md in the same repository, an escape
  // when nothing is there or it leaves the repository. Inline code naming a SKILL.md is prose.
  if (basename(path) === 'SKILL.md' && !isAbsolute(path)) return ref.kind === 'link' && !reachesSkill(folder, path);
  // A personal path shown as an example ("e.g. `/Users/jesse/project`") is not a reference to copy in.
  if (isAbsolute(path)) return personalPath(path) && !EXAMPLE.test(ref.source ?? '');
  if (inside(folder, path)) return false;
  return ref.kind === 'link' || existsSync(resolve(folder, path));
}

/** The repository a folder is in: the nearest folder above it holding `.git`. */
function repositoryOf(folder: string): string | undefined {
  for (let dir = folder; ; dir = dirname(dir)) {
    if (existsSync(join(dir, '.git'))) return dir;
    if (dirname(dir) === dir) return undefined;
  }
}

/** A link to a SKILL.md that is there, inside the skill's repository (when it has one). */
function reachesSkill(folder: string, path: string): boolean {
  const target = resolve(folder, path);
  if (!existsSync(target)) return false;
  const repository = repositoryOf(folder);
  return repository === undefined || inside(repository, target);
}

/** A skill is a self-contained folder: a name or a path that climbs out of it reaches files the skill does not own. */
export const skillPathEscape: SkillRule = {
  id: 'skill-path-escape',
  kind: 'skill',
  defaultSeverity: 'error',
  description: 'the skill name and every file the skill links to (Markdown links, existing relative paths, personal home paths) stay inside the skill folder',
  spec: '2.1',
  check: (skills) =>
    perSkill(skills, (skill) => {
      const out = [];
      const name = skill.frontMatter.data.name;
      if (typeof name === 'string' && (/[/\\]/.test(name) || name.includes('..'))) {
        out.push({ ...at(skill, 'name'), message: `\`name\` "${name}" is a path that leaves the skill folder; a name is one folder name` });
      }
      for (const ref of outlineBody(skill).links) {
        if (!escapes(skill.folder, ref)) continue;
        const where = isAbsolute(ref.text) ? 'into a personal home folder' : 'outside the skill folder';
        out.push({ path: '$.body', line: ref.line, message: `"${ref.text}" points ${where}; a copied or installed skill loses it: copy the file into the skill (e.g. references/)` });
      }
      (skill.evals?.loaded?.cases ?? []).forEach((c) => {
        (c.files ?? []).forEach((file, i) => {
          if (isAbsolute(file) || file.startsWith('~') || !inside(skill.folder, file)) {
            out.push({ path: `${c.path}.files[${i}]`, file: skill.evals!.file, message: `eval input "${file}" points outside the skill folder` });
          }
        });
      });
      return out;
    }),
};
