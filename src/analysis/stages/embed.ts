import { analysedIds } from './analysed-ids.js';
import { JobKind } from '../job-kinds.js';
import { searchableText } from '../../store/sqlite/searchable-text.js';
import type { ContainerStore, EntryRecord } from '../../store/types.js';
import { DEFAULT_CHUNKING } from '../chunking/chunk-text.js';
import type { AnalysisStage } from './stage.js';

/** The text a vector stands for: a chunk's section heading is part of its meaning. */
export function embeddingText(e: EntryRecord): string {
  const text = searchableText(e.content);
  const header = typeof e.properties.sectionHeader === 'string' ? e.properties.sectionHeader : null;
  return header && !text.includes(header) ? `${header}\n${text}` : text;
}

/** The model embeds a batch several times faster per text than single texts. */
const NEIGHBOUR_BATCH = 31;

/**
 * Short entries queued for analysis after this one and not embedded yet: they ride along in this job's
 * batch, and their own jobs then find their vectors in place. Long entries are left to their own jobs,
 * which chunk them first.
 */
async function queuedShortEntries(entries: ContainerStore, self: string): Promise<EntryRecord[]> {
  const ids = (await entries.listSearchableIds(false, NEIGHBOUR_BATCH * 2)).filter((id) => id !== self);
  const candidates = (await entries.getEntries(ids)).filter(
    (e) => e.kind === 'entry' && e.totalChunks === null && (typeof e.content !== 'string' || e.content.length <= DEFAULT_CHUNKING.maxSingle),
  );
  const have = await entries.vectors.get(candidates.map((e) => e.id));
  return candidates.filter((e) => !have.has(e.id)).slice(0, NEIGHBOUR_BATCH);
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
    let targets = chunks.length > 0 ? chunks : [entry];
    if (chunks.length === 0 && entry.kind === 'entry') {
      if ((await index.get([entry.id])).size > 0) return; // embedded in a neighbour's batch
      const twins = (await env.entries.findByContentHash(entry.contentHash)).filter((t) => t.id !== entry.id && t.kind === entry.kind);
      const reuse = (await index.get(twins.map((t) => t.id))).values().next().value;
      if (reuse) {
        await index.upsert([{ entryId: entry.id, vector: reuse }]);
        return;
      }
      targets = [entry, ...(await queuedShortEntries(env.entries, entry.id))];
    }
    const vectors = await ai.embedder.embed(targets.map(embeddingText));
    await index.upsert(targets.map((t, i) => ({ entryId: t.id, vector: vectors[i]! })));
    await env.entries.markAnalyzedMany(chunks.map((c) => c.id), env.now());
  },
};
