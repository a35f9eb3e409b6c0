/**
 * Input requests: a tool that pauses for the user's answer. In the 2026-07-28 revision the server
 * answers `tools/call` with `resultType: "input_required"` and embedded `elicitation/create` requests,
 * and the client retries with the answers; in the 2025 era the server sends `elicitation/create` to the
 * client mid-call. The SDK funnels both into one `elicitation/create` handler, so Toolvet answers both
 * the same way: from a scenario's `answers:`, matched by the requested field names or the message text.
 */

/** One reply a scenario gives: `match` is a requested field name, words of the message, or `*`. */
export interface InputAnswer {
  match: string;
  accept?: { [key: string]: unknown };
  decline?: true;
  cancel?: true;
}

/** What a server asked for, as the trajectory records it. */
export interface InputRequestSeen {
  /** The message shown to the user. */
  message: string;
  /** The field names of the requested form (empty for URL mode). */
  fields: string[];
  mode: 'form' | 'url';
}

export type InputAction = 'accept' | 'decline' | 'cancel';

/** A request and what Toolvet answered: `unanswered` when no answer matched (the server was told `cancel`). */
export interface InputExchange extends InputRequestSeen {
  action: InputAction;
  content?: { [key: string]: unknown };
  /** The `match` of the answer used; absent when unanswered. */
  matched?: string;
  unanswered?: true;
}

/** Reads an `elicitation/create` request's params into what the trajectory shows. */
export function seenRequest(params: unknown): InputRequestSeen {
  const p = (typeof params === 'object' && params !== null ? params : {}) as { message?: unknown; mode?: unknown; requestedSchema?: { properties?: unknown } };
  const properties = p.requestedSchema?.properties;
  const fields = typeof properties === 'object' && properties !== null ? Object.keys(properties) : [];
  return { message: typeof p.message === 'string' ? p.message : '', fields, mode: p.mode === 'url' ? 'url' : 'form' };
}

/**
 * The answer to one request: the first entry whose `match` is `*`, one of the requested field names,
 * or a phrase the message contains (case-insensitive). No match: `cancel`, marked unanswered.
 */
export function answerInput(request: InputRequestSeen, answers: readonly InputAnswer[]): InputExchange {
  const wanted = (a: InputAnswer): boolean => {
    const m = a.match.trim().toLowerCase();
    return m === '*' || request.fields.some((f) => f.toLowerCase() === m) || (m !== '' && request.message.toLowerCase().includes(m));
  };
  const answer = answers.find(wanted);
  if (!answer) return { ...request, action: 'cancel', unanswered: true };
  if (answer.accept) return { ...request, action: 'accept', content: answer.accept, matched: answer.match };
  return { ...request, action: answer.decline ? 'decline' : 'cancel', matched: answer.match };
}

/** How a request reads in a reason: its message, or its fields. */
export const describeRequest = (r: InputRequestSeen): string => (r.message ? `"${r.message}"` : `a form asking for ${r.fields.join(', ') || 'nothing'}`) + (r.fields.length ? ` (fields: ${r.fields.join(', ')})` : '');
