/**
 * `toolvet judge calibrate --labels FILE --judge-base-url URL --judge-model-name NAME`: runs the LLM
 * judge on every hand-labelled answer and reports how far it agrees with the humans (agreement,
 * Cohen's kappa, false pass rate, each with its interval), as text, JSON or Markdown.
 */
import { type Command, Option } from 'commander';
import { EXIT, ToolvetError } from '../../errors.ts';
import { calibrateJudge } from '../../judge/calibrate.ts';
import { loadLabels } from '../../judge/labels-file.ts';
import { renderCalibrationMarkdown, renderCalibrationText } from '../../judge/render-calibration.ts';
import { loadPrices } from '../../run/cost.ts';
import { judgeFromFlags } from '../judge-options.ts';
import { abortOnSignals, sharedOption } from '../options.ts';
import { emit, writeJsonFile } from '../output.ts';
import type { SetExit } from './set-exit.ts';

interface CalibrateFlags {
  labels: string;
  judgeBaseUrl?: string;
  judgeModelName?: string;
  judgeApiKeyEnv?: string;
  modelTimeout?: number;
  concurrency?: number;
  prices?: string;
  format: 'text' | 'json' | 'markdown';
  json?: string;
  output?: string;
}

export function registerJudge(program: Command, setExit: SetExit): void {
  const judge = program.command('judge').description("measure the LLM judge against human labels: agreement, Cohen's kappa and false pass rate with intervals");
  judge
    .command('calibrate')
    .description('run the judge on a labels file of hand-judged answers and report its agreement with the human verdicts')
    .requiredOption('--labels <file>', 'labels file (YAML or JSON): answers with their expectation, rubric and human verdict (docs/judge.md)')
    .addOption(sharedOption('judge-base-url'))
    .addOption(sharedOption('judge-model-name'))
    .addOption(sharedOption('judge-api-key-env'))
    .addOption(sharedOption('model-timeout'))
    .addOption(sharedOption('concurrency'))
    .addOption(sharedOption('prices'))
    .addOption(new Option('--format <format>', 'console output').choices(['text', 'json', 'markdown']).default('text'))
    .addOption(sharedOption('json'))
    .option('--output <file>', 'write the output to this file instead of stdout')
    .action(async (flags: CalibrateFlags) => {
      if (!flags.judgeBaseUrl) {
        throw new ToolvetError('E_USAGE', 'judge calibrate needs --judge-base-url', {
          hint: 'name the judge: --judge-base-url http://127.0.0.1:8080/v1 --judge-model-name NAME (any OpenAI-compatible endpoint)',
        });
      }
      const labels = loadLabels(flags.labels);
      const prices = flags.prices ? loadPrices(flags.prices) : undefined;
      const model = judgeFromFlags(flags)!;
      const { signal, dispose } = abortOnSignals();
      try {
        const result = await calibrateJudge({ judge: model, labels, ...(prices ? { prices } : {}), ...(flags.concurrency ? { concurrency: flags.concurrency } : {}), signal });
        const text = flags.format === 'json' ? JSON.stringify(result, null, 2) : flags.format === 'markdown' ? renderCalibrationMarkdown(result).text : renderCalibrationText(result);
        emit(text, flags.output);
        if (flags.json) writeJsonFile(flags.json, result);
        setExit(EXIT.ok);
      } finally {
        dispose();
        await model.close?.();
      }
    });
}
