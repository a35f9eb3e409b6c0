import { cleanSkill, skillRuleTable } from '../../../skills/testing/skill-rule-table.ts';
import { skillDescriptionSituation } from './skill-description-situation.ts';

const with_ = (description: string) => ({ 'garden-journal/SKILL.md': cleanSkill({ description }) });

skillRuleTable(skillDescriptionSituation, {
  valid: [
    { name: 'Use when', user: with_('Garden log. Use when the user talks about plants.') },
    { name: 'when the user', user: with_('Loaded when the user asks about watering.') },
    // Phrasings of public collections the rule used to miss:
    { name: 'Use for', user: with_('Garden log. Use for planting and harvest records.') },
    { name: 'Use to', user: with_('Garden log. Use to record what was planted.') },
    { name: 'Triggers on', user: with_('Garden log. Triggers on "log my tomatoes", "water the roses".') },
    { name: 'Use immediately after', user: with_('Garden log. Use immediately after a planting or a harvest.') },
    { name: 'You MUST use this before', user: with_('You MUST use this before any garden work.') },
    { name: 'TRIGGER — whenever', user: with_('Garden reference. TRIGGER — whenever: the prompt names a plant.') },
    { name: 'when + gerund', user: with_('Guidance for journals when planting new beds.') },
    { name: 'Chinese', user: with_('花园日志。当用户谈到种植时使用。') },
    { name: 'Japanese', user: with_('庭の記録。植え付けの話をするときに使います。') },
    { name: 'German', user: with_('Gartentagebuch. Verwenden, wenn der Nutzer über Pflanzen spricht.') },
    // Calibration on new collections (docs/skills.md, "Measured precision"):
    { name: 'Japanese 「…」と言われたら使う', user: with_('庭の記録を整理する。「水やりを記録して」「収穫を残して」と言われたら使う。') },
    { name: 'Japanese 場合は', user: with_('庭の記録。植え付けを記録する場合は、このスキルを読み込む。') },
    { name: 'traditional Chinese 當…時', user: with_('花園日誌。當使用者談到種植時使用。') },
    { name: 'traditional Chinese 適用於', user: with_('花園日誌，適用於記錄種植與收成。') },
    { name: 'Chinese 适用场景 list (found on a held-out slice, docs/skills.md)', user: with_('花园日志，记录种植与收成。核心能力：\n- 记录种植\n适用场景：\n- 用户谈到花园时') },
    { name: 'before every', user: with_('Mandatory gate before every garden log entry.') },
    { name: 'Spanish', user: with_('Diario del jardín. Usar cuando el usuario habla de plantas.') },
  ],
  invalid: [
    { name: 'what, never when', user: with_('A garden journal with planting, watering and harvest records.'), message: /when to load/ },
    { name: 'what it applies to, not when', user: with_('Toolkit for garden themes that you can apply to any journal.'), message: /when to load/ },
  ],
});
