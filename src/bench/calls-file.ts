/**
 * The `--calls` file of `toolvet bench`: a JSON or YAML list of `{tool, args}` (optionally `server`
 * and a `name` for the row). Listing a tool here is also how a user allows benchmarking a tool that is
 * not annotated read-only or non-destructive.
 */
import { readDataFile } from '../config/read-file.ts';
import { validateData } from '../config/validate.ts';

export interface BenchCall {
  tool: string;
  args: Record<string, unknown>;
  /** Only on this server; by default every selected server that lists the tool. */
  server?: string;
  /** Row label; default `tools/call TOOL`. */
  name?: string;
}

export interface CallsFile {
  file: string;
  calls: BenchCall[];
}

const callsSchema = {
  type: 'array',
  items: {
    type: 'object',
    properties: {
      tool: { type: 'string', minLength: 1 },
      args: { type: 'object' },
      server: { type: 'string', minLength: 1 },
      name: { type: 'string', minLength: 1 },
    },
    required: ['tool'],
    additionalProperties: false,
  },
} as const;

export function loadCallsFile(file: string): CallsFile {
  const data = readDataFile(file, 'calls file');
  const list = validateData<Array<Omit<BenchCall, 'args'> & { args?: Record<string, unknown> }>>(
    callsSchema,
    data,
    file,
    'calls file',
    'write a list of {tool, args}, e.g. [{"tool": "echo", "args": {"text": "hi"}}]',
  );
  return { file, calls: list.map((c) => ({ ...c, args: c.args ?? {} })) };
}
