/**
 * The code blocks of the README and docs/, for the test that runs every one of them
 * (docs-examples.test.ts). A block whose first line starts with `$ ` is a transcript: each `$ `
 * command (with `\` continuations) is followed by the output it should print. An HTML comment
 * `<!-- doc-test: skip REASON -->` right before a block keeps it from running and says why.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

export interface Command {
  command: string;
  /** The lines shown after it, elisions included. */
  output: string[];
}

export interface DocBlock {
  file: string;
  line: number;
  lang: string;
  /** ```` ```json file=host.json ````: the block is a file the page's commands use; the test writes it first. */
  writes?: string;
  body: string;
  skip?: string;
  commands: Command[];
}

export function docFiles(root: string): string[] {
  const docs = join(root, 'docs');
  const pages = readdirSync(docs, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.md')).sort();
  return [join(root, 'README.md'), ...pages.map((f) => join(docs, f))];
}

export function parseTranscript(body: string): Command[] {
  const commands: Command[] = [];
  const lines = body.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    if (!line.startsWith('$ ')) {
      commands.at(-1)?.output.push(line);
      continue;
    }
    let command = line.slice(2);
    while (command.trimEnd().endsWith('\\') && i + 1 < lines.length) command = `${command.trimEnd().slice(0, -1)} ${lines[++i].trim()}`;
    commands.push({ command: command.replace(/\s+#\s.*$/, '').trim(), output: [] });
  }
  for (const c of commands) while (c.output.length && c.output.at(-1)!.trim() === '') c.output.pop();
  return commands;
}

export function extractBlocks(root: string): DocBlock[] {
  const blocks: DocBlock[] = [];
  for (const file of docFiles(root)) {
    const text = readFileSync(file, 'utf8');
    const lines = text.split('\n');
    for (let i = 0; i < lines.length; i++) {
      // A fence of three or more backticks closes only at a line of as many (CommonMark): a ````markdown
      // example that shows ``` blocks inside is one block.
      const open = /^(`{3,})([^`\s]*)(?:\s+file=(\S+))?\s*$/.exec(lines[i]);
      if (!open) continue;
      const fence = open[1];
      const start = i;
      const body: string[] = [];
      while (++i < lines.length && !(lines[i].startsWith(fence) && /^`+\s*$/.test(lines[i]))) body.push(lines[i]);
      let j = start - 1;
      while (j >= 0 && lines[j].trim() === '') j--;
      const marker = j >= 0 ? /<!--\s*doc-test:\s*skip\s+(.+?)\s*-->/.exec(lines[j]) : null;
      const joined = body.join('\n');
      blocks.push({
        file: relative(root, file),
        line: start + 1,
        lang: open[2],
        ...(open[3] ? { writes: open[3] } : {}),
        body: joined,
        ...(marker ? { skip: marker[1] } : {}),
        commands: body[0]?.startsWith('$ ') ? parseTranscript(joined) : [],
      });
    }
  }
  return blocks;
}

/** A line reduced to its shape: numbers, durations and paths vary from run to run, words do not. */
export function skeleton(line: string): string {
  return line
    .replace(/(?:[A-Za-z]:)?(?:\/[\w.@+-]+){2,}\/?/g, 'PATH')
    // Ids and hashes (uuids, call ids) change every run.
    .replace(/\b(?=[0-9a-f-]*\d)[0-9a-f]+(?:-[0-9a-f]+)*\b/gi, (run) => (run.length >= 6 ? 'ID' : run))
    .replace(/\d+(\.\d+)?/g, '9')
    .replace(/[─━┄┈╌]+/g, '─')
    .replace(/\s+/g, ' ')
    .trim();
}

const ELIDED = /…|\.\.\.|^\s*$/;

/** The share of shown lines (elisions aside) whose shape appears in the actual output. */
export function shapeMatch(shown: readonly string[], actual: string): { ratio: number; missing: string[] } {
  const have = new Set(actual.split('\n').map(skeleton));
  const wanted = shown.filter((l) => !ELIDED.test(l)).map(skeleton);
  if (wanted.length === 0) return { ratio: 1, missing: [] };
  const missing = wanted.filter((l) => !have.has(l));
  return { ratio: 1 - missing.length / wanted.length, missing };
}
