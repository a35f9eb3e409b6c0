/**
 * Arguments that break a tool's own schema: all required ones left out, and one property given a
 * value of the wrong type inside an otherwise valid call (the smallest one the schema accepts,
 * bench's synthesizeArgs), so a refusal can only be about that property. Every plan is checked with ajv before it is returned: a plan
 * whose arguments would pass the schema is dropped, so the probe never makes a real call.
 */
import { synthesizeArgs } from '../bench/synthesize-args.ts';
import { checkArguments } from '../scoring/schema-check.ts';
import type { JsonSchema, ToolDefinition } from '../types.ts';

export interface ArgumentPlan {
  kind: 'missing-required' | 'wrong-type';
  arguments: Record<string, unknown>;
  property?: string;
  /**
   * wrong-type: every other argument is a valid one (from a call the schema accepts), so a refusal is
   * about `property`; false when no valid call could be built and some required one is left out.
   */
  othersValid?: boolean;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function firstType(schema: JsonSchema): string | undefined {
  if (typeof schema.type === 'string') return schema.type;
  if (Array.isArray(schema.type)) return schema.type.find((t): t is string => typeof t === 'string' && t !== 'null');
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return typeof schema.enum[0] === 'string' ? 'string' : undefined;
  return undefined;
}

/** A value of a different JSON type than the property wants. */
export function wrongValue(type: string): unknown {
  switch (type) {
    case 'string':
      return 12345;
    case 'integer':
    case 'number':
      return 'not a number';
    case 'boolean':
      return 'not a boolean';
    case 'array':
      return 'not an array';
    case 'object':
      return 'not an object';
    default:
      return { unexpected: true };
  }
}

/** An obviously valid value, or undefined when none is obvious (patterns, formats, nested requirements). */
export function sampleValue(schema: JsonSchema): unknown {
  if ('default' in schema) return schema.default;
  if ('const' in schema) return schema.const;
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return schema.enum[0];
  const type = firstType(schema);
  if (type === 'string') {
    if (schema.pattern !== undefined || schema.format !== undefined) return undefined;
    const min = typeof schema.minLength === 'number' ? schema.minLength : 1;
    return 'x'.repeat(Math.max(min, 1));
  }
  if (type === 'integer' || type === 'number') return typeof schema.minimum === 'number' ? schema.minimum : 1;
  if (type === 'boolean') return false;
  if (type === 'array') {
    const min = typeof schema.minItems === 'number' ? schema.minItems : 0;
    if (min === 0) return [];
    const item = isRecord(schema.items) ? sampleValue(schema.items) : undefined;
    return item === undefined ? undefined : Array.from({ length: min }, () => item);
  }
  if (type === 'object') return Array.isArray(schema.required) && schema.required.length > 0 ? undefined : {};
  return undefined;
}

export function planBadArguments(tool: ToolDefinition): ArgumentPlan[] {
  const schema = tool.inputSchema;
  const props = isRecord(schema.properties) ? (schema.properties as Record<string, JsonSchema>) : {};
  const required = Array.isArray(schema.required) ? schema.required.filter((r): r is string => typeof r === 'string') : [];
  const plans: ArgumentPlan[] = [];
  if (required.length > 0) plans.push({ kind: 'missing-required', arguments: {}, property: required[0] });
  const typed = Object.entries(props).filter(([, s]) => isRecord(s) && firstType(s) !== undefined);
  const target = typed.find(([name]) => required.includes(name)) ?? typed[0];
  if (target) {
    const [name, propSchema] = target;
    const bad = wrongValue(firstType(propSchema)!);
    // A whole valid call with only the target broken, so the verdict is about the target alone.
    const valid = synthesizeArgs(schema);
    if (valid) {
      plans.push({ kind: 'wrong-type', arguments: { ...valid, [name]: bad }, property: name, othersValid: true });
    } else {
      const args: Record<string, unknown> = { [name]: bad };
      let complete = true;
      for (const other of required) {
        if (other === name || !isRecord(props[other])) continue;
        const value = sampleValue(props[other]);
        if (value !== undefined) args[other] = value;
        else complete = false;
      }
      plans.push({ kind: 'wrong-type', arguments: args, property: name, othersValid: complete });
    }
  }
  // The guarantee: nothing that validates is ever sent.
  return plans.filter((plan) => !checkArguments(schema, plan.arguments).valid);
}
