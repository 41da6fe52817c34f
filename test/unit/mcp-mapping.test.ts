import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { BadRequest, CredentialError, InsufficientCredits, NotFound } from '../../src/core/errors.js';
import { mcpInputSchema } from '../../src/server/mcp/input-schema.js';
import { parseSessionLabel } from '../../src/server/mcp/session-label.js';
import { toolFailure, toolSuccess } from '../../src/server/mcp/tool-result.js';
import { TOOLS } from '../../src/tools/registry.js';

describe('MCP input schemas from zod', () => {
  it('gives every registered tool an object schema without $schema, optional fields not required', () => {
    for (const tool of TOOLS) {
      const s = mcpInputSchema(tool.input);
      expect(s.type).toBe('object');
      expect(s).not.toHaveProperty('$schema');
    }
    const s = mcpInputSchema(z.object({ a: z.string().describe('A'), b: z.number().optional() }));
    expect(s.required).toEqual(['a']);
    expect(s.properties).toEqual({ a: { type: 'string', description: 'A' }, b: { type: 'number' } });
    // Unknown fields are stripped by the zod objects, not refused: the schema must not forbid them.
    expect(s.additionalProperties).not.toBe(false);
  });
});

describe('MCP tool results', () => {
  it('carries data as JSON text, and objects as structuredContent too', () => {
    expect(toolSuccess({ a: 1 })).toEqual({ content: [{ type: 'text', text: '{"a":1}' }], structuredContent: { a: 1 } });
    expect(toolSuccess([1, 2])).toEqual({ content: [{ type: 'text', text: '[1,2]' }] });
  });

  it.each([
    [new BadRequest('entryId is required'), 'BAD_REQUEST', 'entryId is required'],
    [new NotFound('Tool svc_x not found'), 'NOT_FOUND', 'Tool svc_x not found'],
    [new InsufficientCredits('no credits'), 'INSUFFICIENT_CREDITS', 'no credits'],
    [new CredentialError(401, 'invalid_token', 'bad key'), 'UNAUTHORIZED', 'bad key'],
    [new CredentialError(403, 'forbidden', 'API key is scoped to a different container'), 'FORBIDDEN', 'API key is scoped to a different container'],
    [new Error('secret internals'), 'INTERNAL_ERROR', 'Internal server error'],
  ])('maps %s to an isError result with code and message', (err, code, message) => {
    const r = toolFailure(err);
    expect(r.isError).toBe(true);
    expect(JSON.parse((r.content[0] as { text: string }).text)).toEqual({ code, message });
    expect(r.structuredContent).toEqual({ code, message });
  });
});

describe('session labels', () => {
  it('accepts plain labels and treats empty as absent', () => {
    expect(parseSessionLabel('planner-7')).toBe('planner-7');
    expect(parseSessionLabel('a.b_c')).toBe('a.b_c');
    expect(parseSessionLabel('')).toBeUndefined();
    expect(parseSessionLabel(null)).toBeUndefined();
  });
  it.each(['has space', '-leading', 'x'.repeat(101), 'colon:inside', 'ünïcode'])('refuses %j with BAD_REQUEST', (label) => {
    expect(() => parseSessionLabel(label)).toThrow(BadRequest);
  });
});
