/**
 * Cassettes for `eval --models ... --record DIR | --replay DIR`: one cassette per model, each in its own
 * folder under DIR, named from the model's id so that two models never share one: a readable slug of
 * the id and the first 8 hex digits of its SHA-256 (ids that slug alike, such as `openai:a:b@URL` and
 * `openai:a_b@URL`, still differ).
 */
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import type { ModelDriver } from '../types.ts';
import type { Sampling } from './cassette.ts';
import { recordingModel, replayModel } from './replay.ts';

/** The folder under the cassette directory that holds one model's cassette. */
export function cassetteFolder(modelId: string): string {
  const slug = modelId.replace(/^[a-z]+:\/\//i, '').replace(/[^A-Za-z0-9.]+/g, '-').replace(/^[-.]+|-+$/g, '').slice(0, 60) || 'model';
  return `${slug}-${createHash('sha256').update(modelId).digest('hex').slice(0, 8)}`;
}

export interface ModelCassettes {
  /** Record each model's answers under this folder. */
  record?: string;
  /** Replay each model's answers from this folder, offline. */
  replay?: string;
  /** Sampling the drivers apply themselves (e.g. --temperature): part of each request's key. */
  defaults?: Sampling;
}

/** The driver a model runs as: itself, recording to its folder, or replaying from it (without contacting it). */
export function withCassette(inner: ModelDriver, cassettes: ModelCassettes): ModelDriver {
  const options = cassettes.defaults ? { defaults: cassettes.defaults } : {};
  if (cassettes.replay) return replayModel(join(cassettes.replay, cassetteFolder(inner.id)), { ...options, driverId: inner.id });
  if (cassettes.record) return recordingModel(inner, join(cassettes.record, cassetteFolder(inner.id)), options);
  return inner;
}
