import { analysedIds } from './analysed-ids.js';
import { JobKind } from '../job-kinds.js';
import { searchableText } from '../../store/sqlite/searchable-text.js';
import type { EntryRecord } from '../../store/types.js';
import type { AnalysisStage } from './stage.js';

/** The text a vector stands for: a chunk's section heading is part of its meaning. */
export function embeddingText(e: EntryRecord): string {
  const text = searchableText(e.content);
  const header = typeof e.properties.sectionHeader === 'string' ? e.properties.sectionHeader : null;
  return header && !text.includes(header) ? `${header}\n${text}` : text;
}

/**
 * Embeds the searchable rows an entry stands for — its chunks, or itself when short — in one batch. An
 * instance of content that is already embedded reuses that vector instead of running the model again.
 */
export const embedStage: AnalysisStage = {
  name: 'embed',
  async run({ entry, env, ai, chunks }) {
    const index = env.entries.vectors;
    if (await index.prepare(ai.embedder.id, ai.embedder.dimension)) {
      // A different embedder made the old vectors meaningless: every searchable row is embedded again.
      await env.entries.requeueAnalysis(await analysedIds(env.entries), JobKind.analyzeEntry);
    }
    // A composite is searched through its chunks; only they get vectors.
    const targets = chunks.length > 0 ? chunks : [entry];
    if (targets.length === 1 && targets[0] === entry && entry.kind === 'entry') {
      const twins = (await env.entries.findByContentHash(entry.contentHash)).filter((t) => t.id !== entry.id && t.kind === entry.kind);
      const known = await index.get(twins.map((t) => t.id));
      const reuse = known.values().next().value;
      if (reuse) {
        await index.upsert([{ entryId: entry.id, vector: reuse }]);
        return;
      }
    }
    const vectors = await ai.embedder.embed(targets.map(embeddingText));
    await index.upsert(targets.map((t, i) => ({ entryId: t.id, vector: vectors[i]! })));
    const now = env.now();
    for (const c of chunks) await env.entries.markAnalyzed(c.id, now);
  },
};
