import { isTemplate, perResource, type ResourceRule } from '../../surface-rule-kit.ts';

/**
 * Spec 2.4 and 10.1, applied to listed resources: hosts and models pick context by description.
 * `ui://` resources (MCP Apps views a host renders, never shown to the model) are left out. Info only:
 * servers that list files or records as resources honestly have nothing to say per item.
 */
export const resourceDescription: ResourceRule = {
  id: 'resource-description',
  kind: 'resource',
  defaultSeverity: 'info',
  description: 'every listed resource (other than ui:// app views) has a description',
  spec: '2.4, 10.1',
  check: (items) =>
    perResource(items, (r) => {
      if (isTemplate(r) || r.uri.startsWith('ui://') || (r.description?.trim() ?? '') !== '') return [];
      return [{ path: '$.description', message: `resource "${r.name}" has no description; a host or model choosing context cannot tell what it holds` }];
    }),
};
