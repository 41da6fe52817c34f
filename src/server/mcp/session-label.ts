import { BadRequest } from '../../core/errors.js';

// A label that fits `agent:<session>` and reads well in a source: letters, digits, `.`, `_`, `-`.
const SESSION = /^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/;

/** Checks an MCP session label (`?session=` on the endpoint, `svc mcp --session`); absent stays absent. */
export function parseSessionLabel(raw: string | null | undefined): string | undefined {
  if (raw === null || raw === undefined || raw === '') return undefined;
  if (!SESSION.test(raw)) {
    throw new BadRequest('session must be 1-100 characters of letters, digits, ".", "_" or "-", starting with a letter or digit');
  }
  return raw;
}
