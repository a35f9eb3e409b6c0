/**
 * Every output format, by `--format` name. A new format is one file in reporters/ (its id equal to
 * the file name) plus one line here; reporters.test.ts checks each has a file and a test.
 */
import { github } from '../../reporters/github.ts';
import { html } from '../../reporters/html.ts';
import { json } from '../../reporters/json.ts';
import { junit } from '../../reporters/junit.ts';
import { markdown } from '../../reporters/markdown.ts';
import { text } from '../../reporters/text.ts';
import { ToolvetError } from '../errors.ts';
import type { Reporter } from './reporter.ts';
import { sarif } from './sarif-reporter.ts';

export const REPORTERS: Record<string, Reporter> = {
  text,
  json,
  markdown,
  junit,
  sarif,
  github,
  html,
};

export const FORMATS: readonly string[] = Object.keys(REPORTERS);

export function reporterFor(format: string): Reporter {
  const reporter = REPORTERS[format];
  if (!reporter) {
    throw new ToolvetError('E_USAGE', `unknown report format "${format}"`, { hint: `use one of: ${FORMATS.join(', ')}` });
  }
  return reporter;
}
