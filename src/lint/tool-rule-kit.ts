/**
 * What tool rules share: the rule type and its context (tunable limits from the lint config), and
 * small walkers over a tool's input schema and its text, so each rule file stays a pure check.
 */
import { stripVTControlCharacters } from 'node:util';
import type { LintRule, RawFinding } from './framework.ts';
import type { JsonSchema, ToolDefinition } from '../types.ts';

export interface ToolLintSettings {
  /** A set with more tools than this is a finding (toolset-size). */
  maxTools: number;
  /** Estimated tokens the definitions may cost before toolset-token-cost fires. */
  tokenBudget: number;
  /** Cosine similarity of description terms at or above which two tools overlap (toolset-overlap). */
  overlapThreshold: number;
  /** Description length bounds in characters (description-length). */
  descriptionMin: number;
  descriptionMax: number;
}

export const DEFAULT_TOOL_LINT_SETTINGS: ToolLintSettings = {
  maxTools: 20,
  tokenBudget: 6000,
  overlapThreshold: 0.6,
  descriptionMin: 50,
  descriptionMax: 1024,
};

export interface ToolLintContext {
  settings: ToolLintSettings;
}

export type ToolRule = LintRule<ToolDefinition, ToolLintContext>;

/** Runs a per-tool check over every tool, filling in the target. */
export function perTool(tools: readonly ToolDefinition[], check: (tool: ToolDefinition) => Array<Omit<RawFinding, 'target'>>): RawFinding[] {
  return tools.flatMap((tool) => check(tool).map((f) => ({ target: tool.name, ...f })));
}

/** `$.inputSchema.properties` + `.name`, quoting names that are not identifiers. */
export function childPath(base: string, key: string): string {
  return /^[A-Za-z_$][\w$]*$/.test(key) ? `${base}.${key}` : `${base}[${JSON.stringify(key)}]`;
}

export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export interface PropertyRef {
  name: string;
  schema: JsonSchema;
  /** JSON path of the property schema. */
  path: string;
  /** JSON path of the object schema that holds it. */
  parentPath: string;
  parent: JsonSchema;
  /** True for the tool's own top-level parameters. */
  topLevel: boolean;
}

/** Every property schema under an object schema, nested objects and array items included. */
export function allProperties(schema: unknown, path = '$.inputSchema', topLevel = true): PropertyRef[] {
  if (!isObject(schema)) return [];
  const out: PropertyRef[] = [];
  const props = schema.properties;
  if (isObject(props)) {
    for (const [name, child] of Object.entries(props)) {
      const childSchema = isObject(child) ? child : {};
      const at = childPath(`${path}.properties`, name);
      out.push({ name, schema: childSchema, path: at, parentPath: path, parent: schema, topLevel });
      out.push(...allProperties(childSchema, at, false));
    }
  }
  if (isObject(schema.items)) out.push(...allProperties(schema.items, `${path}.items`, false));
  return out;
}

/** The tool's own parameters. */
export function topProperties(tool: ToolDefinition): PropertyRef[] {
  return allProperties(tool.inputSchema).filter((p) => p.topLevel);
}

export function requiredOf(schema: JsonSchema): string[] {
  return Array.isArray(schema.required) ? schema.required.filter((r): r is string => typeof r === 'string') : [];
}

/** The JSON types a schema allows (`type` as a string or a list). */
export function typesOf(schema: JsonSchema): string[] {
  if (typeof schema.type === 'string') return [schema.type];
  return Array.isArray(schema.type) ? schema.type.filter((t): t is string => typeof t === 'string') : [];
}

/** A string the model may fill with anything: no enum, const, pattern or format narrows it. */
export function isFreeString(schema: JsonSchema): boolean {
  const types = typesOf(schema);
  return types.includes('string') && !types.some((t) => t !== 'string' && t !== 'null') && schema.enum === undefined && schema.const === undefined && schema.pattern === undefined && schema.format === undefined;
}

export interface TextField {
  path: string;
  text: string;
}

/** Every piece of text the model reads: name, title, description, and each property's description, title and enum strings. */
export function textFields(tool: ToolDefinition): TextField[] {
  const out: TextField[] = [{ path: '$.name', text: tool.name }];
  if (typeof tool.title === 'string') out.push({ path: '$.title', text: tool.title });
  if (typeof tool.description === 'string') out.push({ path: '$.description', text: tool.description });
  if (typeof tool.annotations?.title === 'string') out.push({ path: '$.annotations.title', text: tool.annotations.title });
  for (const prop of allProperties(tool.inputSchema)) {
    out.push({ path: `${prop.path}#name`, text: prop.name });
    for (const key of ['description', 'title'] as const) {
      const value = prop.schema[key];
      if (typeof value === 'string') out.push({ path: `${prop.path}.${key}`, text: value });
    }
    if (Array.isArray(prop.schema.enum)) {
      prop.schema.enum.forEach((v, i) => {
        if (typeof v === 'string') out.push({ path: `${prop.path}.enum[${i}]`, text: v });
      });
    }
  }
  return out;
}

/** Instruction-bearing text only: descriptions and titles (not names or enum values). */
export function proseFields(tool: ToolDefinition): TextField[] {
  // As a reader sees it: escape sequences gone, so "\x1b[8mIgnore previous instructions" is read as words
  // (hidden-unicode reports the sequences themselves, on the raw text).
  return textFields(tool)
    .filter((f) => !f.path.endsWith('#name') && !f.path.includes('.enum[') && f.path !== '$.name')
    .map((f) => ({ ...f, text: stripVTControlCharacters(f.text) }));
}

/** Words of an identifier: snake_case, kebab-case, camelCase and dotted names split, lowercase. */
export function nameWords(name: string): string[] {
  const spaced = name.replace(/([a-z0-9])([A-Z])/g, '$1 $2').replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2').toLowerCase();
  return spaced.match(/[a-z0-9]+/g) ?? [];
}

/** Sentences of a description, for rules that look for a clause. */
export function sentences(text: string): string[] {
  return text.split(/(?<=[.!?])\s+|\n+/).map((s) => s.trim()).filter(Boolean);
}
