/**
 * What tool rules share: the rule type and its context (tunable limits from the lint config), and
 * small walkers over a tool's input schema and its text, so each rule file stays a pure check.
 */
import { stripVTControlCharacters } from 'node:util';
import type { LintRule, RawFinding } from './framework.ts';
import type { JsonSchema, ToolDefinition } from '../types.ts';
import { remembered } from './tool-walks.ts';

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
  /** The conventions read literally (the `conventions` profile): every rule over every schema, no calibration. */
  literal?: boolean;
}

/** The schemas a style rule looks at: `plain` when calibrated, every one when the conventions are read literally. */
export const styleGiven = (context: ToolLintContext | undefined): Given => (context?.literal ? 'all' : 'plain');

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

/** One schema of a tool's inputSchema, as the schema walker reaches it. */
export interface SchemaNode {
  schema: JsonSchema;
  /** JSON path of this schema. */
  path: string;
  /**
   * JSON path of the schema whose instance this one also describes: itself, or for a branch of
   * anyOf / oneOf / allOf / if-then-else the schema that holds the branch (so a branch's `required`
   * may name a property the object declares beside it).
   */
  level: string;
  /** True at the tool's own argument object: the root, or a combinator branch of it. */
  root: boolean;
  /** Reached through `properties` and single `items` only (no branch, $defs or additionalProperties). */
  plain: boolean;
}

/**
 * Which schemas a rule looks at (Spectral's `given`): `all` (the default) every schema the walker
 * reaches; `plain` only those reached through `properties` and `items`, for style rules calibrated on
 * real servers where a branch's nested object is a marker or a generator's detail (the `conventions`
 * profile reads every rule over `all`).
 */
export type Given = 'all' | 'plain';

/** The path of a tool's inputSchema: walks from there are remembered for the run (tool-walks.ts). */
const ROOT = '$.inputSchema';
const BRANCHES = ['anyOf', 'oneOf', 'allOf'] as const;
const CONDITIONAL = ['if', 'then', 'else'] as const;
const NAME_MAPS = ['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas'] as const;

/**
 * Every schema under a tool's inputSchema, once each, in document order: property and
 * patternProperties schemas, `items` (one schema or a tuple), `additionalProperties`, the branches of
 * `anyOf` / `oneOf` / `allOf` and `if` / `then` / `else`, and `$defs` / `definitions`. The one walker
 * every schema rule reads, so what a rule sees inside combinators is the kit's property, not the rule's.
 * `$ref` is not followed: its target is walked where it is defined.
 */
export function schemaNodes(schema: unknown, path = ROOT): readonly SchemaNode[] {
  return path === ROOT && isObject(schema) ? remembered('nodes', schema, walkRoot) : walkSchema(schema, path);
}

const walkRoot = (schema: object): SchemaNode[] => walkSchema(schema, ROOT);

function walkSchema(schema: unknown, path: string): SchemaNode[] {
  const out: SchemaNode[] = [];
  const visit = (node: unknown, at: string, level: string, root: boolean, plain: boolean, depth: number): void => {
    if (!isObject(node) || depth > 64) return;
    out.push({ schema: node, path: at, level, root, plain });
    for (const key of NAME_MAPS) {
      const map = node[key];
      if (!isObject(map)) continue;
      for (const [name, child] of Object.entries(map)) {
        const childAt = childPath(childPath(at, key), name);
        visit(child, childAt, childAt, false, plain && key === 'properties', depth + 1);
      }
    }
    if (Array.isArray(node.items)) node.items.forEach((item, i) => visit(item, `${at}.items[${i}]`, `${at}.items[${i}]`, false, false, depth + 1));
    else visit(node.items, `${at}.items`, `${at}.items`, false, plain, depth + 1);
    visit(node.additionalProperties, `${at}.additionalProperties`, `${at}.additionalProperties`, false, false, depth + 1);
    for (const key of BRANCHES) {
      const list = node[key];
      if (Array.isArray(list)) list.forEach((branch, i) => visit(branch, `${at}.${key}[${i}]`, level, root, false, depth + 1));
    }
    for (const key of CONDITIONAL) visit(node[key], `${at}.${key}`, level, root, false, depth + 1);
  };
  visit(schema, path, path, true, true, 0);
  return out;
}

/** Every property schema under an object schema (nested objects, items, combinator branches, $defs included). */
export function allProperties(schema: unknown, given: Given = 'all', path = ROOT): readonly PropertyRef[] {
  if (path !== ROOT || !isObject(schema)) return propertiesOf(schema, given, path);
  return given === 'all' ? remembered('properties all', schema, allAtRoot) : remembered('properties plain', schema, plainAtRoot);
}

const allAtRoot = (schema: object): PropertyRef[] => propertiesOf(schema, 'all', ROOT);
const plainAtRoot = (schema: object): PropertyRef[] => propertiesOf(schema, 'plain', ROOT);

function propertiesOf(schema: unknown, given: Given, path: string): PropertyRef[] {
  const out: PropertyRef[] = [];
  for (const node of schemaNodes(schema, path)) {
    if (given === 'plain' && !node.plain) continue;
    const props = node.schema.properties;
    if (!isObject(props)) continue;
    for (const [name, child] of Object.entries(props)) {
      out.push({ name, schema: isObject(child) ? child : {}, path: childPath(`${node.path}.properties`, name), parentPath: node.path, parent: node.schema, topLevel: node.root });
    }
  }
  return out;
}

/** The property names declared at each level (an object with its combinator branches), by level path. */
export function propertiesByLevel(nodes: readonly SchemaNode[]): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  for (const node of nodes) {
    let names = out.get(node.level);
    if (!names) out.set(node.level, (names = new Set()));
    if (isObject(node.schema.properties)) for (const name of Object.keys(node.schema.properties)) names.add(name);
  }
  return out;
}

/** The tool's own parameters. */
export function topProperties(tool: ToolDefinition): readonly PropertyRef[] {
  return remembered('top', tool, topOf);
}

const topOf = (tool: ToolDefinition): PropertyRef[] => allProperties(tool.inputSchema, 'plain').filter((p) => p.topLevel);

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
export function textFields(tool: ToolDefinition): readonly TextField[] {
  return remembered('text', tool, textOf);
}

function textOf(tool: ToolDefinition): TextField[] {
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
export function proseFields(tool: ToolDefinition): readonly TextField[] {
  return remembered('prose', tool, proseOf);
}

function proseOf(tool: ToolDefinition): TextField[] {
  // As a reader sees it: escape sequences gone, so "\x1b[8mIgnore previous instructions" is read as words
  // (hidden-unicode reports the sequences themselves, on the raw text).
  return textFields(tool)
    .filter((f) => !f.path.endsWith('#name') && !f.path.includes('.enum[') && f.path !== '$.name')
    .map((f) => ({ ...f, text: hasEscape(f.text) ? stripVTControlCharacters(f.text) : f.text }));
}

/** Escape sequences start with ESC or CSI; text without either is returned by stripVTControlCharacters unchanged. */
function hasEscape(text: string): boolean {
  return text.includes('\u001B') || text.includes('\u009B');
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
