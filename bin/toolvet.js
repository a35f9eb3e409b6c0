#!/usr/bin/env node
// Thin launcher for the built CLI (dist/cli.js). In a clone, `npm install` builds it (the prepare
// script); `npm run build` rebuilds it after a change to the sources.
import { existsSync } from 'node:fs';

const cli = new URL('../dist/cli.js', import.meta.url);
if (!existsSync(cli)) {
  process.stderr.write('toolvet: dist/cli.js is missing: this is a source checkout that was not built\n  next: run `npm run build` (or `npm install`) in the toolvet folder\n');
  process.exit(1);
}
const { main } = await import(cli.href);
process.exitCode = await main(process.argv.slice(2));
