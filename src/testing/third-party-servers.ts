/**
 * The third-party set: ten MCP servers from npm, pinned as devDependencies, that start over stdio
 * without credentials and list their tools offline. Toolvet's rules and verdicts are measured on
 * them (docs/lint-rules.md, docs/probe.md). Brave refuses to start without a key, so it gets a
 * placeholder that is no key at all: its calls fail upstream, which is what the probe must tell
 * apart from a rejection. Nothing here reaches the network on start.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { tempDir } from './temp-dir.ts';

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

export interface ThirdPartyServer {
  /** Server name in the host config (and in findings). */
  name: string;
  /** The npm package, pinned in package.json. */
  pkg: string;
  /** Environment the server needs to start (placeholders only). */
  env?: Record<string, string>;
}

export const THIRD_PARTY_SERVERS: readonly ThirdPartyServer[] = [
  { name: 'brave-search', pkg: '@brave/brave-search-mcp-server', env: { BRAVE_API_KEY: 'placeholder-not-a-key' } },
  { name: 'code-runner', pkg: 'mcp-server-code-runner' },
  { name: 'context7', pkg: '@upstash/context7-mcp' },
  { name: 'exa', pkg: 'exa-mcp-server' },
  { name: 'firecrawl', pkg: 'firecrawl-mcp' },
  { name: 'kubernetes', pkg: 'mcp-server-kubernetes' },
  { name: 'notion', pkg: '@notionhq/notion-mcp-server' },
  { name: 'playwright', pkg: '@playwright/mcp' },
  { name: 'sequential-thinking', pkg: '@modelcontextprotocol/server-sequential-thinking' },
  { name: 'tavily', pkg: 'tavily-mcp' },
];

interface PackageJson {
  version: string;
  bin?: string | Record<string, string>;
}

function packageJson(pkg: string): PackageJson {
  return JSON.parse(readFileSync(join(repoRoot, 'node_modules', pkg, 'package.json'), 'utf8')) as PackageJson;
}

/** The installed version of a package of the set. */
export function installedVersion(pkg: string): string {
  return packageJson(pkg).version;
}

/** The script a package's (only) bin entry runs. */
export function binScript(pkg: string): string {
  const { bin } = packageJson(pkg);
  const rel = typeof bin === 'string' ? bin : Object.values(bin ?? {})[0];
  if (!rel) throw new Error(`${pkg} has no bin entry`);
  return join(repoRoot, 'node_modules', pkg, rel);
}

/** A host config in a fresh temp folder that starts the named servers of the set (all by default). */
export function thirdPartyHost(names?: readonly string[], prefix = 'toolvet-third-party-'): { config: string; dir: string } {
  const dir = tempDir(prefix);
  const mcpServers: Record<string, unknown> = {};
  for (const s of THIRD_PARTY_SERVERS) {
    if (names && !names.includes(s.name)) continue;
    // HOME and TMPDIR in the temp folder: kubernetes looks for ~/.kube/config, playwright for its profile and leaves
    // its artifacts folders behind when stopped; the folder goes with the test file.
    mcpServers[s.name] = { command: process.execPath, args: [binScript(s.pkg)], env: { HOME: dir, TMPDIR: dir, ...s.env } };
  }
  const config = join(dir, 'host.json');
  writeFileSync(config, JSON.stringify({ mcpServers }, null, 2));
  return { config, dir };
}
