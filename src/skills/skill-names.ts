/**
 * Resolving a skill name a user wrote (`--skill`, a case's `skills` list) against the discovered
 * skills' ids (skillId: `plugin:name` where the bare name is shared). A bare name two plugins share
 * names neither, so it is reported as ambiguous with both qualified names, never picked by order.
 */

export type SkillRef = { state: 'found'; id: string } | { state: 'ambiguous'; ids: string[] } | { state: 'unknown' };

export function resolveSkillRef(ref: string, ids: Iterable<string>): SkillRef {
  const all = [...ids];
  if (all.includes(ref)) return { state: 'found', id: ref };
  const qualified = ref.includes(':') ? [] : all.filter((id) => id.endsWith(`:${ref}`));
  if (qualified.length === 1) return { state: 'found', id: qualified[0] };
  if (qualified.length > 1) return { state: 'ambiguous', ids: qualified.sort() };
  return { state: 'unknown' };
}

/** `"access", which is both discord:access and telegram:access` */
export function ambiguousText(ref: string, ids: readonly string[]): string {
  return `"${ref}", which is ${ids.length === 2 ? 'both' : 'each of'} ${ids.slice(0, -1).join(', ')} and ${ids.at(-1)}`;
}
