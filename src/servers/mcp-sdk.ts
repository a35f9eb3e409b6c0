/**
 * The MCP client SDK (`@modelcontextprotocol/client`, with zod about 25 MB of memory), loaded when the
 * first server starts rather than when the package is imported: a program that imports Toolvet to
 * run or score cases against a model never pays for it (P1 in `npm run bench`).
 * `ServerConnection.start` loads it (a stdio server's process is spawned first, and boots meanwhile:
 * spawning needs nothing of the SDK, spawn-env.ts); everything after a start reads it synchronously
 * through `mcpSdk()`. The skills extension loads on its own, when served skills are read (about 10 ms
 * of CPU a run that reads none does not pay).
 */
type ClientModule = typeof import('@modelcontextprotocol/client');
type SkillsModule = typeof import('@modelcontextprotocol/client/ext/skills');

export interface McpSdk {
  client: ClientModule;
}

let loading: Promise<McpSdk> | undefined;
let loaded: McpSdk | undefined;
let skills: Promise<SkillsModule> | undefined;

export function loadMcpSdk(): Promise<McpSdk> {
  loading ??= import('@modelcontextprotocol/client').then((client) => (loaded = { client }));
  return loading;
}

/** The skills extension's client (served skills, SEP-2640). */
export function loadSkillsSdk(): Promise<SkillsModule> {
  skills ??= import('@modelcontextprotocol/client/ext/skills');
  return skills;
}

/** The SDK once a start has loaded it. */
export function mcpSdk(): McpSdk {
  if (!loaded) throw new Error('internal: the MCP client SDK was used before a server start loaded it (await loadMcpSdk() first)');
  return loaded;
}
