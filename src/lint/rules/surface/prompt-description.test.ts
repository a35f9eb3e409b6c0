import { surfaceRuleTable } from '../../testing/surface-rule-table.ts';
import { promptDescription } from './prompt-description.ts';

surfaceRuleTable(promptDescription, {
  valid: [
    { name: 'says what it is for', items: [{ name: 'restock_plan', description: 'Ask for a restocking plan for one SKU across both warehouses.' }] },
    { name: 'short but about purpose', items: [{ name: 'review', description: 'Review staged code changes.' }] },
    { name: 'describes what it includes', items: [{ name: 'resource-prompt', description: 'A prompt that includes an embedded resource reference' }] },
    { name: 'written in Chinese (no spaces between words)', items: [{ name: 'markdown_to_docx_help', title: '使用帮助', description: '获取Markdown转Word服务的使用帮助' }] },
  ],
  invalid: [
    { name: 'absent', items: [{ name: 'summarize' }], at: ['prompt:summarize:$.description'], message: /no description/ },
    { name: 'only its form (server-everything 2026.8.31)', items: [{ name: 'args-prompt', description: 'A prompt with two arguments, one required and one optional' }], message: /only what form/ },
    { name: 'only its form (server-everything 2025.11.25)', items: [{ name: 'simple_prompt', description: 'A prompt without arguments' }] },
    { name: 'one word beyond its name', items: [{ name: 'summarize', description: 'Summarize text.' }], message: /says little beyond/ },
    { name: 'only its name', items: [{ name: 'code_review', title: 'Code review', description: 'Code review prompt.' }], message: /only repeats the prompt's name/ },
  ],
});
