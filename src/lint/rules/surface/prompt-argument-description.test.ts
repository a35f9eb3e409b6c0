import { surfaceRuleTable } from '../../testing/surface-rule-table.ts';
import { promptArgumentDescription } from './prompt-argument-description.ts';

surfaceRuleTable(promptArgumentDescription, {
  valid: [
    { name: 'no arguments', items: [{ name: 'daily' }] },
    { name: 'described', items: [{ name: 'p', arguments: [{ name: 'city', description: 'Name of the city', required: true }] }] },
  ],
  invalid: [
    { name: 'absent (server-everything args-prompt "state")', items: [{ name: 'args-prompt', arguments: [{ name: 'city', description: 'Name of the city' }, { name: 'state' }] }], at: ['prompt:args-prompt:$.arguments[1].description'] },
    { name: 'repeats the name', items: [{ name: 'p', arguments: [{ name: 'resourceId', description: 'Resource ID' }] }], message: /only repeats its name/ },
  ],
});
