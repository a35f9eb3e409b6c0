/**
 * Every wait has a default and a flag: server start, one call, one model request, one whole case.
 * The server and model waits are exercised in server-faults and eval-faults; this pins the flags and
 * their documented defaults, and the whole-case deadline, which no driver can dodge.
 */
import { DEFAULT_DOCTOR_MODEL_TIMEOUT_MS } from '../doctor/run-doctor.ts';
import { describe, expect, it } from 'vitest';
import { main } from '../cli/main.ts';
import { DEFAULT_CASE_TIMEOUT_MS, runSelection } from '../run/run-selection.ts';
import { DEFAULT_SERVER_TIMEOUTS } from '../servers/server-connection.ts';
import { DEFAULT_TIMEOUT_MS } from '../models/openai.ts';
import type { ModelDriver, SelectionCase } from '../types.ts';

async function helpOf(command: string): Promise<string> {
  let out = '';
  const saved = process.stdout.write;
  process.stdout.write = ((chunk: string) => {
    out += chunk;
    return true;
  }) as typeof process.stdout.write;
  try {
    expect(await main([command, '--help'])).toBe(0);
  } finally {
    process.stdout.write = saved;
  }
  return out.replace(/\s+/g, ' ');
}

describe('timeouts', () => {
  it.each(['eval', 'run'])('%s has a flag with its default for every wait', async (command) => {
    const help = await helpOf(command);
    expect(help).toContain(`--start-timeout <ms> timeout from spawn to initialized (default ${DEFAULT_SERVER_TIMEOUTS.startMs})`);
    expect(help).toContain(`--call-timeout <ms> timeout of one tools/list or tools/call (default ${DEFAULT_SERVER_TIMEOUTS.callMs})`);
    expect(help).toContain(`--model-timeout <ms> timeout of one model request (default ${DEFAULT_TIMEOUT_MS}; doctor: ${DEFAULT_DOCTOR_MODEL_TIMEOUT_MS})`);
    expect(help).toContain(`--case-timeout <ms> deadline of one case attempt (default ${DEFAULT_CASE_TIMEOUT_MS})`);
  });

  it('doctor has a start, call and model timeout too', async () => {
    expect(await helpOf('doctor')).toContain(`(default ${DEFAULT_TIMEOUT_MS}; doctor: ${DEFAULT_DOCTOR_MODEL_TIMEOUT_MS})`);
    const help = await helpOf('doctor');
    for (const flag of ['--start-timeout', '--call-timeout', '--model-timeout']) expect(help).toContain(flag);
  });

  it('a case past its deadline is an errored case E_MODEL_TIMEOUT, and the model request is aborted', async () => {
    let aborted = false;
    const hanging: ModelDriver = {
      id: 'hanging',
      complete: (request) =>
        new Promise((_, reject) => {
          request.signal?.addEventListener('abort', () => {
            aborted = true;
            reject(new Error('aborted'));
          });
        }),
    };
    const cases: SelectionCase[] = [{ id: 'slow', suite: 's', query: 'q', expect: { tool: null } }];
    const started = Date.now();
    const [result] = await runSelection({ cases, toolsFor: () => [], model: hanging, caseTimeoutMs: 200 });
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(result.state).toBe('errored');
    expect(result.attempts[0].error).toMatchObject({ code: 'E_MODEL_TIMEOUT', hint: expect.stringContaining('--case-timeout') });
    expect(aborted).toBe(true);
  });
});
