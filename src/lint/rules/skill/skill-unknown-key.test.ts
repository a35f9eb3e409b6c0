import { cleanSkill, skillRuleTable } from '../../../skills/testing/skill-rule-table.ts';
import { skillUnknownKey } from './skill-unknown-key.ts';

const extra = (lines: string) => ({ 'garden-journal/SKILL.md': cleanSkill({ extra: lines }) });

skillRuleTable(skillUnknownKey, {
  valid: [
    { name: 'specification keys', user: extra('license: MIT\nallowed-tools: Read\nmetadata:\n  version: "1"\ncompatibility: any') },
    // Claude Code reads these; calling them unknown told authors to remove working settings.
    { name: 'Claude Code keys', user: extra('disable-model-invocation: true\nargument-hint: "[file]"\nuser-invocable: false\nmodel: sonnet\neffort: high\ncontext: fork\nagent: Explore\npaths: "src/**"\nwhen_to_use: "when x"') },
  ],
  invalid: [
    { name: 'typo and custom key', user: extra('licence: MIT\nauthor: me'), message: /read by no host/, lines: [4, 5], count: 2 },
    { name: 'a misspelt key names the host that reads the real one', user: extra('argument_hint: "[x]"'), message: /did you mean "argument-hint" \(read by Claude Code\)/ },
    { name: 'a top-level version belongs under metadata', user: extra('version: 2'), message: /put custom data under `metadata`/ },
    { name: 'prototype key names', user: extra('constructor: x\ntoString: y'), message: /read by no host/, count: 2 },
  ],
});
