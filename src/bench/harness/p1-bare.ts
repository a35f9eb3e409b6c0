/**
 * P1's floor, a process of its own timed from spawn to exit as the CLI is:
 * `p1-bare.js URL QUERY_SET CONCURRENCY TOOL_FILE...` reads the query set and the tool files (JSON),
 * sends every case's request with a bare `fetch` loop (system + user message, the tools, tool_choice
 * auto: what the CLI sends), and writes `{"ok", "count"}` to stdout. Nothing else is loaded.
 */
import { readFileSync } from 'node:fs';

const [url, queriesFile, concurrencyText, ...toolFiles] = process.argv.slice(2);
const { cases } = JSON.parse(readFileSync(queriesFile, 'utf8')) as { cases: Array<{ query: string }> };
const tools = toolFiles.flatMap((file) => JSON.parse(readFileSync(file, 'utf8')) as Array<{ name: string; description?: string; inputSchema: object }>);
const concurrency = Number(concurrencyText);
const SYSTEM = 'You are an assistant with access to tools. Call the one tool that fits the request, with its arguments. If no tool fits, answer in text without calling a tool.';
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
process.stdout.write(`${JSON.stringify({ ok, count: cases.length })}\n`);
