import { perTool, proseFields, sentences, type ToolRule } from '../../tool-rule-kit.ts';
import { clipText } from '../../../safety/clip.ts';

// Files that hold keys and host configs: naming one next to a read verb is the attack.
const FILES = /(~\/)?\.ssh\b|\bid_(rsa|ed25519|ecdsa)\b|\.aws\/credentials|(^|[\s'"`(/~])\.env\b|\.npmrc\b|\.netrc\b|\.pgpass\b|\.git-credentials\b|\/etc\/(passwd|shadow)\b|\bmcp\.json\b|claude_desktop_config\.json|\.kube\/config|\bkeychain\b/i;
const READ = /\b(read|open|cat|load|fetch|get|include|attach|copy|collect|gather|access|pass|send|provide|extract|look up)\b/i;
// Secrets by name are legitimate subjects ("Get the password policy"); only handing them over is the attack.
const SECRETS = /\b(private keys?|(api|secret|access) keys?|passwords?|credentials?|auth tokens?|session cookies?)\b/i;
const HAND_OVER = /\b(pass|include|put|send|attach|copy|paste|append|embed|provide)\b[^.]{0,60}\b(as|in|into|to|with)\b[^.]{0,40}\b(parameter|argument|field|note|request|message|call)\b/i;

/** Tool-poisoning pattern: instructions to read keys, credentials or host config files. */
export const sensitiveFileAccess: ToolRule = {
  id: 'sensitive-file-access',
  kind: 'tool',
  defaultSeverity: 'error',
  description: 'no instructions to read keys, credentials or configuration files (~/.ssh, .env, mcp.json, passwords)',
  check: (tools) =>
    perTool(tools, (tool) =>
      proseFields(tool).flatMap((field) => {
        const sentence = sentences(field.text).find((s) => (FILES.test(s) && READ.test(s)) || (SECRETS.test(s) && HAND_OVER.test(s)));
        return sentence ? [{ path: field.path, message: `asks for sensitive data: "${clipText(sentence, 120, { ellipsis: '' })}"` }] : [];
      }),
    ),
};
