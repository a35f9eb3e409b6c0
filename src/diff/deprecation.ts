/**
 * MCP has no deprecated field, so Toolvet reads one convention: a description starting with
 * `Deprecated:`, or `_meta.deprecated = {since?, sunset?, replacement?}` (dates as YYYY-MM-DD).
 * Either marks the tool; only `_meta` can carry a sunset date.
 */
import type { ToolDefinition } from '../types.ts';

export interface Deprecation {
  since?: string;
  sunset?: string;
  replacement?: string;
}

const PREFIX = /^\s*deprecated\s*:/i;

/** The tool's deprecation, or undefined when it is not deprecated. */
export function deprecationOf(tool: ToolDefinition): Deprecation | undefined {
  const meta = tool._meta?.deprecated;
  if (meta && typeof meta === 'object' && !Array.isArray(meta)) {
    const m = meta as Record<string, unknown>;
    const pick = (k: string) => (typeof m[k] === 'string' ? { [k]: m[k] as string } : {});
    return { ...pick('since'), ...pick('sunset'), ...pick('replacement') };
  }
  if (meta === true || PREFIX.test(tool.description ?? '')) return {};
  return undefined;
}

/** True when the sunset date is on or before `now` (dates compare as UTC days). */
export function sunsetPassed(deprecation: Deprecation, now: Date): boolean {
  if (!deprecation.sunset) return false;
  const sunset = Date.parse(`${deprecation.sunset.slice(0, 10)}T00:00:00Z`);
  return Number.isFinite(sunset) && sunset <= now.getTime();
}

const VERSIONED = /^(.*?)[_-]v(\d+)$/i;

/** For `search_v3`: the names its predecessors may have (`search_v2`, `search`). */
export function predecessorNames(name: string): string[] {
  const m = VERSIONED.exec(name);
  if (!m) return [];
  const [, base, n] = m;
  const version = Number(n);
  const names = [base];
  for (let v = version - 1; v >= 1; v--) names.push(`${base}${name.slice(base.length, base.length + 1)}v${v}`);
  return names;
}
