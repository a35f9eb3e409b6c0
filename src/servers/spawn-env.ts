/**
 * What a stdio server is started with, known without the MCP client SDK, so a server's process starts
 * while the SDK (with zod, about 70 ms of CPU) is still loading: the SDK's safe default environment
 * (`getDefaultEnvironment` of `@modelcontextprotocol/client/stdio`, the same variables; a test pins
 * the two equal), the temporary-folder variables and the entry's own `env`.
 */

/** The variables the SDK deems safe to inherit (its DEFAULT_INHERITED_ENV_VARS). */
const INHERITED = process.platform === 'win32'
  ? ['APPDATA', 'COMSPEC', 'HOMEDRIVE', 'HOMEPATH', 'LOCALAPPDATA', 'PATH', 'PATHEXT', 'PROCESSOR_ARCHITECTURE', 'PROGRAMDATA', 'PROGRAMFILES', 'PROGRAMFILES(X86)', 'PROGRAMW6432', 'SYSTEMDRIVE', 'SYSTEMROOT', 'TEMP', 'USERNAME', 'USERPROFILE', 'WINDIR']
  : ['HOME', 'LOGNAME', 'PATH', 'SHELL', 'TERM', 'USER'];

/** The SDK's default environment of a stdio server: the inherited variables that are set, never a shell function. */
export function defaultEnvironment(env: NodeJS.ProcessEnv = process.env): Record<string, string> {
  const out: Record<string, string> = {};
  for (const key of INHERITED) {
    const value = env[key];
    // A value starting with "()" is an exported shell function, a known injection route.
    if (value === undefined || value.startsWith('()')) continue;
    out[key] = value;
  }
  return out;
}

/**
 * The temporary-folder variables, passed on when set: the SDK's default environment leaves them out,
 * so a server would write its temporary files to /tmp whatever folder the user (or CI) chose. They name
 * a folder, never a secret.
 */
export function tempFolderEnv(env: NodeJS.ProcessEnv = process.env): Record<string, string> {
  const out: Record<string, string> = {};
  for (const key of ['TMPDIR', 'TMP', 'TEMP']) {
    const value = env[key];
    if (value !== undefined && value !== '') out[key] = value;
  }
  return out;
}

/** Largest single stdio message accepted by default, in bytes: the SDK's STDIO_DEFAULT_MAX_BUFFER_SIZE. */
export const STDIO_MAX_LINE_BYTES = 10 * 1024 * 1024;
