/**
 * One side of P5 in its own process: `p5-child.js ROOT ARGS...` runs the built CLI (dist/cli.js, the
 * file bin/toolvet.js starts) in this process with ARGS, as a user's `toolvet eval ...` would, then
 * prints `{"code", "maxRssMb", "wallMs"}` as its last line (after the CLI's own report). Nothing else is
 * loaded: the peak RSS is the CLI's.
 */
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const [root, ...args] = process.argv.slice(2);
const started = performance.now();
const { main } = (await import(pathToFileURL(join(root, 'dist', 'cli.js')).href)) as { main: (argv: string[]) => Promise<number> };
const code = await main(args);
const wallMs = performance.now() - started;
process.stdout.write(`\n${JSON.stringify({ code, maxRssMb: process.resourceUsage().maxRSS / 1024, wallMs })}\n`);
