import { describe, expect, it } from 'vitest';
import { cutToFit } from '../markdown-kit.ts';
import { clearSecrets, registerSecret } from '../../safety/secrets.ts';
import { commentBody, CUT_NOTE, GITHUB_COMMENT_LIMIT, isToolvetComment, MARKER } from './comment-body.ts';

describe('the PR comment body', () => {
  it('opens with the marker and passes the report through unchanged when it fits, secrets redacted', () => {
    registerSecret('ghs_secretInTheReport');
    try {
      expect(commentBody('### ✅ Toolvet PASS\n\nkey ghs_secretInTheReport\n')).toBe(`${MARKER}\n### ✅ Toolvet PASS\n\nkey ***\n`);
    } finally {
      clearSecrets();
    }
  });

  it.each([
    ['exactly at the limit', GITHUB_COMMENT_LIMIT - MARKER.length - 1, false],
    ['one over the limit', GITHUB_COMMENT_LIMIT - MARKER.length, true],
    ['far over the limit', 200_000, true],
  ])('%s: never longer than GitHub allows, cut with a note only when needed', (_name, size, cut) => {
    const report = `<details><summary>Failed cases</summary>\n\n${'| a | b |\n'.repeat(Math.ceil(size / 8))}`.slice(0, size);
    const body = commentBody(report);
    expect(body.length).toBeLessThanOrEqual(GITHUB_COMMENT_LIMIT);
    expect(body.startsWith(`${MARKER}\n<details>`)).toBe(true);
    expect(body.includes(CUT_NOTE)).toBe(cut);
    // A cut closes the <details> it left open, so the rest of the PR page renders.
    if (cut) expect(body.trimEnd().endsWith('</details>')).toBe(true);
  });

  it('cuts at a line break and never splits a surrogate pair', () => {
    expect(cutToFit('aaaa\nbbbb\ncccc', 12, 'N')).toBe('aaaa\n\nN\n\n');
    const emoji = cutToFit('😀'.repeat(100), 20, 'N');
    expect(emoji.length).toBeLessThanOrEqual(20);
    expect(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/.test(emoji)).toBe(false);
  });

  it.each([
    [`${MARKER}\n### report`, true],
    [MARKER, true],
    [`> ${MARKER}\n> quoted`, false],
    [`thanks!\n${MARKER}`, false],
    ['', false],
  ])('%j is ours: %s', (body, ours) => {
    expect(isToolvetComment(body)).toBe(ours);
  });
});
