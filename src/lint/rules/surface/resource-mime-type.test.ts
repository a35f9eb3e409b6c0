import { surfaceRuleTable } from '../../testing/surface-rule-table.ts';
import { resourceMimeType } from './resource-mime-type.ts';

surfaceRuleTable(resourceMimeType, {
  valid: [{ name: 'declared', items: [{ uri: 'x://1', name: 'x', mimeType: 'text/plain' }, { uriTemplate: 'x://{id}', name: 'y', mimeType: 'application/json' }] }],
  invalid: [{ name: 'absent on a template', items: [{ uriTemplate: 'x://{id}', name: 'y' }], at: ['template:x://{id}:$.mimeType'] }],
});
