#!/usr/bin/env node
/**
 * What the tests left behind, for .ci/run (Linux: it reads /proc). Two commands:
 *
 *   node .ci/leftovers.mjs snapshot > BEFORE
 *       the ids of the processes alive now, one a line.
 *   node .ci/leftovers.mjs check --before BEFORE --session SID --root DIR --tmp DIR [--grace MS]
 *       the processes that were not alive before and still are, and belong to the tests: in the tests'
 *       session SID, or with a working folder or a command line inside DIR (the clone) or the tests'
 *       TMPDIR (a detached server leaves the session but keeps its path); each is named (id, command
 *       line, working folder) and killed. Then what is left in the tests' TMPDIR: a file at its top level
 *       was written to a fixed name in the temporary folder, not inside a folder the test made; a folder
 *       is a temporary folder a test made and did not remove (its name's prefix names the test). Exit 1
 *       when a process, a top-level file or a folder was left, else 0.
 *
 * Tools that keep a cache in TMPDIR are told to keep it elsewhere (or none) by .ci/run, so nothing in
 * TMPDIR is excused by its name: whatever is left there was left by a test or by the product.
 *
 * The shared llama.cpp server (src/testing/llama.ts, started by .ci/run and the tests on purpose, stopped
 * by the tests' global teardown) is spared: a command line naming llama-server, start-llama-server or
 * debootstrap is not a leftover.
 */
import { readdirSync, readFileSync, readlinkSync, lstatSync } from 'node:fs';
import { join, sep } from 'node:path';

const SPARED = /llama-server|debootstrap/;
/** How long processes that are still ending get before they count as left behind. */
const DEFAULT_GRACE_MS = 5000;
/** Leftover folders named one a line; past this many, only counted. */
const MAX_NAMED = 100;

function pids() {
  return readdirSync('/proc').filter((n) => /^\d+$/.test(n)).map(Number);
}

/** State and session of a process from /proc/PID/stat (the command name may hold spaces and parentheses). */
function stat(pid) {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    return { state: fields[0], ppid: Number(fields[1]), session: Number(fields[3]) };
  } catch {
    return undefined; // ended meanwhile
  }
}

function commandLine(pid) {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean).join(' ');
  } catch {
    return '';
  }
}

function workingFolder(pid) {
  try {
    return readlinkSync(`/proc/${pid}/cwd`);
  } catch {
    return '';
  }
}

const inside = (path, dir) => path === dir || path.startsWith(dir.endsWith(sep) ? dir : dir + sep);

function leftoverProcesses({ before, session, roots, self = [process.pid, process.ppid] }) {
  const found = [];
  for (const pid of pids()) {
    if (before.has(pid) || self.includes(pid)) continue;
    const s = stat(pid);
    if (!s || s.state === 'Z') continue; // ended, only not yet reaped
    const argv = commandLine(pid);
    if (argv === '' || SPARED.test(argv)) continue; // kernel threads have no command line
    const cwd = workingFolder(pid);
    const ours = (session !== undefined && s.session === session) || roots.some((r) => inside(cwd, r) || argv.includes(r));
    if (ours) found.push({ pid, argv, cwd, session: s.session });
  }
  return found;
}

function leftoverFiles(tmp) {
  let names;
  try {
    names = readdirSync(tmp).sort();
  } catch {
    return { files: [], folders: [] };
  }
  const files = [];
  const folders = [];
  for (const name of names) {
    let folder = false;
    try {
      folder = lstatSync(join(tmp, name)).isDirectory();
    } catch {
      continue;
    }
    (folder ? folders : files).push(name);
  }
  return { files, folders };
}

function option(args, name) {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : undefined;
}

async function check(args) {
  const beforeFile = option(args, '--before');
  const before = new Set(beforeFile ? readFileSync(beforeFile, 'utf8').split('\n').filter(Boolean).map(Number) : []);
  const sessionText = option(args, '--session');
  const session = sessionText && /^\d+$/.test(sessionText) ? Number(sessionText) : undefined;
  const root = option(args, '--root');
  const tmp = option(args, '--tmp');
  const grace = Number(option(args, '--grace') ?? DEFAULT_GRACE_MS);
  const roots = [root, tmp].filter(Boolean);
  let failed = false;

  let processes = leftoverProcesses({ before, session, roots });
  for (const end = Date.now() + grace; processes.length > 0 && Date.now() < end; ) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    processes = leftoverProcesses({ before, session, roots });
  }
  if (processes.length > 0) {
    failed = true;
    console.log(`ci: ${processes.length} process(es) left running after the tests (killed now); the test that started each must stop it:`);
    for (const p of processes) {
      console.log(`ci:   pid ${p.pid}${p.session === session ? ' (in the tests\' session)' : ''}: ${p.argv.slice(0, 300)}`);
      console.log(`ci:     working folder ${p.cwd || '(unknown)'}`);
      try {
        process.kill(p.pid, 'SIGKILL');
      } catch {
        // ended meanwhile
      }
    }
  }

  if (tmp) {
    const { files, folders } = leftoverFiles(tmp);
    if (files.length > 0) {
      failed = true;
      console.log(`ci: ${files.length} file(s) written at the top of the temporary folder, outside any folder a test made (a fixed path: a fresh machine would not have it, and a second run reads the first one's): ${files.slice(0, 20).join(', ')}${files.length > 20 ? ', ...' : ''}`);
    }
    if (folders.length > 0) {
      failed = true;
      console.log(`ci: ${folders.length} temporary folder(s) left in the temporary folder, not removed by the test (or the toolvet run) that made them; make a test's folders with tempDir (src/testing/temp-dir.ts), which removes them when its file ends:`);
      for (const name of folders.slice(0, MAX_NAMED)) console.log(`ci:   ${name}`);
      if (folders.length > MAX_NAMED) console.log(`ci:   ... and ${folders.length - MAX_NAMED} more`);
    }
  }
  return failed ? 1 : 0;
}

const [command, ...rest] = process.argv.slice(2);
if (command === 'snapshot') {
  process.stdout.write(pids().map((p) => `${p}\n`).join(''));
} else if (command === 'check') {
  process.exitCode = await check(rest);
} else if (command !== undefined) {
  console.error(`usage: node .ci/leftovers.mjs snapshot | check --before FILE --session SID --root DIR --tmp DIR [--grace MS]`);
  process.exitCode = 2;
}
