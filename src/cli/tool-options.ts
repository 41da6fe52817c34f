import { z } from 'zod';
import type { ToolDefinition } from '../tools/definition.js';

export type FieldKind = 'string' | 'number' | 'boolean' | 'string[]' | 'object' | 'string|object' | 'string|string[]';

export interface FieldSpec {
  name: string;
  kind: FieldKind;
  required: boolean;
  description: string;
  choices?: string[];
  /** The command-line flag (without dashes). */
  flag: string;
}

type JsonSchema = { type?: string | string[]; anyOf?: JsonSchema[]; items?: JsonSchema; enum?: unknown[]; description?: string; properties?: Record<string, JsonSchema>; required?: string[] };

function kindOf(s: JsonSchema): FieldKind {
  if (s.anyOf) {
    const kinds = s.anyOf.map(kindOf);
    if (kinds.includes('string') && kinds.includes('object')) return 'string|object';
    if (kinds.includes('string') && kinds.includes('string[]')) return 'string|string[]';
    return kinds[0] ?? 'string';
  }
  switch (s.type) {
    case 'number':
    case 'integer':
      return 'number';
    case 'boolean':
      return 'boolean';
    case 'array':
      return 'string[]';
    case 'object':
      return 'object';
    default:
      return 'string';
  }
}

const kebab = (s: string) => s.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

/** The tool's input fields as the CLI sees them, read from the same zod schema REST and MCP validate with. */
export function toolFields(tool: ToolDefinition<any, any>): FieldSpec[] {
  const schema = z.toJSONSchema(tool.input, { io: 'input' }) as JsonSchema;
  const required = new Set(schema.required ?? []);
  return Object.entries(schema.properties ?? {}).map(([name, s]) => ({
    name,
    kind: kindOf(s),
    required: required.has(name),
    description: s.description ?? '',
    choices: Array.isArray(s.enum) ? (s.enum as string[]) : undefined,
    flag: kebab(tool.cli?.flags?.[name] ?? name),
  }));
}

/** `k=v` pairs into an object; values that read as JSON (numbers, booleans, quoted) keep their type. */
export function parseKeyValues(pairs: string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const pair of pairs) {
    const eq = pair.indexOf('=');
    if (eq <= 0) throw new Error(`Expected key=value, got "${pair}"`);
    const raw = pair.slice(eq + 1);
    let value: unknown = raw;
    try {
      value = JSON.parse(raw);
    } catch {
      value = raw;
    }
    out[pair.slice(0, eq)] = value;
  }
  return out;
}
