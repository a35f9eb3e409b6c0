/**
 * The GitHub Actions medium of the output boundary. The runner treats a log line that starts with
 * `::` (after leading white space) as a workflow command, and the legacy `##[` form anywhere in a
 * line. A newline in a server version or a tool name could therefore print `::error …` or
 * `::stop-commands::token` (which would silence our own annotations after it). Every line that is not
 * one of our own annotations gets a zero-width space between the two characters, which the runner
 * does not parse and a reader does not see. Our own annotation lines are marked with OWN_LINE by the
 * GitHub reporter, escaped there per @actions/core's rules, and unmarked here.
 */
import { randomBytes } from 'node:crypto';

/** A per-process nonce between two private-use characters: text from a server cannot know it, so cannot forge the mark. */
export const OWN_LINE = `\uE002${randomBytes(12).toString('hex')}\uE002`;

const COMMAND_START = /^(\s*):(?=:)/;
const LEGACY = /##\[/g;

export function defuseWorkflowLine(line: string): string {
  // Ours may start a command; the data inside it (escaped, one line) still starts no legacy one.
  if (line.startsWith(OWN_LINE)) return line.slice(OWN_LINE.length).replace(LEGACY, '#\u200b#[');
  return line.replace(COMMAND_START, '$1:\u200b').replace(LEGACY, '#\u200b#[');
}

/** Marks every line of `text` that starts a workflow command as ours: only for lines whose data is escaped (reporters/github.ts). */
export function markOwnLines(text: string): string {
  return text.replace(/^(?=::)/gm, OWN_LINE);
}

export function defuseWorkflowCommands(text: string): string {
  if (!text.includes('::') && !text.includes('##[') && !text.includes(OWN_LINE)) return text;
  return text.split('\n').map(defuseWorkflowLine).join('\n');
}

/** Whether this process runs under GitHub Actions: its annotations and step summary are written only then. */
export function onGitHubActions(env: NodeJS.ProcessEnv = process.env): boolean {
  return Boolean(env.GITHUB_ACTIONS);
}
