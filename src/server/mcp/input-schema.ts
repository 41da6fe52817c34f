import { z } from 'zod';

type JsonSchemaObject = { type: 'object'; properties?: Record<string, object>; required?: string[]; [k: string]: unknown };

const cache = new WeakMap<z.ZodType, JsonSchemaObject>();

/**
 * A tool's MCP `inputSchema`, derived from its zod definition (the one source of truth for REST
 * validation, CLI flags and MCP). Input mode: optional fields are not required, and unknown fields are
 * not forbidden because the zod objects strip them rather than refuse them.
 */
export function mcpInputSchema(schema: z.ZodType): JsonSchemaObject {
  let out = cache.get(schema);
  if (!out) {
    const { $schema: _ignored, ...json } = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>;
    out = { ...json, type: 'object' } as JsonSchemaObject;
    cache.set(schema, out);
  }
  return out;
}
