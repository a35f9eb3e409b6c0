/** Plain text for a terminal: the console report the eval command prints (reporters/console.ts). */
import type { Reporter } from '../src/report/reporter.ts';
import { renderEvalConsole } from './console.ts';

export const text: Reporter = {
  id: 'text',
  description: 'the console report: summary, per-tool table, failed cases, verdict',
  extension: 'txt',
  render: (result) => `${renderEvalConsole(result)}\n`,
};
