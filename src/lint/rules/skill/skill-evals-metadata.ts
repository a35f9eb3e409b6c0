import { perSkill, type SkillRule } from '../../../skills/skill-lint-kit.ts';

/**
 * Keys of evals.json that no case uses. Top-level `category`, `version` and `description` describe the
 * file; any other key no dialect reads (a `comment` on a case) is dropped when the file loads. Both are
 * noted so that a reader knows nothing reads them; a key a few edits from a known one is not here but a
 * `skill-evals-file` error with "did you mean" (src/skills/evals-extra-keys.ts).
 */
export const skillEvalsMetadata: SkillRule = {
  id: 'skill-evals-metadata',
  kind: 'skill',
  defaultSeverity: 'info',
  description: 'notes keys of evals.json that no case uses: descriptive top-level keys (category, version, description) and other extra keys, which are ignored',
  spec: '2.3',
  check: (skills) =>
    perSkill(skills, (skill) => {
      const loaded = skill.evals?.loaded;
      if (!loaded) return [];
      const keys = loaded.metadataKeys ?? [];
      const out = keys.length === 0 ? [] : [{ file: loaded.file, path: '$', message: `evals file carries ${keys.map((k) => `"${k}"`).join(', ')}: accepted as a description of the file; no case uses it` }];
      for (const { path, key } of loaded.ignoredKeys ?? []) {
        out.push({ file: loaded.file, path: `${path}.${key}`, message: `${path === '$' ? 'the file' : `case ${path}`} has key "${key}", which no evals dialect reads: ignored` });
      }
      return out;
    }),
};
