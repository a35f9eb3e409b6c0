/**
 * Skills served by MCP servers through the skills extension (SEP-2640, `skill://` resources). Each
 * configured server that declares the extension is asked for its skills; every file of a skill (its
 * SKILL.md, references, evals/evals.json), read and verified by the SDK, is written to a private
 * temporary folder, so skills lint and the trigger eval treat the skill exactly like a folder skill.
 * The skill's location (`file`, in findings and results) stays its `skill://` URI.
 *
 * A server that fails to start or to list its skills is reported for that server alone; a skill whose
 * files cannot be written (a file that is also a folder, a 300-character name) is left out alone.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadHostConfig, selectServers } from '../config/host-config.ts';
import { toErrorInfo } from '../errors.ts';
import type { Diagnostic } from '../report/result-core.ts';
import type { ServedSkill, ServerTimeouts } from '../servers/server-connection.ts';
import { ServerPool } from '../servers/server-pool.ts';
import { encodeFileName } from '../safety/file-name.ts';
import { writeFileInside } from '../safety/write-file.ts';
import { parseSkill, type SkillDoc } from './skill-file.ts';
import { clipText } from '../safety/clip.ts';

export interface McpSkills {
  skills: SkillDoc[];
  warnings: Diagnostic[];
  /** Removes the temporary copies; call once the command is done with the skills. */
  dispose(): void;
}

export interface McpSkillsOptions {
  config: string;
  servers?: readonly string[];
  timeouts?: Partial<ServerTimeouts>;
}

const SKILL_FILE = 'SKILL.md';

/** Starts the configured servers and collects the skills they serve. */
export async function fetchMcpSkills(options: McpSkillsOptions): Promise<McpSkills> {
  const host = loadHostConfig(options.config);
  const names = selectServers(host, options.servers ?? []);
  const root = mkdtempSync(join(tmpdir(), 'toolvet-mcp-skills-'));
  const out: McpSkills = { skills: [], warnings: [], dispose: () => rmSync(root, { recursive: true, force: true }) };
  const pool = await ServerPool.start(host, names, { timeouts: options.timeouts });
  try {
    for (const error of pool.errors()) {
      const info = toErrorInfo(error);
      out.warnings.push({ code: 'W_SKILL_SERVER', server: info.server, message: `server "${info.server}": its skills could not be listed: ${info.code}: ${info.message}`, ...(info.hint ? { hint: info.hint } : {}) });
    }
    for (const name of names) {
      const connection = pool.connection(name);
      if (!connection) continue;
      let served: ServedSkill[];
      try {
        served = await connection.listServedSkills();
      } catch (error) {
        const info = toErrorInfo(error);
        out.warnings.push({ code: 'W_SKILL_SERVER', server: name, message: `server "${name}": skills/list failed: ${info.code}: ${info.message}`, ...(info.hint ? { hint: info.hint } : {}) });
        continue;
      }
      for (const skill of served) {
        const doc = materialize(skill, join(root, encodeFileName(name)), out.warnings, name);
        if (doc) out.skills.push(doc);
      }
    }
  } catch (error) {
    out.dispose();
    throw error;
  } finally {
    await pool.close();
  }
  return out;
}

/** The path of `uri` inside the skill whose SKILL.md is `skillUri`, or undefined when it leaves the skill. */
export function pathInSkill(skillUri: string, uri: string): string | undefined {
  const base = skillUri.slice(0, skillUri.length - SKILL_FILE.length);
  if (!skillUri.endsWith(`/${SKILL_FILE}`) || !uri.startsWith(base)) return undefined;
  let rel: string;
  try {
    rel = decodeURIComponent(uri.slice(base.length).split(/[?#]/)[0]);
  } catch {
    return undefined;
  }
  const parts = rel.split('/');
  if (rel === '' || rel.startsWith('/') || parts.some((p) => p === '' || p === '.' || p === '..' || p.includes('\\') || p.includes('\0'))) return undefined;
  return parts.join('/');
}

function materialize(skill: ServedSkill, serverDir: string, warnings: Diagnostic[], server: string): SkillDoc | undefined {
  for (const skipped of skill.skipped) warnings.push({ code: 'W_SKILL_FILE_SKIPPED', server, message: `server "${server}", skill ${skill.uri}: ${skipped}` });
  const main = skill.files.find((f) => f.uri === skill.uri);
  const segments = skill.uri.replace(/^skill:\/\//, '').split('/');
  const folderName = segments.length >= 2 ? segments[segments.length - 2] : 'skill';
  if (!main || main.text === undefined) {
    warnings.push({ code: 'W_SKILL_UNUSABLE', server, message: `server "${server}" lists skill ${skill.uri}, but its SKILL.md could not be read; it is left out` });
    return undefined;
  }
  const folder = join(serverDir, encodeFileName(skill.uri.replace(/^skill:\/\//, '').replace(/\/SKILL\.md$/, '')));
  for (const file of skill.files) {
    const rel = pathInSkill(skill.uri, file.uri);
    if (!rel) {
      warnings.push({ code: 'W_SKILL_FILE_SKIPPED', server, message: `server "${server}", skill ${skill.uri}: ${file.uri} is outside the skill; not copied` });
      continue;
    }
    try {
      writeFileInside(folder, rel, file.bytes);
    } catch (error) {
      // A file that is also a folder (EEXIST, ENOTDIR), a name no file system takes (ENAMETOOLONG):
      // this skill cannot be laid out as the server describes it, so it alone is left out.
      const cause = (error as { cause?: NodeJS.ErrnoException }).cause;
      const why = cause?.code ?? (error as NodeJS.ErrnoException).code ?? toErrorInfo(error).message;
      warnings.push({ code: 'W_SKILL_UNUSABLE', server, message: `server "${server}" serves skill ${skill.uri} with a file that cannot be written as a file (${clipText(file.uri, 121)}: ${why}); the skill is left out`, hint: 'fix the skill on the server: every file needs a path a file system can hold' });
      rmSync(folder, { recursive: true, force: true });
      return undefined;
    }
  }
  return parseSkill(main.text, { folderName, folder, file: skill.uri, scope: 'project' });
}
