import { perResource, type ResourceRule } from '../../surface-rule-kit.ts';

/** A mimeType lets a host decide how to show or parse the content before reading it. */
export const resourceMimeType: ResourceRule = {
  id: 'resource-mime-type',
  kind: 'resource',
  defaultSeverity: 'info',
  description: 'every resource and resource template declares a mimeType',
  check: (items) => perResource(items, (r) => (r.mimeType ? [] : [{ path: '$.mimeType', message: `"${r.name}" declares no mimeType; hosts must read it to know what it is` }])),
};
