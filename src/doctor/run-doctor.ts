/** `toolvet doctor`: the set-up checks in the order a user fixes them (spec 11): endpoint, model, tools, servers, skills. */
import { loadHostConfig, selectServers } from '../config/host-config.ts';
import type { ServerTimeouts } from '../servers/server-connection.ts';
import { checkEndpoint, checkModelListed, checkToolCalling } from './endpoint.ts';
import { checkRefman } from './refman.ts';
import { checkScriptPaths, checkServers } from './servers.ts';
import { checkSkills } from './skills.ts';
import type { DoctorCheck, DoctorReport } from './types.ts';

export const DEFAULT_DOCTOR_MODEL_TIMEOUT_MS = 30_000;

export interface DoctorOptions {
  config?: string;
  servers?: string[];
  baseUrl?: string;
  modelName?: string;
  apiKeyEnv?: string;
  skills?: string[];
  refmanPort?: number;
  modelTimeoutMs?: number;
  serverTimeouts?: Partial<ServerTimeouts>;
  /** Called as each check finishes, so a slow check does not hide the earlier ones. */
  onCheck?: (check: DoctorCheck) => void;
}

export async function runDoctor(options: DoctorOptions): Promise<DoctorReport> {
  const checks: DoctorCheck[] = [];
  const add = (check: DoctorCheck): void => {
    checks.push(check);
    options.onCheck?.(check);
  };
  // Bad input (a config that does not load) throws here, before any check runs: exit 3.
  const host = options.config ? loadHostConfig(options.config) : undefined;
  const names = host ? selectServers(host, options.servers ?? []) : [];
  const timeoutMs = options.modelTimeoutMs ?? DEFAULT_DOCTOR_MODEL_TIMEOUT_MS;

  if (options.baseUrl) {
    const endpoint = { baseUrl: options.baseUrl, timeoutMs, ...(options.modelName ? { modelName: options.modelName } : {}), ...(options.apiKeyEnv ? { apiKeyEnv: options.apiKeyEnv } : {}) };
    const { check, models } = await checkEndpoint(endpoint);
    add(check);
    if (models) {
      const listed = checkModelListed(options.modelName, models);
      add(listed);
      if (options.modelName && listed.status === 'ok') add(await checkToolCalling({ ...endpoint, modelName: options.modelName }));
    }
  } else {
    add({ id: 'endpoint', status: 'skip', summary: 'no --base-url given: the model endpoint was not checked', next: 'pass --base-url http://127.0.0.1:11434/v1 (Ollama) or http://127.0.0.1:8080/v1 (llama-server) and --model-name' });
  }
  if (host) {
    for (const check of await checkServers(host, names, options.serverTimeouts ?? {})) add(check);
    for (const skipped of host.skipped) add({ id: `server:${skipped.server}`, status: 'skip', summary: `server "${skipped.server}": ${skipped.reason}` });
    add(checkScriptPaths(host, names));
  }
  for (const check of checkSkills(options.skills ?? [])) add(check);
  if (options.refmanPort !== undefined) add(await checkRefman(options.refmanPort, Math.min(timeoutMs, 5_000)));
  return { checks, healthy: checks.every((c) => c.status !== 'fail') };
}
