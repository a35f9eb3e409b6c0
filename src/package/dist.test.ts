/**
 * The built CLI (dist/, written by the test run's global setup) starts light: what `toolvet
 * --version` loads statically is our own start-up code and commander, nothing else; each command is a
 * chunk loaded on demand.
 */
import { execFile } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../cli/testing.ts';

const DIST = join(ROOT, 'dist');

/** Packages imported statically (not through `import()`) by a built file and the chunks it imports. */
function staticPackages(file: string, seen = new Set<string>()): Set<string> {
  const packages = new Set<string>();
  if (seen.has(file)) return packages;
  seen.add(file);
  const text = readFileSync(join(DIST, file), 'utf8');
  for (const m of text.matchAll(/^(?:import|export)\s[^;]*?from\s*"([^"]+)";|^import\s*"([^"]+)";/gm)) {
    const spec = m[1] ?? m[2]!;
    if (spec.startsWith('./')) for (const p of staticPackages(spec.slice(2), seen)) packages.add(p);
    else packages.add(spec);
  }
  return packages;
}

describe('dist/', () => {
  it('cli.js statically imports only commander and node built-ins', () => {
    const packages = [...staticPackages('cli.js')].filter((p) => !p.startsWith('node:') && !builtinModules.includes(p));
    expect(packages).toEqual(['commander']);
  });

  it('bin/toolvet.js --version prints the package version (package.json found from dist/)', async () => {
    const version = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string }).version;
    const out = await new Promise<string>((resolve, reject) =>
      execFile(process.execPath, [join(ROOT, 'bin/toolvet.js'), '--version'], (error, stdout) => (error ? reject(error) : resolve(stdout))),
    );
    expect(out.trim()).toBe(version);
  });

  it('THIRD-PARTY-NOTICES.md carries the license of every package bundled into dist/', () => {
    const notices = readFileSync(join(DIST, 'THIRD-PARTY-NOTICES.md'), 'utf8');
    // The bundled client chunk holds the MCP client SDK and zod; the fixture servers' file the v1 SDK and Ajv.
    const bundled = readdirSync(DIST).filter((f) => /\.c?js$/.test(f)).map((f) => readFileSync(join(DIST, f), 'utf8')).join('\n');
    for (const [name, marker] of [['@modelcontextprotocol/client', 'StreamableHTTPClientTransport'], ['zod', 'ZodError'], ['@modelcontextprotocol/sdk', 'StdioServerTransport'], ['ajv', 'strictTypes']] as const) {
      expect(bundled, `${name} is no longer bundled: update this test`).toContain(marker);
      const version = (JSON.parse(readFileSync(join(ROOT, 'node_modules', name, 'package.json'), 'utf8')) as { version: string }).version;
      expect(notices).toMatch(new RegExp(`^## ${name.replace('/', '\\/')} ${version.replace(/\./g, '\\.')} \\(`, 'm'));
    }
    expect(notices).toContain('Permission is hereby granted, free of charge');
    expect(notices).toContain('Apache License');
    expect(notices).not.toContain('ships no license file');
  });
});
