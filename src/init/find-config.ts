/**
 * Where `toolvet init` finds the servers: `--config FILE`, else the first host configuration the
 * project already has (Claude Code's `.mcp.json`, VS Code's `.vscode/mcp.json` with its `servers`
 * key, Cursor's `.cursor/mcp.json`), else Claude Desktop's own file. loadHostConfig reads every shape.
 */
import { existsSync } from 'node:fs';
import os from 'node:os';
import { join, resolve } from 'node:path';
import { ToolvetError } from '../errors.ts';

export const PROJECT_CONFIGS: readonly string[] = ['.mcp.json', '.vscode/mcp.json', '.cursor/mcp.json'];

/** Claude Desktop's configuration file on this platform. */
export function claudeDesktopConfig(env: NodeJS.ProcessEnv = process.env, platform: NodeJS.Platform = process.platform, home: string = os.homedir()): string {
  if (platform === 'darwin') return join(home, 'Library', 'Application Support', 'Claude', 'claude_desktop_config.json');
  if (platform === 'win32') return join(env.APPDATA ?? join(home, 'AppData', 'Roaming'), 'Claude', 'claude_desktop_config.json');
  return join(env.XDG_CONFIG_HOME ?? join(home, '.config'), 'Claude', 'claude_desktop_config.json');
}

export function findHostConfig(cwd: string, explicit?: string, desktop: string = claudeDesktopConfig()): string {
  if (explicit) {
    const file = resolve(cwd, explicit);
    if (!existsSync(file)) throw new ToolvetError('E_FILE_MISSING', `--config ${explicit}: no such file`, { file, hint: 'name a host configuration such as .mcp.json' });
    return file;
  }
  const candidates = [...PROJECT_CONFIGS.map((f) => join(cwd, f)), desktop];
  const found = candidates.find((f) => existsSync(f));
  if (found) return found;
  throw new ToolvetError('E_FILE_MISSING', `no host configuration found in ${cwd}`, {
    file: join(cwd, '.mcp.json'),
    hint: `looked for ${[...PROJECT_CONFIGS, desktop].join(', ')}; write .mcp.json ({"mcpServers": {"name": {"command": "...", "args": []}}}) or pass --config FILE`,
  });
}
