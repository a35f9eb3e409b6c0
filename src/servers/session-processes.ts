/**
 * Everything a stdio server started, found without cgroups so it can be ended with the server. A
 * process group is not enough: a descendant that calls setsid() (a daemonising helper, `setsid sleep`)
 * leaves the group and the session, and once its parent exits it is re-parented to init. So, on Linux
 * (/proc), three marks are read:
 * - ancestry: every process whose parent chain leads to the server (read while the server is alive);
 * - the server's session and process group (ids equal to the server's pid, since it is spawned detached);
 * - an environment marker: the server is started with TOOLVET_SERVER_SESSION=<random>, which children
 *   inherit, so a setsid grandchild re-parented to init is still recognised.
 * What none of these reach: a process that both left the ancestry (double fork, its parent gone before
 * close) and cleared or rewrote its environment, one running as another user (its environ is
 * unreadable), and on systems without /proc (macOS, Windows), anything outside the process group.
 */
import { readdirSync, readFileSync } from 'node:fs';

/** The environment variable that marks a server's descendants. */
export const SESSION_MARKER = 'TOOLVET_SERVER_SESSION';

interface Stat {
  ppid: number;
  pgid: number;
  sid: number;
  /** When the process started, in clock ticks since boot. */
  start: number;
}

/** `/proc/<pid>/stat` fields after the command name (which may hold spaces and parentheses). */
function statOf(pid: number): Stat | undefined {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    // state ppid pgrp session ... starttime (the 22nd field); a zombie is already dead.
    if (fields[0] === 'Z') return undefined;
    return { ppid: Number(fields[1]), pgid: Number(fields[2]), sid: Number(fields[3]), start: Number(fields[19]) };
  } catch {
    return undefined;
  }
}

function processIds(): number[] {
  try {
    return readdirSync('/proc').filter((n) => /^\d+$/.test(n)).map(Number);
  } catch {
    return [];
  }
}

/**
 * Every live process's stat, read once per turn of the event loop: the servers of a pool close
 * together, and each close reads the table (about 100 reads of /proc, a few ms per pass).
 */
let table: Map<number, Stat> | undefined;

function processTable(): Map<number, Stat> {
  if (table) return table;
  const stats = new Map<number, Stat>();
  for (const pid of processIds()) {
    const stat = statOf(pid);
    if (stat) stats.set(pid, stat);
  }
  table = stats;
  setImmediate(() => (table = undefined)).unref();
  return stats;
}

/** When `pid` started (clock ticks since boot), or undefined when it is gone or there is no /proc. */
export function processStart(pid: number): number | undefined {
  return statOf(pid)?.start;
}

function carriesMarker(pid: number, marker: string): boolean {
  try {
    return readFileSync(`/proc/${pid}/environ`).includes(`${SESSION_MARKER}=${marker}\0`);
  } catch {
    return false;
  }
}

/**
 * The live processes that belong to the server `root` (not `root` itself, never Toolvet or its
 * ancestors): its descendants, its session and group, and those carrying `marker`. Empty without /proc.
 * Only a process started no earlier than the server can carry its marker, so with `since` (the
 * server's `processStart`, read while it was alive) older ones' environments are not read.
 */
export function sessionProcesses(root: number, marker?: string, since = 0): number[] {
  const stats = processTable();
  const ours = new Set<number>();
  for (let pid: number | undefined = process.pid; pid !== undefined && pid > 0 && !ours.has(pid); pid = stats.get(pid)?.ppid) ours.add(pid);
  const found = new Set<number>();
  const children = new Map<number, number[]>();
  for (const [pid, stat] of stats) children.set(stat.ppid, [...(children.get(stat.ppid) ?? []), pid]);
  const queue = [root];
  while (queue.length > 0) {
    for (const child of children.get(queue.pop()!) ?? []) {
      if (found.has(child)) continue;
      found.add(child);
      queue.push(child);
    }
  }
  for (const [pid, stat] of stats) {
    if (stat.sid === root || stat.pgid === root) found.add(pid);
    else if (marker && stat.start >= since && !found.has(pid) && carriesMarker(pid, marker)) found.add(pid);
  }
  found.delete(root);
  for (const pid of ours) found.delete(pid);
  return [...found];
}

/** SIGKILL each pid (gone ones are skipped). */
export function killAll(pids: readonly number[]): void {
  for (const pid of pids) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // Already gone.
    }
  }
}
