import { lstatSync, readdirSync, readlinkSync, realpathSync } from 'node:fs';
import { join, relative } from 'node:path';
import { perSkill, type SkillRule } from '../../../skills/skill-lint-kit.ts';
import { isInside } from '../../../skills/skill-read-guard.ts';

/** Entries looked at per skill folder: a skill is a handful of files; past this the rest is not checked. */
const MAX_ENTRIES = 5000;
const MAX_DEPTH = 8;

/** Symlinks under `folder` whose target is outside it (or missing), as [link, target]. */
export function escapingLinks(folder: string): Array<{ link: string; target: string }> {
  const out: Array<{ link: string; target: string }> = [];
  let real: string;
  try {
    real = realpathSync(folder);
  } catch {
    return out;
  }
  let seen = 0;
  const walk = (dir: string, depth: number): void => {
    let entries;
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const e of entries) {
      if (++seen > MAX_ENTRIES) return;
      const path = join(dir, e.name);
      if (e.isSymbolicLink()) {
        let target: string;
        try {
          target = realpathSync(path);
        } catch {
          continue; // a dangling link reads nothing
        }
        if (!isInside(real, target)) out.push({ link: path, target: readlinkSync(path) });
      } else if (e.isDirectory() && depth < MAX_DEPTH && e.name !== '.git' && e.name !== 'node_modules') {
        walk(path, depth + 1);
      }
    }
  };
  if (lstatSync(folder).isDirectory() || lstatSync(folder).isSymbolicLink()) walk(folder, 0);
  return out;
}

/**
 * A skill is copied, zipped and installed as one folder; a symlink from it to a file outside is lost on
 * the way (or, installed as is, makes the host read a file the skill does not own). SKILL.md itself
 * linking out is refused at discovery (E_FILE_SPECIAL); this rule reports the other files.
 */
export const skillSymlinkEscape: SkillRule = {
  id: 'skill-symlink-escape',
  kind: 'skill',
  defaultSeverity: 'warn',
  description: 'no symlink inside the skill folder points to a file or folder outside it',
  spec: '2.1',
  check: (skills) =>
    perSkill(skills, (skill) =>
      escapingLinks(skill.folder).map(({ link, target }) => ({
        path: '$',
        file: link,
        message: `${relative(skill.folder, link)} is a symlink to ${target}, outside the skill folder; copy the file in (a copied or zipped skill loses it)`,
      })),
    ),
};
