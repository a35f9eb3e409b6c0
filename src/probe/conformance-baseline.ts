/**
 * The expected-failures baseline of `probe --conformance`, in the official conformance suite's form:
 *
 *     server:                       # for every server probed
 *       - cache-hints               # the whole scenario may fail
 *       - origin:foreign-origin     # only this check may fail
 *     servers:                      # for one server of the host config (Toolvet's addition)
 *       everything:
 *         - http-headers:protocol-version-unsupported
 *
 * Scenario names hold no colon, so the first colon splits scenario from check id. A check entry beside
 * its own whole-scenario entry is redundant and refused, as the official suite refuses it.
 */
import { readDataFile } from '../config/read-file.ts';
import { ToolvetError } from '../errors.ts';

export interface BaselineEntry {
  scenario: string;
  checkId?: string;
}

export interface Baseline {
  /** Entries for every server (`server:`). */
  all: BaselineEntry[];
  /** Entries by server name (`servers:`). */
  servers: Record<string, BaselineEntry[]>;
}

export const formatEntry = (e: BaselineEntry): string => (e.checkId ? `${e.scenario}:${e.checkId}` : e.scenario);

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function invalid(file: string, path: string, message: string): ToolvetError {
  return new ToolvetError('E_FILE_INVALID', `expected-failures file ${file}: ${path} ${message}`, {
    file,
    path,
    hint: "list entries as '<scenario>' or '<scenario>:<check-id>' under 'server:' (every server) or 'servers: {NAME: [...]}' (one server); see docs/commands/probe.md",
  });
}

function parseList(list: unknown, file: string, path: string): BaselineEntry[] {
  if (!Array.isArray(list)) throw invalid(file, path, 'must be a list of entries');
  const entries = list.map((entry, i): BaselineEntry => {
    const at = `${path}[${i}]`;
    // `- cache-hints: ttl` parses as a mapping: a space crept in after the colon.
    if (isRecord(entry)) {
      const [key, value] = Object.entries(entry)[0] ?? [];
      throw invalid(file, at, `is a mapping; did you mean '${String(key)}:${String(value)}' (no space after the colon)?`);
    }
    if (typeof entry !== 'string' || entry.trim() === '') throw invalid(file, at, 'must be a non-empty string');
    const sep = entry.indexOf(':');
    if (sep === -1) return { scenario: entry.trim() };
    const scenario = entry.slice(0, sep).trim();
    const checkId = entry.slice(sep + 1).trim();
    if (!scenario || !checkId) throw invalid(file, at, `'${entry}' needs text on both sides of the colon`);
    return { scenario, checkId };
  });
  const whole = new Set(entries.filter((e) => !e.checkId).map((e) => e.scenario));
  const redundant = entries.find((e) => e.checkId && whole.has(e.scenario));
  if (redundant) throw invalid(file, path, `lists the whole scenario '${redundant.scenario}', so '${formatEntry(redundant)}' is redundant: remove one or the other`);
  return entries;
}

/** Reads and checks a baseline file (YAML or JSON). */
export function loadBaseline(file: string): Baseline {
  const data = readDataFile(file, 'expected-failures file', { yaml: true });
  if (data === null || data === undefined) return { all: [], servers: {} };
  if (!isRecord(data)) throw invalid(file, '$', "must be a mapping with 'server' and/or 'servers'");
  for (const key of Object.keys(data)) if (key !== 'server' && key !== 'servers') throw invalid(file, `$.${key}`, "is not a known key ('server', 'servers'; this file is for server conformance)");
  const all = data.server === undefined || data.server === null ? [] : parseList(data.server, file, '$.server');
  const servers: Record<string, BaselineEntry[]> = {};
  if (data.servers !== undefined && data.servers !== null) {
    if (!isRecord(data.servers)) throw invalid(file, '$.servers', 'must map server names to lists');
    for (const [name, list] of Object.entries(data.servers)) servers[name] = parseList(list, file, `$.servers.${name}`);
  }
  return { all, servers };
}
