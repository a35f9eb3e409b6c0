/**
 * `toolvet report FILE --pr-comment`: one comment per pull request, updated in place. The Markdown
 * report (the pull-request summary of reporters/markdown.ts) goes under the hidden marker; the comment
 * that already starts with the marker is updated, else one is created. Outside a pull request, or
 * without a token, it says why on stderr and does nothing.
 */
import { renderMarkdown } from '../../../reporters/markdown.ts';
import type { ToolvetResult } from '../model.ts';
import { commentBody, isToolvetComment } from './comment-body.ts';
import { resolvePrContext } from './context.ts';
import { createComment, findComment, MAX_PAGES, updateComment } from './github-api.ts';

export interface PrCommentOptions {
  /** `--pr N`, when the event file names no pull request. */
  pr?: string;
  previous?: ToolvetResult;
  env?: NodeJS.ProcessEnv;
  /** Where the status line goes (stderr by default). */
  say?: (line: string) => void;
}

export type PrCommentOutcome =
  | { action: 'created' | 'updated'; id: number; url: string }
  | { action: 'skipped'; reason: string };

const PREFIX = 'toolvet report --pr-comment';

export async function postPrComment(result: ToolvetResult, options: PrCommentOptions = {}): Promise<PrCommentOutcome> {
  const say = options.say ?? ((line: string) => process.stderr.write(`${line}\n`));
  const context = resolvePrContext(options.env ?? process.env, options.pr);
  if (context.kind === 'none') {
    say(`${PREFIX}: no comment posted: ${context.reason}`);
    return { action: 'skipped', reason: context.reason };
  }
  const target = context.target;
  const body = commentBody(renderMarkdown(result, options.previous ? { previous: options.previous } : {}));
  const found = await findComment(target, isToolvetComment);
  if (!found.comment && found.pages >= MAX_PAGES) say(`${PREFIX}: searched the first ${MAX_PAGES} pages of comments without finding ours; adding a new one`);
  const comment = found.comment ? await updateComment(target, found.comment.id, body) : await createComment(target, body);
  const action = found.comment ? 'updated' : 'created';
  say(`${PREFIX}: ${action} comment ${comment.id} on ${target.owner}/${target.repo}#${target.pr}${comment.html_url ? `: ${comment.html_url}` : ''}`);
  return { action, id: comment.id, url: comment.html_url };
}
