/**
 * The body of toolvet's one pull-request comment: the hidden marker that finds it again on the next
 * run, then the Markdown report with known secrets redacted, cut to GitHub's comment limit.
 */
import { toFile } from '../../safety/boundary.ts';
import { cutToFit } from '../markdown-kit.ts';

/** The first line of our comment: invisible on GitHub, and how the next run finds the comment to update. */
export const MARKER = '<!-- toolvet -->';

/** GitHub refuses a comment body longer than this (characters). */
export const GITHUB_COMMENT_LIMIT = 65_536;

export const CUT_NOTE = `… cut to fit GitHub's ${GITHUB_COMMENT_LIMIT.toLocaleString('en-US')}-character comment limit; the full report is in the HTML report and the JSON result.`;

/** Ours only when the marker opens the body: a reply quoting our comment ("> <!-- toolvet -->") is not. */
export function isToolvetComment(body: string): boolean {
  return body.startsWith(MARKER);
}

export function commentBody(markdown: string): string {
  return cutToFit(`${MARKER}\n${toFile(markdown)}`, GITHUB_COMMENT_LIMIT, CUT_NOTE);
}
