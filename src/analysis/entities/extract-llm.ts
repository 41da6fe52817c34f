import type { Generator } from '../../ai/types.js';
import { firstJson } from '../llm-json.js';
import { entityKey, extractEntities, type EntityType, type ExtractedEntity } from './extract-entities.js';

const MODEL_TYPES = new Set(['person', 'organization', 'place']);
const RULE_TYPES = new Set<EntityType>(['email', 'url', 'hashtag']);

export function entityPrompt(text: string): string {
  return `List the named people, organizations and places in the text.
Answer only with a JSON array of objects {"name": "<as written>", "type": "person" | "organization" | "place"}; [] when there are none.
Text: ${text.slice(0, 6000)}`;
}

/**
 * Entities from a configured LLM (people, organizations, places) plus the rule-based kinds (emails, URLs,
 * hashtags), which rules find exactly. An unreadable answer falls back to the offline tagger.
 */
export function llmEntityExtractor(generator: Generator): (text: string) => Promise<ExtractedEntity[]> {
  return async (text) => {
    const offline = extractEntities(text);
    try {
      const listed = firstJson(await generator.generate(entityPrompt(text), { maxTokens: 400 }));
      if (!Array.isArray(listed)) throw new Error('not a list');
      const found = new Map<string, ExtractedEntity>();
      for (const e of offline.filter((x) => RULE_TYPES.has(x.entityType))) found.set(`${e.entityType}:${e.key}`, e);
      for (const item of listed as Array<{ name?: unknown; type?: unknown }>) {
        if (typeof item?.name !== 'string' || typeof item.type !== 'string' || !MODEL_TYPES.has(item.type)) continue;
        const name = item.name.trim().slice(0, 120);
        const key = entityKey(name);
        if (key.length < 2) continue;
        const entityType = item.type as EntityType;
        if (!found.has(`${entityType}:${key}`)) found.set(`${entityType}:${key}`, { name, entityType, key });
      }
      return [...found.values()];
    } catch {
      return offline;
    }
  };
}
