/**
 * May this call run: the one rule in front of every call a model asks for (scenarios, the skills
 * behaviour eval) and every call bench builds from a schema. A call runs when its tool is annotated
 * `readOnlyHint: true`, or when the user allowed it by name (a scenario's `allow`, `--allow-tools`).
 * Nothing else makes it runnable: no annotations, `annotations: {}` and `destructiveHint: false`
 * alone all leave the tool "may write". The MCP spec's defaults are readOnlyHint false and
 * destructiveHint true, destructiveHint means something only when readOnlyHint is false (a tool that
 * does not destroy may still write), and annotations are hints from a server, so the only hint that
 * lets a call through is the one that says it changes nothing.
 *
 * Probe's rule is looser and lives here under its own name: it calls tools with arguments their
 * schema refuses, which a server should reject before doing anything, so a tool annotated
 * `destructiveHint: false` is probed too.
 */
import type { ToolDefinition } from '../types.ts';

/** A tool as a model is offered it: see src/servers/tool-routing.ts. */
export interface OfferedTool {
  /** The definition as its server listed it (its own name, its annotations). */
  definition: ToolDefinition;
  /** The name the model sees and calls: the tool's own, or `server__tool` when two selected servers list it. */
  offered: string;
  /** `server__tool`, for a tool a server listed; an allow entry may always use it. */
  qualified?: string;
}

export interface AllowList {
  /** Tool names as the model sees them (or qualified), as the user wrote them. */
  names: readonly string[];
  /** Where a user allows a tool, for the reason a call was held back: "--allow-tools". */
  source: string;
}

export type CallDecision = { run: true; by: 'read-only' | 'allowed' } | { run: false; why: string };

/** The tool says it changes nothing: `readOnlyHint: true`, and only that. */
export function isAnnotatedReadOnly(tool: ToolDefinition): boolean {
  return tool.annotations?.readOnlyHint === true;
}

/** True when an allow list names this tool: by the name the model sees, or by its qualified name. */
export function isAllowed(tool: OfferedTool, names: readonly string[]): boolean {
  return names.includes(tool.offered) || (tool.qualified !== undefined && names.includes(tool.qualified));
}

/** The rule: read-only by annotation, or allowed by the user; any other call is held back, with why. */
export function decideCall(tool: OfferedTool, allow: AllowList): CallDecision {
  if (isAnnotatedReadOnly(tool.definition)) return { run: true, by: 'read-only' };
  if (isAllowed(tool, allow.names)) return { run: true, by: 'allowed' };
  const kind = tool.definition.annotations?.destructiveHint === false ? 'may change data' : 'may delete or overwrite data';
  return { run: false, why: `${kind}: not annotated readOnlyHint: true, and not in ${allow.source}` };
}

/**
 * Probe's rule, for calls with arguments that break the tool's schema (never valid calls): a tool that
 * says it reads only or does not destroy, or any tool with `--allow-destructive`.
 */
export function mayProbeWithBadArguments(tool: ToolDefinition, allowDestructive: boolean): boolean {
  return allowDestructive || isAnnotatedReadOnly(tool) || tool.annotations?.destructiveHint === false;
}
