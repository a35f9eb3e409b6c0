import { ruleTable, withProperty } from '../../testing/rule-table.ts';
import { preferBoolean } from './prefer-boolean.ts';

ruleTable(preferBoolean, {
  valid: [
    { name: 'boolean flag', tools: [withProperty('include_archived', { type: 'boolean', default: false, description: 'Also search archived notes.' })] },
    { name: 'use_case is not a flag', tools: [withProperty('use_case', { type: 'string', default: '', description: 'What the note is for.' })] },
    { name: 'a mode enum', tools: [withProperty('mode', { type: 'string', enum: ['fast', 'full'], default: 'fast', description: 'Mode.' })] },
  ],
  invalid: [
    { name: 'string flag by name', tools: [withProperty('include_archived', { type: 'string', default: 'no', description: 'Also search archived notes.' })], paths: ['$.inputSchema.properties.include_archived.type'] },
    { name: 'yes/no enum', paths: ['$.inputSchema.properties.archived.type'], tools: [withProperty('archived', { type: 'string', enum: ['yes', 'no'], default: 'no', description: 'Archived.' })] },
    { name: '0/1 dry run', paths: ['$.inputSchema.properties.dry_run.type'], tools: [withProperty('dry_run', { type: 'integer', default: 0, description: 'Preview only.' })] },
    { name: 'true or false prose', paths: ['$.inputSchema.properties.archived.type'], tools: [withProperty('archived', { type: 'string', default: 'false', description: 'true or false.' })] },
  ],
});
