/** The fields every command's result starts with: schema version, generator, command and run times. */
import { VERSION } from '../version.ts';
import { RESULT_SCHEMA_VERSION, type ToolvetResult } from './model.ts';

export type ResultHeader = Pick<ToolvetResult, 'schemaVersion' | 'generator' | 'command' | 'startedAt' | 'finishedAt'>;

/** Call when the run finishes: `finishedAt` is now. */
export function resultHeader(command: string, startedAt: string): ResultHeader {
  return { schemaVersion: RESULT_SCHEMA_VERSION, generator: { name: 'toolvet', version: VERSION }, command, startedAt, finishedAt: new Date().toISOString() };
}
