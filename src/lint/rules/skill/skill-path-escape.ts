import { isAbsolute, relative, resolve } from 'node:path';
import { at, outlineBody, perSkill, type SkillRule } from '../../../skills/skill-lint-kit.ts';

function escapes(folder: string, target: string): boolean {
  const path = target.split('#')[0].split('?')[0];
  if (path === '' || /^[a-z][a-z0-9+.-]*:/i.test(path)) return false; // anchors and URLs
  if (isAbsolute(path) || path.startsWith('~')) return true;
  const rel = relative(folder, resolve(folder, path));
  return rel === '..' || rel.startsWith('../') || rel.startsWith('..\\') || isAbsolute(rel);
}

/** A skill is a self-contained folder: a name or a path that climbs out of it reaches files the skill does not own. */
export const skillPathEscape: SkillRule = {
  id: 'skill-path-escape',
  kind: 'skill',
  defaultSeverity: 'error',
  description: 'the skill name and every file the skill links to stay inside the skill folder',
  spec: '2.1',
  check: (skills) =>
    perSkill(skills, (skill) => {
      const out = [];
      const name = skill.frontMatter.data.name;
      if (typeof name === 'string' && (/[/\\]/.test(name) || name.includes('..'))) {
        out.push({ ...at(skill, 'name'), message: `\`name\` "${name}" is a path that leaves the skill folder; a name is one folder name` });
      }
      for (const link of outlineBody(skill).links) {
        if (escapes(skill.folder, link.text)) out.push({ path: '$.body', line: link.line, message: `"${link.text}" points outside the skill folder; copy the file into the skill (e.g. references/)` });
      }
      (skill.evals?.loaded?.cases ?? []).forEach((c) => {
        (c.files ?? []).forEach((file, i) => {
          if (escapes(skill.folder, file)) out.push({ path: `${c.path}.files[${i}]`, file: skill.evals!.file, message: `eval input "${file}" points outside the skill folder` });
        });
      });
      return out;
    }),
};
