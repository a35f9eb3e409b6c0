import { beforeAll, describe, expect, it } from 'vitest';
import type { ToolvetResult } from '../src/report/model.ts';
import { resultSchemaErrors } from '../src/report/result-schema.ts';
import { everyResult } from '../src/report/testing/real-results.ts';
import { json } from './json.ts';

let merged: ToolvetResult;

beforeAll(async () => {
  ({ merged } = await everyResult());
}, 120_000);

describe('json reporter', () => {
  it('writes the result itself, valid against the shipped schema', () => {
    const back = JSON.parse(json.render(merged)) as unknown;
    expect(back).toEqual(JSON.parse(JSON.stringify(merged)));
    expect(resultSchemaErrors(back)).toEqual([]);
  });
});
