/**
 * The scenario scorers in the order they are checked: the first failing one is the scenario's
 * reason. A new expectation kind is one file here plus its line below (and its docs line).
 */
import { answer } from './answer.ts';
import { budget } from './budget.ts';
import { calls } from './calls.ts';
import { heldBack } from './held-back.ts';
import { inputAnswered } from './input-answered.ts';
import { notTools } from './not-tools.ts';
import { results } from './results.ts';
import { state } from './state.ts';
import { turnLimit } from './turn-limit.ts';
import type { ScenarioScorer } from './types.ts';
import { wellFormed } from './well-formed.ts';

export const SCENARIO_SCORERS: readonly ScenarioScorer[] = [notTools, heldBack, inputAnswered, wellFormed, calls, results, budget, turnLimit, answer, state];

export type { ScenarioScorer, TrajectoryView, ScoreOutcome } from './types.ts';
