/**
 * A test endpoint in the OpenAI chat-completions wire format for deferred loading (`eval --loading`):
 * offered `tool_search`, it calls it with the words of the request (stop words and short words left
 * out); once the search has answered, it calls the first tool offered besides the search tool (the
 * search's best match: loaded tools are offered best first), its required arguments filled by type.
 * Offered every tool (no search tool), it calls the last tool listed: a deliberately poor chooser, so
 * the two loadings differ. Every request it receives is kept in `requests` for the test to read.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

interface WireTool {
  type: 'function';
  function: { name: string; description?: string; parameters?: { properties?: Record<string, { type?: unknown }>; required?: string[] } };
}

interface WireMessage {
  role: string;
  content?: unknown;
  tool_calls?: Array<{ id: string; function: { name: string; arguments: string } }>;
}

export interface SeenRequest {
  tools: string[];
  messages: WireMessage[];
}

export interface ToolSearchEndpoint {
  url: string;
  requests: SeenRequest[];
  close(): Promise<void>;
}

const STOP = new Set(['the', 'and', 'for', 'with', 'from', 'that', 'this', 'what', 'have', 'about', 'into', 'please', 'give', 'show', 'can', 'you', 'all', 'any', 'are', 'was', 'were', 'my', 'me', 'do', 'i']);

/** The request's words that say what is wanted: lower case, three letters or more, no stop words. */
export function searchWords(text: string): string {
  return text.toLowerCase().split(/[^a-z0-9]+/).filter((w) => w.length >= 3 && !STOP.has(w)).join(' ');
}

const placeholder = (type: unknown): unknown => (type === 'integer' || type === 'number' ? 1 : type === 'boolean' ? true : type === 'array' ? [] : type === 'object' ? {} : 'x');

function call(id: string, name: string, args: Record<string, unknown>): Record<string, unknown> {
  return { role: 'assistant', content: null, tool_calls: [{ id, type: 'function', function: { name, arguments: JSON.stringify(args) } }] };
}

function answer(body: { model?: string; messages?: WireMessage[]; tools?: WireTool[] }): Record<string, unknown> {
  const tools = body.tools ?? [];
  const messages = body.messages ?? [];
  const query = String([...messages].reverse().find((m) => m.role === 'user')?.content ?? '');
  const searched = messages.some((m) => m.role === 'tool');
  const search = tools.find((t) => t.function.name === 'tool_search');
  let message: Record<string, unknown>;
  if (search && !searched) {
    message = call('call_search', 'tool_search', { query: searchWords(query) });
  } else {
    // After a search: its best match, offered first after the search tool; with every tool: the last one.
    const pick = search ? tools.find((t) => t.function.name !== 'tool_search') : tools.at(-1);
    if (!pick) {
      message = { role: 'assistant', content: 'No tool was found for this.' };
    } else {
      const props = pick.function.parameters?.properties ?? {};
      const args = Object.fromEntries((pick.function.parameters?.required ?? []).map((k) => [k, placeholder(props[k]?.type)]));
      message = call('call_pick', pick.function.name, args);
    }
  }
  return {
    id: 'chatcmpl-tool-search',
    object: 'chat.completion',
    created: 1_700_000_000,
    model: body.model ?? 'tool-search',
    choices: [{ index: 0, message, finish_reason: message.tool_calls ? 'tool_calls' : 'stop', logprobs: null }],
    usage: { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 },
  };
}

export async function startToolSearchEndpoint(): Promise<ToolSearchEndpoint> {
  const requests: SeenRequest[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const send = (status: number, value: unknown): void => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(value));
      };
      if (req.method !== 'POST' || req.url !== '/v1/chat/completions') return send(404, { error: { message: 'not found', type: 'invalid_request_error' } });
      try {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { model?: string; messages?: WireMessage[]; tools?: WireTool[] };
        requests.push({ tools: (body.tools ?? []).map((t) => t.function.name), messages: body.messages ?? [] });
        send(200, answer(body));
      } catch (error) {
        send(400, { error: { message: String(error), type: 'invalid_request_error' } });
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
