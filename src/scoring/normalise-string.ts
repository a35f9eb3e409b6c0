/**
 * String normalisation for argument matching, after the Berkeley Function Calling Leaderboard's
 * `standardize_string` (ast_checker.py): lowercase, `'` read as `"`, and spaces, `,`, `_` and `^`
 * removed, so "April 1, 2024" and "april 1 2024" match. Only the space character is removed, as in
 * BFCL: a tab, a line break or a no-break space is kept. BFCL also removes `.`, `/`, `-` and `*`;
 * here they are removed only where they join or separate words, and kept where they change the
 * value (docs/scoring.md lists each difference and why):
 * - `-` before a number that starts the string or follows an operator (a sign: "-5" is not "5");
 * - `.` between digits ("3.5" is not "35") and between words written together ("example.com",
 *   "report.pdf", "node.js"), but not in abbreviations of single letters ("U.S.A." matches "USA");
 * - every symbol in an e-mail address, URL or file path ("john.doe@example.com", "/tmp/a-b"). A
 *   path starts with `/`, `~/`, `./`, a drive or a scheme, or is relative with a file name
 *   ("src/a-b.ts") or three named folders; a `/` between words ("km/h", "N/A", "2023/05/10") is
 *   not a path and goes, as in BFCL;
 * - every operator in a formula (a string with `=`, `+`, `*`, `^`, `(` or `<`/`>`, or a single
 *   fraction such as "1/2"): "x^2 - 3" is not "x^2 + 3", "2*3" is not "23".
 * `#`, `+`, `@`, `~` and other punctuation stay, as in BFCL: "C#" is not "C".
 */

const FORMULA = /[=+*^()<>]|^\s*-?\d+(?:\.\d+)?\s*\/\s*-?\d+(?:\.\d+)?\s*$/;
const LOCATOR = /^(?:[a-z][a-z0-9+.-]*:\/\/|\/[\w~.-]|~\/|\.{1,2}\/|[a-z]:\\)|@/i;
const RELATIVE_PATH = /^[\w.-]+(?:\/[\w.-]+)+\/?$/;
/** A file name with an extension: a word, a dot, and an extension with a letter ("a-b.ts", "x.tar.gz"). */
const FILE_NAME = /^[\w-]*[a-z][\w.-]*\.(?=[a-z0-9]*[a-z])[a-z0-9]{1,8}$/i;
/** A folder name: letters among its characters (not a number of a date such as "2023/05/10"). */
const FOLDER_NAME = /^(?=.*[a-z])[\w.-]{2,}$/i;

/** True when the string is a formula: its operators are kept. */
export function isFormula(value: string): boolean {
  return FORMULA.test(value);
}

/** True when the token is an address or a path, whose every symbol counts. */
export function isLocator(token: string): boolean {
  if (LOCATOR.test(token)) return true;
  if (!RELATIVE_PATH.test(token)) return false;
  const parts = token.split('/').filter((p) => p !== '');
  return FILE_NAME.test(parts[parts.length - 1]) || (parts.length >= 3 && parts.every((p) => FOLDER_NAME.test(p)));
}

function normaliseToken(token: string, formula: boolean): string {
  if (isLocator(token)) return token.replace(/[,]+$/, '');
  let out = '';
  for (let i = 0; i < token.length; i++) {
    const ch = token[i];
    const prev = token[i - 1] ?? '';
    const next = token[i + 1] ?? '';
    if (ch === ',' || ch === '_' || (ch === '^' && !formula)) continue;
    if (ch === '-' || ch === '*' || ch === '/') {
      if (formula) out += ch;
      else if (ch === '-' && /\d|\./.test(next) && (i === 0 || /[=+*/(<>]/.test(prev))) out += ch; // a sign
      continue;
    }
    if (ch === '.') {
      if (isDigit(prev) && isDigit(next)) out += ch;
      else if (i === 0 && isDigit(next)) out += ch; // ".5"
      else if (isWordChar(prev) && isWordChar(next) && !abbreviation(token, i)) out += ch;
      continue;
    }
    out += ch;
  }
  return out;
}

const isDigit = (c: string): boolean => c >= '0' && c <= '9';
const isWordChar = (c: string): boolean => /[\p{L}\p{N}]/u.test(c);

/** A dot inside "u.s.a" or "e.g": single letters on both sides. */
function abbreviation(token: string, dot: number): boolean {
  const left = /(?:^|[^\p{L}\p{N}])[\p{L}]$/u.test(token.slice(0, dot));
  const right = /^[\p{L}](?:$|[^\p{L}\p{N}])/u.test(token.slice(dot + 1));
  return left && right;
}

export function normaliseString(value: string): string {
  const formula = isFormula(value);
  return value
    .toLowerCase()
    .replace(/'/g, '"')
    .split(' ')
    .map((token) => normaliseToken(token, formula))
    .join('');
}
