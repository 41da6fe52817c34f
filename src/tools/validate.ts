import type { z } from 'zod';
import { BadRequest } from '../core/errors.js';

/** Parses tool input with its schema; every problem is named with its field in one 400 message. */
export function parseToolInput<S extends z.ZodType>(toolName: string, schema: S, input: unknown): z.infer<S> {
  if (input === null || typeof input !== 'object' || Array.isArray(input)) {
    throw new BadRequest(`${toolName} expects a JSON object of parameters`);
  }
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues.map((i) => {
    const field = i.path.length ? i.path.join('.') : 'input';
    const missing = i.path.length === 1 && (input as Record<string, unknown>)[String(i.path[0])] === undefined;
    return missing ? `${field} is required` : `${field}: ${i.message}`;
  });
  throw new BadRequest(`Invalid parameters for ${toolName}: ${problems.join('; ')}`, { issues: parsed.error.issues });
}
