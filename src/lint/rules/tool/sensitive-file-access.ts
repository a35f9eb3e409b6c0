import { perTool, proseFields, sentences, type ToolRule } from '../../tool-rule-kit.ts';

const SENSITIVE = /(~\/)?\.ssh\b|\bid_(rsa|ed25519|ecdsa)\b|\.aws\/credentials|(^|[\s'"`(/~])\.env\b|\.npmrc\b|\.netrc\b|\.pgpass\b|\.git-credentials\b|\/etc\/(passwd|shadow)\b|\bmcp\.json\b|claude_desktop_config\.json|\.kube\/config|\bkeychain\b|\bprivate keys?\b|\b(api|secret|access) keys?\b|\bpasswords?\b|\bcredentials?\b|\bauth tokens?\b|\bcookies?\b/i;
const READ = /\b(read|open|cat|load|fetch|get|include|attach|copy|collect|gather|access|pass|send|provide|extract|look up)\b/i;

/** Tool-poisoning pattern: instructions to read keys, credentials or host config files. */
export const sensitiveFileAccess: ToolRule = {
  id: 'sensitive-file-access',
  kind: 'tool',
  defaultSeverity: 'error',
  description: 'no instructions to read keys, credentials or configuration files (~/.ssh, .env, mcp.json, passwords)',
  check: (tools) =>
    perTool(tools, (tool) =>
      proseFields(tool).flatMap((field) => {
        const sentence = sentences(field.text).find((s) => SENSITIVE.test(s) && READ.test(s));
        return sentence ? [{ path: field.path, message: `asks for sensitive data: "${sentence.slice(0, 120)}"` }] : [];
      }),
    ),
};
