/**
 * What a server did with arguments that break its own schema, read from what it said: it rejected
 * them (a validation error), accepted them and failed later (an upstream or runtime error: it did not
 * validate), accepted them outright, timed out (only our real deadline, never a word in a message),
 * crashed, or the answer does not say (could not tell). Where the words are ambiguous the reading is
 * "could not tell": a wrong "rejected" praises a server that validates nothing, a wrong "did not
 * validate" blames one that does. The phrases come from real servers (docs/probe.md).
 */

export type ArgumentVerdict = 'rejected' | 'accepted-then-failed' | 'accepted' | 'timed-out' | 'crashed' | 'unclear';

/** How each verdict reads in text output. */
export const VERDICT_LABEL: Record<ArgumentVerdict, string> = {
  rejected: 'rejected',
  'accepted-then-failed': 'did not validate',
  accepted: 'accepted',
  'timed-out': 'timed out',
  crashed: 'crashed',
  unclear: 'could not tell',
};

/** What came back, reduced to what the verdict needs. */
export type Answer =
  | { kind: 'thrown'; toolvetCode?: string; rpcCode?: number; message: string }
  | { kind: 'result'; isError: boolean; text: string; failureBody: boolean };

export interface VerdictReading {
  verdict: ArgumentVerdict;
  /** The words (or code) the verdict was read from. */
  evidence: string;
}

interface Marker {
  re: RegExp;
  what: string;
}

/** Validation errors only a validator prints: the MCP SDK's, zod's issue lists, pydantic's, JSON-RPC InvalidParams. */
const VALIDATOR: Marker[] = [
  { re: /\binput validation (?:error|failed)\b/i, what: 'an input validation error' },
  { re: /\binvalid arguments? for (?:tool\b)?/i, what: 'invalid arguments' },
  { re: /\bparameter validation failed\b/i, what: 'a parameter validation failure' },
  { re: /"code"\s*:\s*"(?:invalid_type|invalid_enum_value|invalid_value|invalid_union|invalid_string|invalid_format|invalid_literal|too_small|too_big|unrecognized_keys)"/, what: 'a zod issue list' },
  { re: /\b\d+ validation errors? for\b|\[type=(?:missing|missing_argument|[a-z]+_type|[a-z]+_parsing)\b/, what: 'a pydantic validation error' },
];

/** The arguments went out, or the handler ran with them: network, HTTP status, credentials, a command that ran. */
const UPSTREAM: Marker[] = [
  { re: /\b(?:ENOTFOUND|EAI_AGAIN|ECONNREFUSED|ECONNRESET|ETIMEDOUT|EHOSTUNREACH|ENETUNREACH)\b|\bgetaddrinfo\b|\bfetch failed\b|\bsocket hang up\b|\bconnection refused\b|\bdial tcp\b|\bnetwork (?:error|request failed)\b/i, what: 'a network failure' },
  { re: /\b(?:HTTP|status(?: code)?|error|API error)\s*:?\s*\(?(?:40[13]|429|5\d\d)\)?(?!\d)|\b(?:40[13]|429|5\d\d) (?:Unauthorized|Forbidden|Too Many Requests|Internal Server Error|Bad Gateway|Service Unavailable|Gateway Timeout)\b/i, what: 'an HTTP error status' },
  { re: /\bapi[ _-]?key\b|\bunauthori[sz]ed\b|\bforbidden\b|\b(?:access|auth|bearer) token\b|\bnot authenticated\b|\binvalid credentials\b/i, what: 'a credentials error' },
  { re: /\bAPI error\b/i, what: 'an upstream API error' },
  { re: /\bCommand failed:|\bspawn(?:Sync)? \S+ ENOENT\b|\bexited with code \d+/, what: 'a command that ran and failed' },
  { re: /\bThe "[^"]+" (?:argument|property) must be\b/, what: "a Node.js runtime error (the handler passed the value on)" },
  // Playwright's request API given the missing url (@executeautomation/playwright-mcp-server's playwright_get ...).
  { re: /\bapiRequestContext\.\w+: First argument must be\b/, what: "a library error (the handler passed the value on)" },
];

/** Words a hand-written check prints. Weaker: an upstream error may use them too, so UPSTREAM is read first. */
const CHECK: Marker[] = [
  { re: /\bexpected\b[^.\n]{0,40}\breceived\b/i, what: '"expected ..., received ..."' },
  { re: /\b(?:is|are) required\b|\brequired (?:parameter|argument|field|property|input)s?\b|\bmissing (?:required )?(?:parameter|argument|field|property|input|value)s?\b|^Required\b|\bRequired at\b|\bField required\b|\binvalid \w+: required\s*$/im, what: 'a missing required value' },
  { re: /\bmust (?:be|have|match|contain|not|include)\b/i, what: '"must be ..."' },
  { re: /\bshould be (?:a|an|of type|one of)\b/i, what: '"should be ..."' },
  { re: /\binvalid (?:argument|parameter|input|value|type|option|param|enum|format|operation|action)s?\b|\bnot (?:a|an) valid\b/i, what: '"invalid ..."' },
  { re: /\bunknown (?:operation|action|mode|option|parameter|argument)\b/i, what: '"unknown ..."' },
  { re: /\bvalidation (?:error|failed)\b|\bschema validation\b|\binvalid params\b/i, what: 'a validation error' },
  { re: /\bbad (?:input|argument|parameter)s?\b/i, what: '"bad input"' },
  // Readable refusals seen on servers not tuned on: asking for the value, or naming the wrong type.
  { re: /\bplease (?:provide|specify|supply|pass|enter)\b|\b(?:must|need to|needs to) (?:provide|specify|supply|pass)\b|\bis missing\b|\b(?:was|were|is|are) not (?:provided|specified|given|supplied|set)\b|\bno \w+ (?:was |were )?(?:provided|specified|given|supplied)\b/i, what: 'a request for the missing value' },
  { re: /\bcannot be (?:empty|blank|null|undefined)\b|\bmay not be (?:empty|blank)\b|\bexpected (?:a |an )?(?:string|number|integer|boolean|array|object|list)\b|\bis not (?:a|an) (?:string|number|integer|boolean|array|object|list)\b|\bwrong (?:type|value)\b|\btype mismatch\b/i, what: 'a wrong or empty value named' },
  { re: /\bunsupported (?:value|type|parameter|argument|operation|action|format|mode)\b|\bnot (?:one of|among) the (?:allowed|supported|valid)\b/i, what: '"unsupported ..."' },
];

/** The handler ran with the bad value and broke: a JS error on it, a stack trace, the value printed as undefined. */
const RUNTIME: Marker[] = [
  { re: /\bCannot read propert(?:y|ies) of (?:undefined|null)\b|\bis not a function\b|\bis not iterable\b|\bCannot destructure\b|\b(?:TypeError|ReferenceError|RangeError):/, what: 'a JavaScript error in the handler' },
  { re: /(?:\b(?:id|name|pod|for|with|of|[Ss]ession)\s+|=)(?:undefined|NaN)\b/, what: 'the missing value used as "undefined"' },
  { re: /\n\s+at \S.*:\d+:\d+\)?$/m, what: 'a stack trace' },
  // It looked the value up (a wrong-typed id, a missing path): used, never checked.
  // The subject is the value itself (digits, a quoted value, "undefined"), not the machine's environment
  // ("Chromium distribution 'chrome' is not found at /opt/...": nothing about the arguments).
  { re: /(?:\b\d+|\bundefined|\bnull|'[^'\n]{1,60}'|"[^"\n]{1,60}")\s+(?:was |is )?(?:not found|does(?: not|n't) exist)\b(?!\s+at\b)|\bENOENT\b|\bno such file or directory\b/i, what: 'a lookup of the value that found nothing' },
];

function firstMatch(markers: Marker[], text: string): Marker | undefined {
  return markers.find((m) => m.re.test(text));
}

/** A success result that says it failed. */
const FAILED = /\b(?:error|failed|failure)\b/i;

const RPC_PREFIX = /^MCP error (-?\d+):/;

/** Reads the text of an error, or of a result that reads as a failure. */
function readText(text: string, rpcCode: number | undefined): VerdictReading {
  const code = rpcCode ?? (RPC_PREFIX.exec(text.trim()) ? Number(RPC_PREFIX.exec(text.trim())![1]) : undefined);
  const validator = firstMatch(VALIDATOR, text);
  if (validator) return { verdict: 'rejected', evidence: validator.what };
  if (code === -32602) return { verdict: 'rejected', evidence: 'JSON-RPC -32602 (invalid params)' };
  const upstream = firstMatch(UPSTREAM, text);
  if (upstream) return { verdict: 'accepted-then-failed', evidence: upstream.what };
  const check = firstMatch(CHECK, text);
  if (check) return { verdict: 'rejected', evidence: check.what };
  const runtime = firstMatch(RUNTIME, text);
  if (runtime) return { verdict: 'accepted-then-failed', evidence: runtime.what };
  return { verdict: 'unclear', evidence: code === undefined ? 'no validation or upstream words' : `JSON-RPC ${code} with no validation or upstream words` };
}

export function readVerdict(answer: Answer): VerdictReading {
  if (answer.kind === 'thrown') {
    // Our own deadline (the SDK's -32001) is the only timeout; the word in a message is the server talking.
    if (answer.toolvetCode === 'E_CALL_TIMEOUT') return { verdict: 'timed-out', evidence: 'no answer within the call timeout' };
    if (answer.toolvetCode === 'E_SERVER_CRASH' || answer.toolvetCode === 'E_SERVER_START') return { verdict: 'crashed', evidence: 'the connection closed' };
    return readText(answer.message, answer.rpcCode);
  }
  if (answer.text.trim() === '') return { verdict: answer.isError ? 'unclear' : 'accepted', evidence: 'no text' };
  const reading = readText(answer.text, undefined);
  if (answer.isError || answer.failureBody) return reading;
  // A plain success: accepted, unless it says it failed (data may hold any words, so only then are they read).
  if (!FAILED.test(answer.text) || reading.verdict === 'unclear') return { verdict: 'accepted', evidence: 'a success result' };
  return reading;
}

/** True when `text` names `name` as a word ("limit", "`limit`", "limit:"), not inside another word. */
function names(text: string, name: string): boolean {
  const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`(?<![\\w-])${escaped}(?![\\w-])`).test(text);
}

/**
 * A refusal of a call with one bad value is about that value only when nothing else could have been
 * refused: every other argument was valid (`othersValid`), and the message does not name another
 * parameter while leaving the bad one unnamed. Otherwise "could not tell", saying which parameter the
 * refusal names: a "rejected" credited to a check on another parameter praises a server whose bad
 * value may have gone through.
 */
export function aboutTheBadValue(reading: VerdictReading, text: string, target: { property: string; othersValid: boolean; others: readonly string[] }): VerdictReading {
  if (reading.verdict !== 'rejected' || names(text, target.property)) return reading;
  const other = target.others.find((o) => o !== target.property && names(text, o));
  if (other !== undefined) return { verdict: 'unclear', evidence: `the refusal names "${other}", not the bad "${target.property}"` };
  if (!target.othersValid) return { verdict: 'unclear', evidence: `the refusal does not name "${target.property}", and another required argument was left out` };
  return reading;
}

/** Which verdict speaks for a tool probed more than once: the one that says least in the server's favour. */
const WEIGHT: Record<ArgumentVerdict, number> = { rejected: 0, unclear: 1, 'accepted-then-failed': 2, accepted: 3, 'timed-out': 4, crashed: 5 };

export function toolVerdict(verdicts: ArgumentVerdict[]): ArgumentVerdict | undefined {
  return verdicts.reduce<ArgumentVerdict | undefined>((a, b) => (a === undefined || WEIGHT[b] > WEIGHT[a] ? b : a), undefined);
}
