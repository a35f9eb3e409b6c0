/**
 * Every command, by name, loaded on demand: `toolvet lint` imports commands/lint.ts and what it
 * needs, nothing else, and `toolvet --version` / `--help` import no command at all. A new command is
 * one file plus one entry here; `summary` is the line `toolvet --help` lists and must equal the
 * command's own `.description(...)` (commands.test.ts compares them).
 */
import type { Command } from 'commander';
import type { SetExit } from './set-exit.ts';

/** Sets the process exit code for the command that ran. */
export type { SetExit } from './set-exit.ts';
export type RegisterCommand = (program: Command, setExit: SetExit) => void;

export interface CommandEntry {
  summary: string;
  load: () => Promise<RegisterCommand>;
}

export const COMMANDS: Record<string, CommandEntry> = {
  bench: {
    summary: 'benchmark tool servers: cold start, tools/list, tools/call, a model turn; compare with a saved baseline',
    load: async () => (await import('./bench.ts')).registerBench,
  },
  diff: {
    summary: 'classify every change between two tool lists (breaking / retest / safe), A/B the descriptions on query sets, and gate',
    load: async () => (await import('./diff.ts')).registerDiff,
  },
  doctor: {
    summary: 'check the set-up step by step (endpoint, model, tool calling, servers, script paths, skills, reference manager) and say what to do next',
    load: async () => (await import('./doctor.ts')).registerDoctor,
  },
  eval: {
    summary: 'run tool-selection query sets against live servers or tool definitions',
    load: async () => (await import('./eval.ts')).registerEval,
  },
  improve: {
    summary: 'propose better tool descriptions from failed cases and keep only those held-out queries confirm',
    load: async () => (await import('./improve.ts')).registerImprove,
  },
  init: {
    summary: 'set up Toolvet in this project: draft query sets from your servers, a vitest suite, vitest.config.ts and a GitHub Actions workflow',
    load: async () => (await import('./init.ts')).registerInit,
  },
  judge: {
    summary: "measure the LLM judge against human labels: agreement, Cohen's kappa and false pass rate with intervals",
    load: async () => (await import('./judge.ts')).registerJudge,
  },
  lint: {
    summary: 'lint tool definitions (live servers or tool files) against the tool-schema conventions',
    load: async () => (await import('./lint.ts')).registerLint,
  },
  login: {
    summary: 'log in to a remote server once in a browser (OAuth authorization code with PKCE) and cache its tokens for later runs; --status lists cached logins',
    load: async () => (await import('./login.ts')).registerLogin,
  },
  'mock-server': {
    summary: 'serve the mock model as an OpenAI-compatible endpoint (POST /v1/chat/completions, GET /v1/models) until Ctrl-C',
    load: async () => (await import('./mock-server.ts')).registerMockServer,
  },
  probe: {
    summary: 'start live servers and check how they really fail: unknown tool, bad arguments, list order, echo sample',
    load: async () => (await import('./probe.ts')).registerProbe,
  },
  report: {
    summary: 'render saved results (or merge shard results) in any format, without re-running',
    load: async () => (await import('./report.ts')).registerReport,
  },
  run: {
    summary: 'run the bundled example (fixture servers, their query sets, mock model); any eval flag overrides a default',
    load: async () => (await import('./run.ts')).registerRun,
  },
  skills: {
    summary: 'discover, lint and evaluate agent skills (folders with SKILL.md)',
    load: async () => (await import('./skills.ts')).registerSkills,
  },
  snapshot: {
    summary:
      'write one snapshot file per server: tools, resources, resource templates and prompts sorted by key, capabilities, instructions, server name and version, protocol version',
    load: async () => (await import('./snapshot.ts')).registerSnapshot,
  },
  view: {
    summary: 'serve the results and run history of a folder on 127.0.0.1: drill down from a suite to a case to its trajectory, compare two runs',
    load: async () => (await import('./view.ts')).registerView,
  },
};

/**
 * The command an argument list names, if any: the first word that is not an option (the program's own
 * options, --version and --help, take no value), or the word after `help`.
 */
export function commandNamed(argv: string[]): string | undefined {
  const at = argv.findIndex((arg) => !arg.startsWith('-'));
  if (at < 0) return undefined;
  const name = argv[at] === 'help' ? argv[at + 1] : argv[at];
  return name !== undefined && Object.hasOwn(COMMANDS, name) ? name : undefined;
}
