import { describe, expect, it } from 'vitest';
import { entityKey, extractEntities } from '../../src/analysis/entities/extract-entities.js';

const names = (text: string, type: string) =>
  extractEntities(text)
    .filter((e) => e.entityType === type)
    .map((e) => e.name)
    .sort();

describe('extractEntities', () => {
  const text = 'Ann Lee from Acme Corp met Bob Smith in Berlin on Tuesday. Google and Microsoft announced a deal. Mail ann@acme.com or see https://acme.com/deal. #launch';

  it('finds people, organizations and places', () => {
    expect(names(text, 'person')).toEqual(['Ann Lee', 'Bob Smith']);
    expect(names(text, 'organization')).toEqual(expect.arrayContaining(['Acme Corp', 'Google', 'Microsoft']));
    expect(names(text, 'place')).toEqual(['Berlin']);
  });

  it('finds emails, URLs and hashtags by rule', () => {
    expect(names(text, 'email')).toEqual(['ann@acme.com']);
    expect(names(text, 'url')).toEqual(['https://acme.com/deal']);
    expect(names(text, 'hashtag')).toEqual(['#launch']);
  });

  it('deduplicates by type and a normalised key (case, honorifics, punctuation)', () => {
    const e = extractEntities('Dr. Jane Goodall spoke. Later, Jane Goodall answered questions in Paris, France.');
    expect(e.filter((x) => x.entityType === 'person')).toHaveLength(1);
    expect(e.filter((x) => x.entityType === 'place').map((x) => x.key).sort()).toEqual(['france', 'paris']);
    expect(entityKey('Dr. Jane Goodall')).toBe(entityKey('jane goodall'));
  });

  it('returns nothing for text without entities and survives hostile input', () => {
    expect(extractEntities('the cat sat on the mat')).toEqual([]);
    expect(() => extractEntities('\u0000'.repeat(1000) + '🙂'.repeat(1000) + 'a'.repeat(100_000))).not.toThrow();
  });
});
