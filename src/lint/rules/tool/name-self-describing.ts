import { perTool, topProperties, type ToolRule } from '../../tool-rule-kit.ts';

const GENERIC_TOOL = /^(run|do|go|exec|execute|call|invoke|handle|process|action|act|tool|tools|func|fn|function|method|cmd|command|main|api|helper|util|utils|misc|test|query|request|perform|task|op|operation)([-_.]?\d+)?$/i;
const NUMBERED = /^(tool|func|fn|function|action|cmd|command|method|op)[-_]?\d+$/i;
const GENERIC_PARAM = /^([a-z]|arg\d*|args|param\d*|params|p\d+|x\d*|val\d*|input\d*|data\d*|obj|thing|stuff|foo|bar)$/i;

/** Spec 10.4: `run`, `do`, `tool1` or a parameter named `a` tell the model nothing. */
export const nameSelfDescribing: ToolRule = {
  id: 'name-self-describing',
  kind: 'tool',
  defaultSeverity: 'warn',
  description: 'tool and parameter names say what they are (not run, do, tool1, a, arg1, data)',
  spec: '10.4',
  check: (tools) =>
    perTool(tools, (tool) => {
      const out = [];
      if (GENERIC_TOOL.test(tool.name) || NUMBERED.test(tool.name) || tool.name.length < 3) {
        out.push({ path: '$.name', message: `"${tool.name}" is too generic to tell the model what the tool does` });
      }
      for (const p of topProperties(tool)) {
        if (GENERIC_PARAM.test(p.name)) out.push({ path: p.path, message: `parameter "${p.name}" is not self-describing; name what it holds` });
      }
      return out;
    }),
};
