import { describe, expect, it } from 'vitest';
import { contentHash } from '../../src/analysis/content-hash.js';
import { inferContentType } from '../../src/core/entries/content-type.js';
import { validateObjectName } from '../../src/core/entries/object-name.js';
import { BadRequest } from '../../src/core/errors.js';
import { searchableText } from '../../src/store/sqlite/searchable-text.js';

describe('contentHash', () => {
  it('treats whitespace differences as the same content', () => {
    expect(contentHash('a  b\n\tc ')).toBe(contentHash(' a b c'));
    expect(contentHash('a b c')).not.toBe(contentHash('a bc'));
  });
  it('hashes objects independently of key order', () => {
    expect(contentHash({ a: 1, b: { c: 2, d: [1, 2] } })).toBe(contentHash({ b: { d: [1, 2], c: 2 }, a: 1 }));
    expect(contentHash({ a: 1 })).not.toBe(contentHash({ a: '1' }));
  });
});

describe('inferContentType', () => {
  it.each([
    ['plain words here', 'text'],
    ['# Title\n\nbody', 'markdown'],
    ['- one\n- two', 'markdown'],
    ['see [docs](https://x.y)', 'markdown'],
    ['```js\ncode\n```', 'markdown'],
    ['price is 5 * 3', 'text'],
  ])('%j → %s', (input, expected) => {
    expect(inferContentType(input)).toBe(expected);
  });
  it('objects are structured', () => {
    expect(inferContentType({ a: 1 })).toBe('structured');
  });
});

describe('validateObjectName', () => {
  it.each(['contact', 'Contact_2', 'a'])('accepts %s', (n) => expect(() => validateObjectName(n)).not.toThrow());
  it.each(['2fast', '_x', 'has-dash', 'sp ace', 'entries', 'Fields', 'RELATIONSHIPS', '', 'é', 'a'.repeat(65)])('refuses %j', (n) => {
    expect(() => validateObjectName(n)).toThrow(BadRequest);
  });
});

describe('searchableText', () => {
  it('flattens structured content into key/value text', () => {
    expect(searchableText({ name: 'Ann', tags: ['x', 'y'], nested: { city: 'Oslo' }, n: null })).toBe('name Ann\ntags x\ntags y\ncity Oslo');
  });
});
