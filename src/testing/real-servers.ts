/**
 * A host config for the real third-party servers from npm, spawned as a user would: server-everything
 * (stdio), server-filesystem on a fresh temporary folder and server-memory with its file in one.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { tempDir } from './temp-dir.ts';

const require = createRequire(import.meta.url);
const bin = (pkg: string): string => join(dirname(require.resolve(`${pkg}/package.json`)), 'dist', 'index.js');

export interface RealHost {
  /** The host config file. */
  config: string;
  /** The folder server-filesystem may touch (empty at start). */
  root: string;
  /** Where server-memory would write its graph. */
  memory: string;
}

export function realServersHost(prefix = 'toolvet-real-'): RealHost {
  const dir = tempDir(prefix);
  const root = mkdtempSync(join(dir, 'files-'));
  const memory = join(dir, 'memory.jsonl');
  const config = join(dir, 'host.json');
  writeFileSync(
    config,
    JSON.stringify({
      mcpServers: {
        everything: { command: process.execPath, args: [bin('@modelcontextprotocol/server-everything'), 'stdio'] },
        filesystem: { command: process.execPath, args: [bin('@modelcontextprotocol/server-filesystem'), root] },
        memory: { command: process.execPath, args: [bin('@modelcontextprotocol/server-memory')], env: { MEMORY_FILE_PATH: memory } },
      },
    }),
  );
  return { config, root, memory };
}
