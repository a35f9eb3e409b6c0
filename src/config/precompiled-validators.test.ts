import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import { join } from 'node:path';
import { Ajv } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { afterAll, describe, expect, it } from 'vitest';
import { precompiledValidatorFiles } from '../../scripts/precompile-validators.ts';
import { LENIENT_AJV_OPTIONS } from '../scoring/schema-check.ts';
import { metaSchemaKey, precompiledKey, precompiledName, precompiledValidator, type PrecompiledModule } from './precompiled-validators.ts';
import { projectSchemas } from './project-schemas.ts';
import { validatorFor } from './validate.ts';

const ROOT = new URL('../../', import.meta.url);
const dir = mkdtempSync(join(os.tmpdir(), 'toolvet-precompiled-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A generated file's module, evaluated with the package's own require (it needs ajv's runtime helpers). */
function evaluate(text: string): PrecompiledModule {
  const module = { exports: {} as Record<string, unknown> };
  new Function('require', 'module', 'exports', text)(createRequire(import.meta.url), module, module.exports);
  return module.exports as unknown as PrecompiledModule;
}

const files = new Map(precompiledValidatorFiles().map((f) => [f.name, evaluate(f.text)]));
const generated = (key: string): PrecompiledModule => {
  const found = files.get(precompiledName(key));
  if (!found) throw new Error(`nothing generated for ${key.slice(0, 60)}`);
  return found;
};

describe('precompiled validators', () => {
  it('running from sources compiles: nothing is read from dist/', () => {
    expect(precompiledValidator(precompiledKey('plain', projectSchemas()[0].schema))).toBeUndefined();
    expect(precompiledValidator(metaSchemaKey('2020-12'))).toBeUndefined();
  });

  // Each project schema: the generated code answers as the compiled schema does, errors included.
  const samples: unknown[] = [
    {},
    [],
    null,
    'text',
    { cases: [] },
    { servers: ['echo'], cases: [{ id: 'a', query: 'echo hi', expect: { tool: 'echo' } }] },
    { servers: ['echo'], cases: [{ id: 'a', query: 'echo hi', expect: { tool: 'echo', args: { text: ['hi'] } } }] },
    { cases: [{ id: 'a', query: 3, expect: {} }], extra: true },
    [{ name: 'echo', description: 'Echo', inputSchema: { type: 'object' } }],
    [{ name: '', inputSchema: 3 }],
    { tools: [{ name: 'a', inputSchema: { type: 'object' } }], server: { name: 's' } },
    { mcpServers: { echo: { command: 'node', args: ['echo.mjs'] } } },
    { mcpServers: { echo: { command: 'node', args: 'echo.mjs' } } },
    { echo: { url: 'http://127.0.0.1:1/mcp' } },
    { schemaVersion: '1.2', kind: 'eval' },
  ];
  for (const [index, { variant, schema }] of projectSchemas().entries()) {
    it(`project schema ${index} (${variant}) answers every sample as the compiled schema does`, () => {
      const pre = generated(precompiledKey(variant, schema));
      const compiled = validatorFor(schema, variant);
      for (const data of samples) {
        expect(pre.validate(data), JSON.stringify(data)).toBe(compiled(data));
        expect(pre.validate.errors ?? null).toEqual(compiled.errors ?? null);
      }
    });
  }

  // The meta-schemas: a tool's schema is judged as Ajv's own meta-schema check judges it.
  const schemas: object[] = [
    { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] },
    { type: 5 },
    { type: 'object', properties: { a: { type: 'strin' } }, required: 'a' },
    { type: 'object', properties: 3 },
    { $defs: { a: { type: 'string' } }, $ref: '#/$defs/a', $anchor: 'not ok!' },
    { anyOf: [], items: [{ type: 'string' }] },
  ];
  for (const [dialect, ajv] of [['draft-07', new Ajv({ ...LENIENT_AJV_OPTIONS, code: {} })], ['2020-12', new Ajv2020({ ...LENIENT_AJV_OPTIONS, code: {} })]] as const) {
    it(`the ${dialect} meta-schema answers as Ajv's own check`, () => {
      const pre = generated(metaSchemaKey(dialect));
      for (const schema of schemas) {
        const own = ajv.validateSchema(schema);
        expect(pre.validate(schema), JSON.stringify(schema)).toBe(own);
        expect(ajv.errorsText(pre.validate.errors)).toBe(ajv.errorsText(ajv.errors));
      }
    });
  }

  it('the built package validates its own schemas with the generated code, and compiles nothing for them', () => {
    const queries = join(dir, 'one.json');
    writeFileSync(queries, JSON.stringify({ servers: ['echo'], cases: [{ id: 'a', query: 'echo hi', expect: { tool: 'echo' } }] }));
    const script = [
      `import { loadQuerySet, loadToolFile, checkArguments } from ${JSON.stringify(new URL('dist/index.js', ROOT).href)};`,
      "import { createRequire } from 'node:module';",
      `loadQuerySet(${JSON.stringify(queries)});`,
      `const tools = loadToolFile(${JSON.stringify(new URL('fixtures/tools/echo.json', ROOT).pathname)}).tools;`,
      "checkArguments(tools[0].inputSchema, { text: 'hi' });",
      "const loaded = Object.keys(createRequire(import.meta.url).cache);",
      "console.log(JSON.stringify(loaded.filter((f) => f.includes('/dist/validators/')).map((f) => f.split('/').pop()).sort()));",
    ].join('\n');
    // Without the compiled-schema cache (src/disk-cache): a cached tool schema would skip the meta-schema check.
    const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8', env: { ...process.env, TOOLVET_CACHE_DIR: 'off' } });
    const onDisk = readdirSync(new URL('dist/validators/', ROOT));
    const expected = [
      precompiledName(precompiledKey('plain', projectSchemas()[0].schema)),
      precompiledName(precompiledKey('plain', projectSchemas()[1].schema)),
      precompiledName(metaSchemaKey('2020-12')),
    ].sort();
    for (const name of expected) expect(onDisk).toContain(name);
    expect(JSON.parse(out)).toEqual(expected);
  });
});

