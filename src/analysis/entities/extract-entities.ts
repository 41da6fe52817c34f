import nlp from 'compromise';

export type EntityType = 'person' | 'organization' | 'place' | 'email' | 'url' | 'hashtag';

export interface ExtractedEntity {
  /** Display name, as first seen. */
  name: string;
  entityType: EntityType;
  /** Identity within its type: case-, punctuation- and honorific-insensitive. */
  key: string;
}

/** Long texts are sampled from the start: entity extraction is per chunk, and chunks are short. */
const MAX_TEXT = 20_000;
const HONORIFICS = /^(?:dr|mr|mrs|ms|prof|sir|dame|st)\.?\s+/i;
const EMAIL = /\b[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}\b/g;
const URL_RE = /\bhttps?:\/\/[^\s<>"')\]]+/g;
const HASHTAG = /(?:^|\s)#([A-Za-z][\w-]{1,50})\b/g;

function clean(name: string): string {
  return name
    .replace(/[\s]+/g, ' ')
    .replace(/^[^\p{L}\p{N}#]+|[^\p{L}\p{N}.]+$/gu, '')
    .replace(/\.$/, '')
    .replace(/'s$/i, '')
    .trim();
}

export function entityKey(name: string): string {
  return clean(name).replace(HONORIFICS, '').toLowerCase().replace(/[^\p{L}\p{N}@.:/# -]/gu, '').replace(/\s+/g, ' ').trim();
}

/**
 * Named entities in a text: people, organizations and places from compromise's English tagger, plus
 * rule-based emails, URLs and hashtags. Deduplicated by type and key.
 */
export function extractEntities(text: string): ExtractedEntity[] {
  const sample = text.length > MAX_TEXT ? text.slice(0, MAX_TEXT) : text;
  const found = new Map<string, ExtractedEntity>();
  const add = (raw: string, entityType: EntityType) => {
    const name = clean(raw);
    const key = entityKey(name);
    if (key.length < 2 || key.length > 120) return;
    const id = `${entityType}:${key}`;
    if (!found.has(id)) found.set(id, { name, entityType, key });
  };

  // Rule-based kinds first, and masked out so the tagger does not read them as names.
  let masked = sample;
  for (const m of sample.matchAll(EMAIL)) add(m[0], 'email');
  for (const m of sample.matchAll(URL_RE)) add(m[0].replace(/[.,;:]+$/, ''), 'url');
  for (const m of sample.matchAll(HASHTAG)) add(`#${m[1]}`, 'hashtag');
  masked = masked.replace(EMAIL, ' ').replace(URL_RE, ' ');

  const doc = nlp(masked);
  for (const p of doc.people().out('array') as string[]) add(p, 'person');
  for (const o of doc.organizations().out('array') as string[]) add(o, 'organization');
  for (const place of doc.places().out('array') as string[]) {
    // "Paris, France" names two places.
    for (const part of place.split(/,\s*/)) add(part, 'place');
  }
  return [...found.values()];
}
