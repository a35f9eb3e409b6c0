import { isTemplate, perResource, type ResourceRule } from '../../surface-rule-kit.ts';

/** A resource template is interface the server's author wrote once: its description says what it yields and what each {variable} means. */
export const templateDescription: ResourceRule = {
  id: 'template-description',
  kind: 'resource',
  defaultSeverity: 'warn',
  description: 'every resource template has a description',
  spec: '2.4, 10.1',
  check: (items) =>
    perResource(items, (r) =>
      !isTemplate(r) || (r.description?.trim() ?? '') !== '' ? [] : [{ path: '$.description', message: `template "${r.uriTemplate}" has no description; nobody can tell what it yields or what its variables mean` }],
    ),
};
