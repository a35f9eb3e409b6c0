/**
 * MCP Apps: the real `@modelcontextprotocol/server-pdf` lists six app-only tools (`_meta.ui.visibility:
 * ["app"]`, for its PDF viewer) beside three the model may call. `toolvet eval` against it, with the
 * model behind our endpoint on 127.0.0.1 recording what each request offered: the app-only tools are
 * never offered, and a model that names one anyway is not routed to it.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, ROOT } from '../cli/testing.ts';
import { startMockServer, type MockServer } from '../models/mock-server.ts';
import type { ToolvetResult } from '../report/model.ts';
import type { ModelDriver, ModelResponse } from '../types.ts';
import { tempDir } from '../testing/temp-dir.ts';

const APP_ONLY = ['poll_pdf_commands', 'read_pdf_bytes', 'save_pdf', 'submit_page_data', 'submit_save_data', 'submit_viewer_state'];
const dir = tempDir('toolvet-app-only-');
const offered: string[][] = [];

/** Lists what it is offered; asked to save, it calls the app-only `save_pdf` by name. */
function recordingModel(): ModelDriver {
  return {
    id: 'recording',
    async complete(request): Promise<ModelResponse> {
      offered.push(request.tools.map((t) => t.name));
      const query = request.messages.filter((m) => m.role === 'user').at(-1)?.content ?? '';
      const answered = request.messages.at(-1)?.role === 'tool';
      if (query.includes('save') && !answered) {
        return { text: '', toolCalls: [{ id: 'c1', name: 'save_pdf', rawArguments: '{"url":"x.pdf"}', arguments: { url: 'x.pdf' } }], finishReason: 'tool_calls', usage: { promptTokens: 1, completionTokens: 1 } };
      }
      return { text: 'Nothing to do.', toolCalls: [], finishReason: 'stop', usage: { promptTokens: 1, completionTokens: 1 } };
    },
  };
}

describe('app-only tools (MCP Apps) are never offered to the model', { timeout: 180_000 }, () => {
  let model: MockServer;
  beforeAll(async () => {
    model = await startMockServer({ driver: recordingModel(), modelName: 'recording' });
  });
  afterAll(async () => {
    await model.close();
  });

  it('eval offers server-pdf tools without the six app-only ones, and a call to one is refused', async () => {
    const config = join(dir, 'host.json');
    writeFileSync(config, JSON.stringify({ mcpServers: { pdf: { command: process.execPath, args: [join(ROOT, 'node_modules/@modelcontextprotocol/server-pdf/dist/index.js'), '--stdio'] } } }));
    const queries = join(dir, 'pdf.yaml');
    writeFileSync(queries, ['servers: [pdf]', 'cases:', '  - id: list', '    query: "which PDFs can you open?"', '    expect: {tool: list_pdfs}', '  - id: save', '    query: "save the PDF"', '    expect: {tool: null}', ''].join('\n'));
    const json = join(dir, 'result.json');
    const run = await runCli(['eval', '--config', config, '--queries', queries, '--json', json, '--start-timeout', '120000', '--base-url', model.url, '--model-name', 'recording', '--retries', '0'], { timeoutMs: 170_000 });
    expect(run.stderr).not.toContain('E_');
    expect(offered.length).toBeGreaterThan(0);
    for (const names of offered) {
      expect(names.sort()).toEqual(['display_pdf', 'interact', 'list_pdfs']);
      for (const hidden of APP_ONLY) expect(names).not.toContain(hidden);
    }
    const result = JSON.parse(readFileSync(json, 'utf8')) as ToolvetResult;
    const save = result.cases!.find((c) => c.id === 'save')!;
    // The model named save_pdf; it is not among the offered tools, so it never reaches the server.
    expect([save.state, save.chosen]).toEqual(['failed', 'save_pdf']);
  });
});
