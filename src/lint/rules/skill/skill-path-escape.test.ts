import { cleanSkill, skillRuleTable } from '../../../skills/testing/skill-rule-table.ts';
import { skillPathEscape } from './skill-path-escape.ts';

const body = (extra: string) => cleanSkill({ body: `# Garden journal\n\nContext.\n\n${extra}\n` });
const one = (extra: string) => ({ 'garden-journal/SKILL.md': body(extra) });

skillRuleTable(skillPathEscape, {
  valid: [
    { name: 'links inside the folder and URLs', user: one('See [styles](references/styles.md), `scripts/log.py` and [site](https://example.com/x/../y).') },
    { name: 'eval inputs inside the folder', user: { 'garden-journal/SKILL.md': cleanSkill(), 'garden-journal/evals/evals.json': JSON.stringify({ skill_name: 'garden-journal', evals: [{ id: 1, prompt: 'log tomatoes', files: ['evals/files/a.txt'] }] }) } },
    // False-finding classes measured on public collections (docs/skills.md, "Measured precision"):
    { name: 'REST routes', user: one('Call `/v1/files` and avoid the `/contents/` endpoint; paths like `/users/<id>/` are user input.') },
    { name: 'slash commands', user: one('Run `/goal`, then `/help` or `/security:scan-deps`; plugins add `/plugin-name:command`.') },
    { name: 'system paths', user: one('Read `/dev/random`, flash to `/dev/ttyACM0`, write `/tmp/report.json`, use `/usr/bin/python3`.') },
    { name: 'regular expressions', user: one('Match `/fetch.*token/` or `/https?:\\/\\/.*/` in the sample.') },
    { name: 'placeholders in example paths', user: one('Install to `/Users/name/plugins/...` or `/home/user/scripts/foo`, or `/path/to/project/`, or `/web/[tool]/`.') },
    { name: 'paths in code fences', user: one('```sh\ncat ../../etc/passwd\n```') },
    { name: 'a relative folder the working directory holds, not the skill', user: one('Check `./testing-handbook`, `../testing-handbook` and `~/testing-handbook`.') },
    { name: 'home configuration', user: one('Personal skills live in `~/.claude/skills/`.') },
    // The false errors of issue 26 on new collections, in our words.
    { name: 'a bare ../ in prose', user: one('Paths that start with `../` climb out of the folder; never write `..` in a name.') },
    { name: 'link syntax shown inside inline code', user: one('Link a reference as `[notes](../../shared/notes.md)`, relative to SKILL.md.') },
    { name: 'a personal path shown as an example', user: one('Point it at your project, e.g. `/Users/jesse/code/app`.') },
    { name: "a link to another skill's SKILL.md", user: { ...one('For recipes, see [recipes](../recipes/SKILL.md).'), 'recipes/SKILL.md': cleanSkill({ name: 'recipes' }) } },
    {
      name: "a link to another skill's SKILL.md in the same repository, deeper in it",
      user: { '.git': 'gitdir: elsewhere', ...one('For PDFs, see [pdf](../plugins/docs/skills/pdf/SKILL.md) and `../plugins/docs/skills/pdf/SKILL.md`.'), 'plugins/docs/skills/pdf/SKILL.md': cleanSkill({ name: 'pdf' }) },
    },
  ],
  invalid: [
    { name: 'name is a path', user: { 'garden-journal/SKILL.md': cleanSkill({ name: '../../x' }) }, message: /leaves the skill folder/, lines: [2] },
    { name: 'a Markdown link climbs out', user: one('See [notes](../../secrets/notes.md) and [scripts](../../README.md#scripts).'), message: /outside the skill folder/, count: 2 },
    { name: 'a link to a SKILL.md that is not there', user: one('For recipes, see [recipes](../recipes/SKILL.md).'), message: /"..\/recipes\/SKILL.md" points outside/, count: 1 },
    {
      name: 'a link to a SKILL.md outside the repository',
      user: { '.git': 'gitdir: elsewhere', ...one('For the shared one, see [shared](../../project/shared/SKILL.md).') },
      project: { 'shared/SKILL.md': cleanSkill({ name: 'shared' }) },
      message: /"..\/..\/project\/shared\/SKILL.md" points outside/,
      count: 1,
    },
    { name: 'a link into a sibling skill', user: { ...one('See [tools](../recipes/references/tools.md).'), 'recipes/SKILL.md': cleanSkill({ name: 'recipes' }) }, message: /"..\/recipes\/references\/tools.md" points outside/ },
    { name: 'inline code naming a sibling skill folder that exists', user: { ...one('See the refs in `../recipes/references/`.'), 'recipes/references/tools.md': 'x', 'recipes/SKILL.md': cleanSkill({ name: 'recipes' }) }, message: /outside the skill folder/ },
    { name: 'a personal home folder', user: one('Read `/Users/jesse/notes/garden.md` first.'), message: /points into a personal home folder/ },
    { name: 'one finding for a path given as a link and as code on one line', user: one('See [notes](../../secrets/notes.md) (`../../secrets/notes.md`).'), message: /outside the skill folder/, count: 1 },
    { name: 'eval input climbs out', user: { 'garden-journal/SKILL.md': cleanSkill(), 'garden-journal/evals/evals.json': JSON.stringify({ skill_name: 'garden-journal', evals: [{ id: 1, prompt: 'p', files: ['../../../x.txt'] }] }) }, message: /eval input/ },
  ],
});
