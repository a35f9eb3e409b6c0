/**
 * For routing tests: a temp folder with a host config that starts the item store fixture twice, as
 * `archive` and as `shop` (in that order), so two real servers list the same tool names; each logs
 * the calls that reach it to its own file in the folder.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { stringify } from 'yaml';
import { fixture } from '../cli/testing.ts';
import { tempDir } from './temp-dir.ts';

export type ItemsServer = 'archive' | 'shop';

export interface ItemsWorld {
  dir: string;
  config: string;
  /** Writes a query set (an object, as YAML) and returns its path. */
  queries: (name: string, set: object) => string;
  /** The calls that reached a server, as `[tool, arguments]`, from its own log. */
  ran: (server: ItemsServer) => Array<[string, unknown]>;
}

export function itemsWorld(): ItemsWorld {
  const dir = tempDir('toolvet-items-');
  const log = (server: string): string => join(dir, `${server}.jsonl`);
  const entry = (server: string) => ({ command: process.execPath, args: [fixture('servers/items.mjs')], env: { ITEMS_STORE: server, ITEMS_LOG: log(server) } });
  const config = join(dir, 'host.json');
  writeFileSync(config, JSON.stringify({ mcpServers: { archive: entry('archive'), shop: entry('shop') } }));
  return {
    dir,
    config,
    queries: (name, set) => {
      const file = join(dir, name);
      writeFileSync(file, stringify(set));
      return file;
    },
    ran: (server) =>
      existsSync(log(server))
        ? readFileSync(log(server), 'utf8')
            .split('\n')
            .filter(Boolean)
            .map((line) => JSON.parse(line) as { tool: string; arguments: unknown })
            .map((r): [string, unknown] => [r.tool, r.arguments])
        : [],
  };
}
