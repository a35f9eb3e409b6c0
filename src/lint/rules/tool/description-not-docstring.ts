import { perTool, type ToolRule } from '../../tool-rule-kit.ts';

// A docstring lists the parameters (and what is raised) in the description: an "Args:" heading with a
// parameter line under it, "@param", ":param x:", ":rtype:". "Returns:", "Examples:" and "Best for:"
// headings alone are how real descriptions are laid out for the model (exa, brave-search), not a copy.
const DOCSTRING =
  /^[ \t]*(Args|Arguments|Parameters|Params|Keyword Args|Kwargs)[ \t]*:[ \t]*\n[ \t]*[-*]?[ \t]*[`'"]?\w+[`'"]?[ \t]*(\([^)\n]*\))?[ \t]*:|^[ \t]*(Raises|Throws|Yields)[ \t]*:[ \t]*$|@(param|returns?|throws|raises)\b|:param\s+\w+:|:returns?:|:rtype:|:raises\s+\w+:/m;

/** Spec 10 anti-pattern: a description copied from a docstring describes the code, not when to call it. */
export const descriptionNotDocstring: ToolRule = {
  id: 'description-not-docstring',
  kind: 'tool',
  defaultSeverity: 'warn',
  description: 'the description is not a copied docstring (an Args: list of parameters, @param, :param x:, Raises:)',
  spec: '10 (anti-patterns)',
  check: (tools) =>
    perTool(tools, (tool) => {
      const match = typeof tool.description === 'string' ? DOCSTRING.exec(tool.description) : null;
      return match ? [{ path: '$.description', message: `reads like a docstring ("${match[0].trim().split('\n')[0]}"); parameters belong in inputSchema, the description says when to call` }] : [];
    }),
};
