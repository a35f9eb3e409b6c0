/**
 * The skills a server serves through the skills extension (SEP-2640), read through the SDK's
 * `SkillsClient` (which verifies each file against its listed size and digest), under caps: files past
 * `maxFiles` per skill or `maxBytes` in all are left out and named in `skipped`.
 */
import type { Client } from '@modelcontextprotocol/client';
import { loadSkillsSdk } from './mcp-sdk.ts';

/** A skill served over MCP: its `skill://.../SKILL.md` URI and the files read from it. */
export interface ServedSkill {
  uri: string;
  files: Array<{ uri: string; bytes: Uint8Array; text?: string }>;
  /** Files not read, each with why. */
  skipped: string[];
}

export interface ServedSkillLimits {
  maxFiles: number;
  maxBytes: number;
}

export const DEFAULT_SERVED_SKILL_LIMITS: ServedSkillLimits = { maxFiles: 50, maxBytes: 4 * 1024 * 1024 };

/** Runs one request under the connection's deadline and error mapping (ServerConnection's guard). */
export type Guard = <T>(what: string, call: () => Promise<T>) => Promise<T>;

/** The served skills with their files; empty when the server does not declare the extension. */
export async function readServedSkills(client: Client, guard: Guard, options: ServedSkillLimits & { callMs: number; maxItems: number }): Promise<ServedSkill[]> {
  const skills = new (await loadSkillsSdk()).SkillsClient(client, { skipInvalid: true });
  if (!skills.supported) return [];
  const listing = await guard('skills/list', () => skills.list(undefined, { timeout: options.callMs }));
  const served: ServedSkill[] = [];
  let bytes = 0;
  for (const entry of listing.skills.slice(0, options.maxItems)) {
    const skill: ServedSkill = { uri: entry.uri, files: [], skipped: [] };
    // A "dynamic" skill lists no files: its SKILL.md is all there is to read up front.
    const listed = Array.isArray(entry.resources) ? entry.resources : [{ uri: entry.uri, size: 0 }];
    for (const file of listed.slice(0, options.maxFiles)) {
      if (bytes + (file.size ?? 0) > options.maxBytes) {
        skill.skipped.push(`${file.uri}: over the ${options.maxBytes} bytes read per run`);
        continue;
      }
      try {
        const read = await guard(`resources/read ${file.uri}`, () => skills.read(entry, file.uri, { timeout: options.callMs }));
        bytes += read.bytes.length;
        skill.files.push({ uri: file.uri, bytes: read.bytes, ...(read.text !== undefined ? { text: read.text } : {}) });
      } catch (error) {
        skill.skipped.push(`${file.uri}: ${(error as Error).message}`);
      }
    }
    for (const file of listed.slice(options.maxFiles)) skill.skipped.push(`${file.uri}: past ${options.maxFiles} files`);
    served.push(skill);
  }
  for (const bad of listing.invalid) served.push({ uri: bad.uri ?? `(entry ${bad.index})`, files: [], skipped: [`refused by the SDK: ${bad.reason}`] });
  return served;
}
