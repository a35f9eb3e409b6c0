/**
 * The labels file of a judge calibration (YAML or JSON): answers someone judged by hand, each with the
 * expectation and rubric the judge gets and the human verdict. Validated strictly with ajv; a problem
 * names the file, the case (by id and position) and the field, and says what to write instead.
 * Schema: docs/judge.md, "The labels file".
 */
import { readDataFile } from '../config/read-file.ts';
import { validateData } from '../config/validate.ts';
import { ToolvetError } from '../errors.ts';

export interface LabelledCase {
  id: string;
  /** Where the answer comes from, e.g. `fixtures/scenarios/todo.yaml#add-then-list` (free text). */
  source?: string;
  /** The user's request the answer replies to. */
  request?: string;
  expectation: string;
  rubric?: string[];
  answer: string;
  human: 'pass' | 'fail';
  /** Why the human gave this verdict. */
  note?: string;
  /** Free labels, e.g. `wrong-format`, `partial`, `hallucination`, `refusal`. */
  tags?: string[];
}

export interface LabelsFile {
  file: string;
  description?: string;
  cases: LabelledCase[];
}

const text = { type: 'string', minLength: 1 } as const;

export const labelsSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['cases'],
  properties: {
    description: { type: 'string' },
    cases: {
      type: 'array',
      minItems: 1,
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['id', 'expectation', 'answer', 'human'],
        properties: {
          id: text,
          source: { type: 'string' },
          request: { type: 'string' },
          expectation: text,
          rubric: { type: 'array', items: text },
          answer: { type: 'string' },
          human: { enum: ['pass', 'fail'] },
          note: { type: 'string' },
          tags: { type: 'array', items: text },
        },
      },
    },
  },
} as const;

const HINT = 'each case needs id, expectation, answer and human (pass or fail); optional: source, request, rubric (a list), note, tags; see docs/judge.md, "The labels file"';

/** `$.cases[3].human` in `file`: the case's id when it has one, so the message names the case. */
function nameTheCase(error: ToolvetError, data: unknown): ToolvetError {
  const at = /^\$\.cases\[(\d+)\](.*)$/.exec(error.path ?? '');
  if (!at) return error;
  const entry = (data as { cases?: unknown[] }).cases?.[Number(at[1])] as { id?: unknown } | undefined;
  const id = typeof entry?.id === 'string' ? `case "${entry.id}"` : `case ${Number(at[1]) + 1}`;
  const field = at[2] ? `, field ${at[2].replace(/^\./, '')}` : '';
  const message = error.message.replace(`${error.path} `, `${id}${field} (${error.path}): `);
  return new ToolvetError('E_FILE_INVALID', message, { ...(error.file ? { file: error.file } : {}), ...(error.path ? { path: error.path } : {}), hint: HINT });
}

export function loadLabels(file: string): LabelsFile {
  const data = readDataFile(file, 'judge labels file');
  let valid: Omit<LabelsFile, 'file'>;
  try {
    valid = validateData<Omit<LabelsFile, 'file'>>(labelsSchema, data, file, 'judge labels file', HINT);
  } catch (error) {
    throw error instanceof ToolvetError ? nameTheCase(error, data) : error;
  }
  const seen = new Map<string, number>();
  valid.cases.forEach((c, i) => {
    const first = seen.get(c.id);
    if (first !== undefined) {
      throw new ToolvetError('E_FILE_INVALID', `judge labels file ${file}: case "${c.id}" ($.cases[${i}].id) repeats the id of $.cases[${first}]`, {
        file,
        path: `$.cases[${i}].id`,
        hint: 'give every case its own id',
      });
    }
    seen.set(c.id, i);
  });
  return { file, ...valid };
}
