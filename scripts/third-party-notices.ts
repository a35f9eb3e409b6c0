/**
 * The notices of the third-party code the build puts inside dist/ (the MCP client SDK with zod and
 * what they import, and the fixture servers' SDK with Ajv): each bundled package's name, version,
 * license and license text, from the package's own files. The licenses (MIT, ISC, BSD and the like) ask
 * that their notice travel with every copy; esbuild's `legalComments` keeps only comments marked as
 * legal, which most of these packages do not have.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, sep } from 'node:path';

export const NOTICES_FILE = 'THIRD-PARTY-NOTICES.md';

interface BundledPackage {
  name: string;
  version: string;
  license: string;
  text: string | undefined;
  /** An Apache-2.0 package's NOTICE file, which must travel with it too. */
  notice: string | undefined;
}

/** The package folder an input file belongs to (the part after the last node_modules/), or undefined. */
function packageDir(root: string, input: string): string | undefined {
  const parts = input.split(/[\\/]/);
  const at = parts.lastIndexOf('node_modules');
  if (at < 0 || at + 1 >= parts.length) return undefined;
  const end = parts[at + 1]!.startsWith('@') ? at + 3 : at + 2;
  return join(root, parts.slice(0, end).join(sep));
}

function packageOf(dir: string): BundledPackage {
  const json = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { name?: string; version?: string; license?: string };
  const names = readdirSync(dir);
  const read = (pattern: RegExp): string | undefined => {
    const file = names.find((name) => pattern.test(name));
    return file ? readFileSync(join(dir, file), 'utf8').trim() : undefined;
  };
  return { name: json.name ?? dir, version: json.version ?? '', license: json.license ?? 'UNKNOWN', text: read(/^licen[cs]e(\.|$)/i), notice: read(/^notice(\.|$)/i) };
}

/** The notices file for the bundle's inputs (paths relative to `root`, as esbuild's metafile lists them). */
export function thirdPartyNotices(root: string, inputs: Iterable<string>): string {
  const dirs = new Set<string>();
  for (const input of inputs) {
    const dir = packageDir(root, input);
    if (dir) dirs.add(dir);
  }
  const packages = new Map<string, BundledPackage>();
  for (const dir of dirs) {
    const pkg = packageOf(dir);
    packages.set(`${pkg.name}@${pkg.version}`, pkg);
  }
  const sorted = [...packages.values()].sort((a, b) => (a.name === b.name ? a.version.localeCompare(b.version) : a.name < b.name ? -1 : 1));
  const lines = [
    '# Third-party code in dist/',
    '',
    "The built files in this folder hold code from the packages below, bundled by the project's build (scripts/build.ts). Each one's license follows.",
  ];
  for (const pkg of sorted) {
    lines.push('', `## ${pkg.name} ${pkg.version} (${pkg.license})`, '');
    lines.push(pkg.text ?? `The package ships no license file; its package.json says ${pkg.license}.`);
    if (pkg.notice) lines.push('', pkg.notice);
  }
  return `${lines.join('\n')}\n`;
}
