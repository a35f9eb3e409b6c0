import { surfaceRuleTable } from '../../testing/surface-rule-table.ts';
import { templateDescription } from './template-description.ts';

surfaceRuleTable(templateDescription, {
  valid: [
    { name: 'described', items: [{ uriTemplate: 'warehouse://sku/{sku}', name: 'sku', description: 'Stock of one SKU in every warehouse, as JSON.' }] },
    { name: 'resources are resource-description\'s', items: [{ uri: 'x://1', name: 'x' }] },
  ],
  invalid: [{ name: 'absent', items: [{ uriTemplate: 'notes://{id}', name: 'note', description: ' ' }], at: ['template:notes://{id}:$.description'] }],
});
