/**
 * Probing what a server offers besides tools: every listed resource is read once (it must answer
 * with contents carrying text or a blob, and JSON where it says application/json), every prompt is got
 * once (arguments made up where it has required ones), and each prompt with a required argument is got
 * without it, which must fail with a protocol error that names the argument.
 */
import { ToolvetError } from '../errors.ts';
import type { ServerConnection } from '../servers/server-connection.ts';
import type { PromptArgument, PromptDefinition, ResourceDefinition, ToolDefinition } from '../types.ts';
import type { ProbeServerOptions } from './types.ts';
import { probeStructuredResults } from './structured-probe.ts';
import type { CheckStatus, InputRequestReport, PromptGetProbe, ResourceReadProbe, StructuredProbe } from './types.ts';
import { probeInputRequests } from './input-probe.ts';
import { probeProtocol } from './protocol-checks.ts';
import type { ProtocolCheck } from './types.ts';
import { clipText } from '../safety/clip.ts';

const NUMERIC = /(^|[^a-z])(id|ids|number|count|num|days|limit|size|page|index|year)([^a-z]|$)|Id$|_id$/i;

/** A plausible string for a prompt argument (MCP prompt arguments are strings). */
export function madeUpValue(arg: PromptArgument): string {
  return NUMERIC.test(arg.name) || /\b(number|integer|id|how many)\b/i.test(arg.description ?? '') ? '1' : 'example';
}

const serverSaid = (error: unknown): string => {
  const message = (error as Error).message ?? String(error);
  return message.replace(/^server "[^"]*" failed [^:]*: /, '');
};
const crashed = (error: unknown): boolean => error instanceof ToolvetError && (error.code === 'E_SERVER_CRASH' || error.code === 'E_CALL_TIMEOUT');

async function readOne(connection: ServerConnection, resource: ResourceDefinition, timeoutMs?: number): Promise<ResourceReadProbe> {
  const uri = resource.uri;
  try {
    const result = await connection.readResource(uri, timeoutMs);
    const contents = (result.contents ?? []) as Array<{ uri?: string; mimeType?: string; text?: unknown; blob?: unknown }>;
    if (contents.length === 0) return { uri, status: 'fail', detail: 'resources/read answered with no contents' };
    const bad = contents.find((c) => typeof c.text !== 'string' && typeof c.blob !== 'string');
    if (bad) return { uri, status: 'fail', detail: 'a content item has neither text nor blob' };
    const json = contents.find((c) => /json/i.test(c.mimeType ?? resource.mimeType ?? '') && typeof c.text === 'string');
    if (json) {
      try {
        JSON.parse(json.text as string);
      } catch {
        return { uri, status: 'warn', detail: `says ${json.mimeType ?? resource.mimeType} but the text is not JSON` };
      }
    }
    const size = contents.reduce((n, c) => n + (typeof c.text === 'string' ? c.text.length : typeof c.blob === 'string' ? c.blob.length : 0), 0);
    return { uri, status: 'pass', detail: `${contents.length} content item(s), ${size} characters` };
  } catch (error) {
    return { uri, status: 'fail', detail: `resources/read of a listed resource failed: ${serverSaid(error)}` };
  }
}

async function getOne(connection: ServerConnection, prompt: PromptDefinition, timeoutMs?: number): Promise<PromptGetProbe> {
  const required = (prompt.arguments ?? []).filter((a) => a.required);
  const args = Object.fromEntries(required.map((a) => [a.name, madeUpValue(a)]));
  const base = { prompt: prompt.name, kind: 'get' as const, arguments: args };
  try {
    const result = await connection.getPrompt(prompt.name, args, timeoutMs);
    const messages = result.messages ?? [];
    if (messages.length === 0) return { ...base, status: 'fail', detail: 'prompts/get answered with no messages' };
    return { ...base, status: 'pass', detail: `${messages.length} message(s)` };
  } catch (error) {
    if (required.length === 0 || crashed(error)) return { ...base, status: 'fail', detail: `prompts/get failed: ${serverSaid(error)}` };
    // Made-up values may simply be wrong (an enum, a known id): not a finding.
    return { ...base, status: 'skip', detail: `refused made-up arguments ${JSON.stringify(args)}: ${serverSaid(error)}` };
  }
}

async function getWithout(connection: ServerConnection, prompt: PromptDefinition, missing: PromptArgument, timeoutMs?: number): Promise<PromptGetProbe> {
  const args = Object.fromEntries((prompt.arguments ?? []).filter((a) => a.required && a.name !== missing.name).map((a) => [a.name, madeUpValue(a)]));
  const base = { prompt: prompt.name, kind: 'missing-required' as const, arguments: args, argument: missing.name };
  try {
    await connection.getPrompt(prompt.name, args, timeoutMs);
    return { ...base, status: 'fail', detail: `accepted prompts/get without its required argument "${missing.name}"` };
  } catch (error) {
    if (crashed(error)) return { ...base, status: 'fail', detail: `prompts/get without "${missing.name}": ${serverSaid(error)}` };
    const said = serverSaid(error);
    const code = (error as { cause?: { code?: unknown } }).cause?.code;
    const coded = typeof code === 'number' ? ` (JSON-RPC ${code})` : '';
    return said.includes(missing.name)
      ? { ...base, status: 'pass', detail: `refused${coded}, naming "${missing.name}": ${clipText(said, 160, { ellipsis: '' })}` }
      : { ...base, status: 'warn', detail: `refused${coded} without naming "${missing.name}": ${clipText(said, 160, { ellipsis: '' })}` };
  }
}

export async function probeResources(resources: readonly ResourceDefinition[], options: ProbeServerOptions): Promise<ResourceReadProbe[]> {
  const out: ResourceReadProbe[] = [];
  for (const resource of resources) {
    const connection = await options.connection();
    if (!connection) break;
    out.push(await readOne(connection, resource, options.callTimeoutMs));
  }
  return out;
}

export async function probePrompts(prompts: readonly PromptDefinition[], options: ProbeServerOptions): Promise<PromptGetProbe[]> {
  const out: PromptGetProbe[] = [];
  for (const prompt of prompts) {
    let connection = await options.connection();
    if (!connection) break;
    out.push(await getOne(connection, prompt, options.callTimeoutMs));
    const missing = (prompt.arguments ?? []).find((a) => a.required);
    if (!missing) continue;
    connection = await options.connection();
    if (!connection) break;
    out.push(await getWithout(connection, prompt, missing, options.callTimeoutMs));
  }
  return out;
}

export interface SurfaceProbes {
  structuredResults?: StructuredProbe[];
  resourceReads?: ResourceReadProbe[];
  promptGets?: PromptGetProbe[];
  inputRequests?: InputRequestReport;
  protocolChecks?: ProtocolCheck[];
}

/** Everything this file and structured-probe.ts add to a server's probe; lists a server does not offer stay absent. */
export async function probeSurface(tools: readonly ToolDefinition[], options: ProbeServerOptions): Promise<SurfaceProbes> {
  const out: SurfaceProbes = {};
  const structured = await probeStructuredResults(tools, options);
  if (structured.length > 0) out.structuredResults = structured;
  if (tools.length > 0) out.inputRequests = await probeInputRequests(tools, options);
  const connection = await options.connection();
  if (!connection) return out;
  // A listing that fails is a failed check of its own; the tool checks before it stand.
  if (connection.capabilities.resources) {
    const listed = await connection.listResources().catch((error: unknown) => error as Error);
    out.resourceReads = listed instanceof Error ? [{ uri: '(resources/list)', status: 'fail', detail: `the server declares resources but resources/list failed: ${serverSaid(listed)}` }] : await probeResources(listed as unknown as ResourceDefinition[], options);
  }
  if (connection.capabilities.prompts) {
    const listed = await connection.listPrompts().catch((error: unknown) => error as Error);
    out.promptGets = listed instanceof Error ? [{ prompt: '(prompts/list)', kind: 'get', arguments: {}, status: 'fail', detail: `the server declares prompts but prompts/list failed: ${serverSaid(listed)}` }] : await probePrompts(listed as unknown as PromptDefinition[], options);
  }
  const protocol = await probeProtocol(options);
  if (protocol.length > 0) out.protocolChecks = protocol;
  return out;
}

/** The statuses of every surface probe, for the server's overall status and the summary. */
export const surfaceStatuses = (s: SurfaceProbes): CheckStatus[] => [...(s.structuredResults ?? []), ...(s.resourceReads ?? []), ...(s.promptGets ?? []), ...(s.inputRequests?.asked ?? []), ...(s.protocolChecks ?? [])].map((c) => c.status);
