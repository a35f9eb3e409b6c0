/**
 * A scenario scorer checks one kind of expectation against the finished trajectory and says, in
 * words, why it does not hold. Scorers run in the registry's order; the first failing one is the
 * scenario's reason.
 */
import type { Scenario, ScenarioResult, ScenarioStop, TrajectoryCall } from '../scenario-types.ts';
import { clipText } from '../../safety/clip.ts';

export interface TrajectoryView {
  scenario: Scenario;
  /** Every call the model made, in order (ran, held back and invalid). */
  calls: TrajectoryCall[];
  stop: ScenarioStop;
  finalAnswer: string;
  turns: ScenarioResult['turns'];
  cost: ScenarioResult['cost'];
  stateCall?: ScenarioResult['stateCall'];
  /** What stopped the run when a budget did. */
  budgetSpent?: string;
}

export interface ScoreOutcome {
  pass: boolean;
  reason: string;
}

export interface ScenarioScorer {
  /** Equal to the file name. */
  id: string;
  description: string;
  /** Whether the scenario asks for this check (some always apply). */
  applies: (scenario: Scenario) => boolean;
  check: (view: TrajectoryView) => ScoreOutcome;
}

export const names = (calls: readonly TrajectoryCall[]): string => (calls.length ? calls.map((c) => c.tool).join(', ') : 'no calls');

export const quote = (text: string, max = 120): string => JSON.stringify(clipText(text, max + 1));
