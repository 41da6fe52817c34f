import { describe, expect, it } from 'vitest';
import { parseOccurredAt } from '../../src/core/entries/occurred-at.js';
import { BadRequest } from '../../src/core/errors.js';

const NOW = Date.parse('2026-06-15T12:00:00Z');

describe('parseOccurredAt', () => {
  it.each([
    ['2024-05-01', Date.parse('2024-05-01T00:00:00Z')],
    ['2024-05-01T10:00:00Z', Date.parse('2024-05-01T10:00:00Z')],
    ['2024-05-01T10:00:00.123Z', Date.parse('2024-05-01T10:00:00.123Z')],
    ['2024-05-01T10:00+02:00', Date.parse('2024-05-01T08:00:00Z')],
    ['2024-05-01T10:00', Date.parse('2024-05-01T10:00:00Z')],
    ['2024-02-29', Date.parse('2024-02-29T00:00:00Z')],
  ])('accepts %s', (input, expected) => {
    expect(parseOccurredAt(input, NOW)).toBe(expected);
  });

  it.each(['yesterday', '2024-13-01', '2024-02-30', '2023-02-29', '2024-05-01T25:00', '2024-5-1', '', '1714557600000', '2024-05-01T10:00:00ZZ'])(
    'refuses malformed %j with a 400',
    (input) => {
      expect(() => parseOccurredAt(input, NOW)).toThrow(BadRequest);
    },
  );

  it('refuses dates in the future but tolerates a minute of skew', () => {
    expect(() => parseOccurredAt('2026-06-15T12:05:00Z', NOW)).toThrow(/future/);
    expect(parseOccurredAt('2026-06-15T12:00:30Z', NOW)).toBe(NOW + 30_000);
  });
});
