import { cleanTool, ruleTable, withProperty } from '../../testing/rule-table.ts';
import { defaultValid } from './default-valid.ts';

ruleTable(defaultValid, {
  valid: [
    { name: 'integer default', tools: [cleanTool()] },
    { name: 'enum default inside enum', tools: [withProperty('sort', { type: 'string', enum: ['new', 'old'], default: 'new', description: 'Order.' })] },
  ],
  invalid: [
    { name: 'string default on integer', tools: [withProperty('page', { type: 'integer', default: 'first', description: 'Page.' })], paths: ['$.inputSchema.properties.page.default'] },
    { name: 'default outside enum', tools: [withProperty('sort', { type: 'string', enum: ['new', 'old'], default: 'random', description: 'Order.' })], paths: ['$.inputSchema.properties.sort.default'] },
    { name: 'default below minimum', paths: ['$.inputSchema.properties.size.default'], tools: [withProperty('size', { type: 'integer', minimum: 1, default: 0, description: 'Size.' })], message: /breaks its own schema/ },
  ],
});
