/**
 * The phrasings with which published descriptions say when to load a skill, when not to, and which
 * sibling to use instead, in English and the other languages seen in public collections. Shared by the
 * description rules and the overlap measure. Kept as data so that a new phrasing is one line here.
 */

/** Says the situation: "Use when …", "Use for …", "Triggers on …", "Use immediately after …", "当…时使用". */
export const SITUATION_CUES: readonly RegExp[] = [
  /\b(?:use|load|apply|invoke|trigger|call|activate|consult|run)\w*\b[^.]{0,60}?\bwhen(?:ever)?\b/i,
  /\bwhen(?:ever)?\s+(?:the\s+)?(?:user|you|someone|asked|a|an|working|there|it|they|claude|your?|\w+ing)\b/i,
  /\b(?:use|load|invoke|activate)(?:\s+(?:this|it|the)(?:\s+skill)?)?\s+(?:for|to|before|after|during|on|if|whenever|immediately|proactively|only|in|with|at)\b/i,
  /\b(?:this skill\s+)?should be (?:used|invoked|loaded|triggered)\b/i,
  /\btrigger(?:s|ed)?\s+(?:on|when|for|by|if)\b|\btriggers?\s*[:—-]/i,
  /\bTRIGGER\b/,
  /\b(?:activates?|applies|kicks in)\s+(?:on|when|for|to|if)\b/i,
  /\bfor\s+requests?\b|\bif the user\b|\bwhenever\b/i,
  // "Mandatory gate before every git commit", "run after each deploy".
  /\b(?:before|after|on)\s+(?:every|each|any)\s+\w+/i,
  // Other languages: Chinese, Japanese, Korean, German, Spanish, French, Portuguese.
  // Simplified and traditional Chinese ("当…时", "當…時", "用於", "適用於", "觸發"), Japanese ("…と言われたら使う",
  // "…ときに", "…場合は", "…際は"), Korean.
  /[当當].{0,30}(?:时|時)|[用適适]用[于於]|(?:[适適]用|使用|[应應]用)[场場][景]|使用時機|[触觸][发發]|在.{0,20}[时時]|(?:とき|時)[にはの]|場合[にはの]|際[にはの]|たら(?:使|呼|起)|使用します|使います|使う|때\s|경우/,
  /\b(?:wenn|verwenden(?:,)? wenn|cuando|usar para|úsalo|utiliser (?:pour|quand|lorsque)|quand|lorsque|quando|usar quando)\b/i,
];

/** Names what not to load it for: "Do NOT use for …", "Do NOT trigger when …", "SKIP only when …", "不要用于". */
export const EXCLUSION_CUES: readonly RegExp[] = [
  /\b(?:do\s+not|don['’]t|never|does\s+not|doesn['’]t)\s+(?:use|trigger|invoke|load|activate|call|apply|fire|run|handle|cover)\b/i,
  /\bnot\s+(?:for|when|to be used|intended|meant|suitable)\b/i,
  /\bskip\b[^.]{0,30}\b(?:when|if|for)\b/i,
  /\b(?:unless|except(?:\s+(?:when|for))?)\b/i,
  /\binstead\b/i,
  /\b(?:does\s+not|doesn['’]t)\b[^.]{0,80}?[—–;,-]\s*(?:use|see)\b/i,
  /\bout of scope\b|\bfor [^.;]{1,40}\bonly\b/i,
  /\bonly\s+(?:on|for|in|when|if|with|archives?|handles?)\b/i,
  // "distinct from database-level design", "rather than send notifications", "(not a new brief)", "NOT a replacement".
  /\b(?:distinct from|as opposed to|rather than)\b|\(not\s+[^)]{3,60}\)/i,
  /\bNOT\s+(?:a|an|the|for)\b/,
  // "New copy → using-copywriting-toolkit", "Breach → legal-contract-review": a redirect to a sibling skill by an arrow.
  /(?:→|->|=>)\s*[`'"“]?[a-z0-9]+(?:[-:][a-z0-9]+)+/,
  /(?:不要|请勿|請勿|勿)(?:用[于於]|使用|[触觸][发發])|不[适適]用|不用[于於]|には使わない|使用しない|使わない|対象外|사용하지|\bnicht\s+(?:für|verwenden)\b|\bno\s+(?:usar|para|uses)\b|\bne\s+pas\b|\bpas pour\b|\bnão\s+(?:usar|use)\b/i,
];

/**
 * "For X, use Y" redirects naming a sibling: the strongest exclusion there is, and words that say what
 * the skill is not about, so the overlap measure drops them with the "Do NOT use" clauses.
 */
export const REDIRECT = /(?:^|[.;:!?(—–-]\s*|\s)(?:for|to)\s+[^.;:!?]{1,80}?,?\s+(?:use|see|prefer|try|invoke|load)\s+(?:the\s+)?[`'"“]?[\w:/-]+[`'"”]?(?:\s+(?:skill|instead))?[^.;!?]*[.;!?]?/gi;

export function hasCue(text: string, cues: readonly RegExp[]): boolean {
  return cues.some((cue) => cue.test(text));
}

/** Whether the description redirects some requests to a sibling ("For X use Y", "use Y instead"). */
export function hasRedirect(text: string): boolean {
  REDIRECT.lastIndex = 0;
  return REDIRECT.test(text) || /\b(?:use|see|prefer)\s+[`'"“]?[\w:/-]+[`'"”]?\s+instead\b/i.test(text);
}
