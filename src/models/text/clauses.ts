/**
 * Splits a tool description into the part that says when to use the tool and its exclusion
 * clauses ("Do NOT use for ...", "Don't use this for ...", "Not for ..."), each running to the end
 * of its sentence. The mock counts words that match only in an exclusion clause against the tool.
 */
export interface SplitDescription {
  positive: string;
  negative: string;
}

// The clause starts at the cue and runs to the end of the sentence: a full stop, question or
// exclamation mark followed by whitespace or the end of the text, or a line break.
const EXCLUSION = /\b(?:do\s+not|don['’]t|never)\s+(?:use|call)\b[^\n]*?(?:[.!?](?=\s|$)|\n|$)|\bnot\s+for\b[^\n]*?(?:[.!?](?=\s|$)|\n|$)/gi;

export function splitDescription(description: string): SplitDescription {
  const negative: string[] = [];
  const positive = description.replace(EXCLUSION, (clause) => {
    negative.push(clause);
    return ' ';
  });
  return { positive, negative: negative.join(' ') };
}
