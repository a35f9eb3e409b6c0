/**
 * The `sarif` format: the lint engineer's SARIF 2.1.0 renderer (reporters/sarif.ts) over the
 * result's lint section. A result without lint gives a valid log with no results, so a CI step that
 * uploads SARIF never breaks on an eval-only run.
 */
import { renderSarif } from '../../reporters/sarif.ts';
import type { LintReport } from '../lint/framework.ts';
import type { Reporter } from './reporter.ts';

const EMPTY: LintReport = { profile: 'none', rules: [], findings: [], summary: { error: 0, warn: 0, info: 0 } };

export const sarif: Reporter = {
  id: 'sarif',
  description: 'SARIF 2.1.0 of the lint findings, with rule ids and help text (code scanning)',
  extension: 'sarif',
  render: (result) => `${JSON.stringify(renderSarif(result.lint ?? EMPTY, { toolVersion: result.generator.version }), null, 2)}\n`,
};
