/** JSON: the result itself, as the schema in src/report/schema/result.schema.json describes it. */
import type { Reporter } from '../src/report/reporter.ts';

export const json: Reporter = {
  id: 'json',
  description: 'the result as JSON, valid against the shipped JSON Schema (re-render it with `toolvet report`)',
  extension: 'json',
  render: (result) => `${JSON.stringify(result, null, 2)}\n`,
};
