/**
 * The public surface is a visible diff: API Extractor reads the declarations of `toolvet` (built here
 * into a temporary folder) and compares them with the checked-in report, etc/toolvet.api.md. A change
 * to an exported function, option or result type fails this test until the report is updated
 * (`npm run api` rewrites it); a type that an export uses but the entry does not export
 * (ae-forgotten-export) fails it too, so users can always name the options and results they pass.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { Extractor, ExtractorConfig, type ExtractorMessage } from '@microsoft/api-extractor';
import { afterAll, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../', import.meta.url));
const work = mkdtempSync(join(tmpdir(), 'toolvet-api-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('the public API report', () => {
  it('matches etc/toolvet.api.md and leaves no used type unexported', async () => {
    const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
    await promisify(execFile)(process.execPath, [tsc, '-p', join(root, 'tsconfig.build.json'), '--outDir', join(work, 'types')], { cwd: root, maxBuffer: 16 * 1024 * 1024 });
    const base = JSON.parse(readFileSync(join(root, 'api-extractor.json'), 'utf8')) as Record<string, unknown>;
    const configObject = {
      ...base,
      projectFolder: root,
      mainEntryPointFilePath: join(work, 'types/src/index.d.ts'),
      compiler: { tsconfigFilePath: join(root, 'tsconfig.build.json') },
      apiReport: { enabled: true, reportFolder: join(root, 'etc'), reportTempFolder: join(work, 'report') },
    };
    const config = ExtractorConfig.prepare({ configObject: configObject as never, configObjectFullPath: join(root, 'api-extractor.json'), packageJsonFullPath: join(root, 'package.json') });
    const forgotten: string[] = [];
    const result = Extractor.invoke(config, {
      localBuild: false,
      messageCallback: (message: ExtractorMessage) => {
        if (message.messageId === 'ae-forgotten-export') forgotten.push(message.text);
        message.handled = true;
      },
    });
    expect(forgotten).toEqual([]);
    // API Extractor files some of these in the report instead of the callback: the checked-in report must hold none.
    expect(readFileSync(join(root, 'etc/toolvet.api.md'), 'utf8').match(/ae-forgotten-export\) The symbol "\w+"/g) ?? []).toEqual([]);
    expect(result.apiReportChanged, 'the public API changed: run `npm run api` and commit etc/toolvet.api.md').toBe(false);
  }, 300_000);
});
