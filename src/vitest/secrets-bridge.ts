/**
 * How the secrets a suite registers reach the Toolvet reporter. Secrets are registered where they are
 * read (host configs, the model's API key), in vitest's test workers; the reporter runs in vitest's main
 * process, whose registry would be empty. So the reporter makes a private folder (mode 0700) when the
 * run starts and hands its path to the workers with vitest's `provide`; a worker writes the secrets it
 * knows to its own file there (mode 0600, written whole then renamed) after each helper run and each
 * `recordResult`; the reporter reads them into its registry as tests finish, and removes the folder when
 * the run ends. Nothing travels in `task.meta`, which vitest's own json reporter serializes. Without
 * the reporter nothing is provided and no file is written. What a test attaches to `task.meta` is a
 * redacted copy (`redactedCopy`), since vitest's json and blob reporters save meta as it is.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inject } from 'vitest';
import { knownSecrets, redactSecrets, registerSecret } from '../safety/secrets.ts';

/** The `provide` key under which the reporter hands its folder to the workers. */
export const SECRETS_DIR_KEY = 'toolvetSecretsDir';

declare module 'vitest' {
  interface ProvidedContext {
    /** The Toolvet reporter's private folder for the workers' secrets (secrets-bridge.ts). */
    toolvetSecretsDir?: string;
  }
}

// One file per worker module instance (a test file under vitest's isolation), rewritten as it grows.
const ownFile = `${randomUUID()}.json`;
let shared = 0;

/** Worker side: writes the secrets this process knows for the reporter, when a reporter asked for them. */
export function shareSecrets(): void {
  let dir: string | undefined;
  try {
    dir = inject(SECRETS_DIR_KEY);
  } catch {
    return; // not inside a vitest worker
  }
  const secrets = knownSecrets();
  if (!dir || secrets.length === shared) return;
  const file = join(dir, ownFile);
  const partial = `${file}.${process.pid}.tmp`;
  try {
    writeFileSync(partial, JSON.stringify(secrets), { mode: 0o600 });
    renameSync(partial, file);
    shared = secrets.length;
  } catch {
    // The folder is gone (the reporter's run ended, as in watch mode between runs): nothing reads it now.
  }
}

/** An object's keys redacted too (a tool name is a key of the confusion matrix), as own keys whatever their name. */
function redactKeys(value: unknown): unknown {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return value;
  const keys = Object.keys(value);
  if (keys.every((k) => redactSecrets(k) === k)) return value;
  const out = {};
  for (const k of keys) Object.defineProperty(out, redactSecrets(k), { value: (value as Record<string, unknown>)[k], enumerable: true, writable: true, configurable: true });
  return out;
}

/** A deep copy of a JSON value with every registered secret redacted from its strings and keys. */
export function redactedCopy<T>(value: T): T {
  return JSON.parse(JSON.stringify(value), (_key, v: unknown) => (typeof v === 'string' ? redactSecrets(v) : redactKeys(v))) as T;
}

type Matcher = (...args: never[]) => { pass: boolean; message: () => string };

/** Matchers whose failure messages are redacted (vitest prints them, and its json reporter saves them). */
export function redactMessages<T extends Record<string, Matcher>>(matchers: T): T {
  const out: Record<string, Matcher> = {};
  for (const [name, matcher] of Object.entries(matchers)) {
    out[name] = function (this: unknown, ...args: never[]) {
      const result = matcher.apply(this, args);
      return { ...result, message: () => redactSecrets(result.message()) };
    };
  }
  return out as T;
}

/** Reporter side: the private folder the workers write to, made for this run. */
export function makeSecretsDir(): string {
  return mkdtempSync(join(tmpdir(), 'toolvet-secrets-'));
}

/** Reporter side: registers every secret the workers have written so far. */
export function adoptSecrets(dir: string): void {
  let names: string[];
  try {
    names = readdirSync(dir).filter((n) => n.endsWith('.json'));
  } catch {
    return;
  }
  for (const name of names) {
    let list: unknown;
    try {
      list = JSON.parse(readFileSync(join(dir, name), 'utf8'));
    } catch {
      continue; // removed or replaced between the listing and the read: the next call reads it
    }
    if (Array.isArray(list)) for (const value of list) if (typeof value === 'string') registerSecret(value);
  }
}

/** Reporter side: reads what is left, then removes the folder and every file in it. */
export function closeSecretsDir(dir: string): void {
  adoptSecrets(dir);
  rmSync(dir, { recursive: true, force: true });
}
