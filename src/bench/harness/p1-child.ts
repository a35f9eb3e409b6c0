/**
 * One side of P1 in its own process, so each side's peak RSS is its own:
 * `p1-child.ts toolvet|bare URL CASES_FILE CONCURRENCY` prints `{"wallMs", "cpuMs", "maxRssMb", "importRssMb", "ok"}`.
 * Both sides send the same requests (system + user message, the 10 tools, tool_choice auto).
 */
import { readFileSync } from 'node:fs';
import type { SelectionCase, ToolDefinition } from 'toolvet';

const [side, url, casesFile, concurrencyText] = process.argv.slice(2);
const { cases, tools } = JSON.parse(readFileSync(casesFile, 'utf8')) as { cases: SelectionCase[]; tools: ToolDefinition[] };
const concurrency = Number(concurrencyText);
const SYSTEM = 'You are an assistant with access to tools. Call the one tool that fits the request, with its arguments. If no tool fits, answer in text without calling a tool.';

async function bare(): Promise<number> {
  const wireTools = tools.map((t) => ({ type: 'function', function: { name: t.name, description: t.description, parameters: t.inputSchema } }));
  let next = 0;
  let ok = 0;
  const worker = async (): Promise<void> => {
    while (next < cases.length) {
      const c = cases[next++];
      const res = await fetch(`${url}/chat/completions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: 'Bearer sk-no-key' },
        body: JSON.stringify({ model: 'fixed', messages: [{ role: 'system', content: SYSTEM }, { role: 'user', content: c.query }], tools: wireTools, tool_choice: 'auto' }),
      });
      const body = (await res.json()) as { choices: Array<{ message: { tool_calls?: unknown[] } }> };
      if (body.choices[0].message.tool_calls?.length) ok += 1;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return ok;
}

async function toolvet(): Promise<number> {
  const { createModel, runSelection } = await import('toolvet');
  const model = createModel({ kind: 'openai', baseUrl: url, modelName: 'fixed', maxRetries: 0 });
  const results = await runSelection({ cases, toolsFor: () => tools, model, concurrency });
  return results.filter((r) => r.state !== 'errored').length;
}

// Module loading is outside the timed window on both sides; the request loop is inside.
const run = side === 'bare' ? bare : toolvet;
if (side === 'toolvet') {
  await import('toolvet');
}
// What the process holds before the first request: node, plus the package's import on Toolvet's side.
const importRssMb = process.memoryUsage().rss / 1024 / 1024;
const started = performance.now();
const cpuBefore = process.cpuUsage();
const ok = await run();
const cpu = process.cpuUsage(cpuBefore);
const wallMs = performance.now() - started;
// CPU time beside wall time: on a shared machine the wall clock also measures the neighbours.
process.stdout.write(`${JSON.stringify({ wallMs, cpuMs: (cpu.user + cpu.system) / 1000, maxRssMb: process.resourceUsage().maxRSS / 1024, importRssMb, ok })}\n`);
