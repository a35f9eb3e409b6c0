/**
 * The MCP client SDK (`@modelcontextprotocol/client`, with zod about 25 MB of memory), loaded when the
 * first server starts rather than when the package is imported: a program that imports Toolvet to
 * run or score cases against a model never pays for it (P1 in `npm run bench`).
 * `ServerConnection.start` and `ProcessTransport.start` load it; everything after a start reads it
 * synchronously through `mcpSdk()`.
 */
type ClientModule = typeof import('@modelcontextprotocol/client');
type StdioModule = typeof import('@modelcontextprotocol/client/stdio');
type SkillsModule = typeof import('@modelcontextprotocol/client/ext/skills');

export interface McpSdk {
  client: ClientModule;
  stdio: StdioModule;
  skills: SkillsModule;
}

let loading: Promise<McpSdk> | undefined;
let loaded: McpSdk | undefined;

export function loadMcpSdk(): Promise<McpSdk> {
  loading ??= Promise.all([import('@modelcontextprotocol/client'), import('@modelcontextprotocol/client/stdio'), import('@modelcontextprotocol/client/ext/skills')]).then(
    ([client, stdio, skills]) => (loaded = { client, stdio, skills }),
  );
  return loading;
}

/** The SDK once a start has loaded it. */
export function mcpSdk(): McpSdk {
  if (!loaded) throw new Error('internal: the MCP client SDK was used before a server start loaded it (await loadMcpSdk() first)');
  return loaded;
}
